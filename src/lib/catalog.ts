/**
 * A text catalog's shape with string leaves: the English catalog is the source (`typeof en`), and every other
 * language `satisfies`/is typed by `Catalog<typeof en>`, so a missing or extra key does not compile. Used by the
 * console's catalogs (src/i18n) and the server's texts (the alert e-mails, the frame pages).
 */
export type Catalog<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
