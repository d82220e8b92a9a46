/**
 * Inside the admin app, fills the portal's I18nContext from react-admin's i18n (same catalogs, polyglot), so
 * components written against useI18n() (public pages, layout, notices) follow react-admin's language.
 */
import { useMemo, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { I18nContextProvider, type PortalI18n } from './I18nContext';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales';

export function AdminI18nBridge({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [locale, setLocaleState] = useLocaleState();
  const value = useMemo<PortalI18n>(
    () => ({
      locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
      locales: LOCALES,
      translate: (key, options) => translate(key, options),
      // react-admin loads the catalog and remounts its tree in the new language; i18nProvider remembers it.
      setLocale: async (next: Locale) => setLocaleState(next),
    }),
    [translate, locale, setLocaleState],
  );
  return <I18nContextProvider value={value}>{children}</I18nContextProvider>;
}
