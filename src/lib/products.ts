/**
 * Products (zone services / unit types) and platform types (spec section 3), and the zones-list chip label.
 * Returns no message keys: chip labels are the service names from the API, shortened (spec section 2 'Zones').
 */

export const PRODUCT = {
  inImage: 5,
  inScreen: 12,
  inSlot: 13,
  inContent: 14,
  inVideo: 15,
  video: 16,
} as const;
export type ProductKey = keyof typeof PRODUCT;
export type ProductId = (typeof PRODUCT)[ProductKey];

const PRODUCT_BY_ID = new Map<number, ProductKey>(
  (Object.entries(PRODUCT) as [ProductKey, ProductId][]).map(([key, id]) => [id, key]),
);

export function productKey(id: number): ProductKey | undefined {
  return PRODUCT_BY_ID.get(id);
}

/** Platform (zone) types. */
export const ZONE_TYPE = { website: 1, app: 3 } as const;
export type ZoneTypeKey = keyof typeof ZONE_TYPE;

export function zoneTypeKey(typeId: number): ZoneTypeKey | undefined {
  if (typeId === ZONE_TYPE.website) return 'website';
  if (typeId === ZONE_TYPE.app) return 'app';
  return undefined;
}

/**
 * Products an app zone may enable. The spec only says app zones restrict the products; this mirrors the server's
 * reference data (server/src/db/seed/data/reference.ts allowedForApps): the formats that wrap page content
 * (in-image, in-screen, in-content) are web-only. The server enforces it; the console only hides the others.
 */
export const APP_ZONE_PRODUCTS: readonly ProductId[] = [PRODUCT.inSlot, PRODUCT.inVideo, PRODUCT.video];

export function isProductAllowed(productId: number, zoneTypeId: number): boolean {
  if (zoneTypeId === ZONE_TYPE.app) return (APP_ZONE_PRODUCTS as readonly number[]).includes(productId);
  return productKey(productId) !== undefined;
}

/**
 * 'Native Ads' -> 'In-Content', 'InImage Ads' -> 'InImage': the name is trimmed, one trailing ' Ads'
 * (case-sensitive, as the API writes it) is removed, then the name 'Native' is shown as 'In-Content'.
 */
export function productChipLabel(serviceName: string): string {
  const label = serviceName.trim().replace(/\s+Ads$/, '');
  return label === 'Native' ? 'In-Content' : label;
}
