/** The zone screens' URLs (spec section 2), built in one place so links never spell them by hand. */
import type { Identifier } from 'react-admin';

const zoneRoot = (zoneId: Identifier) => `/zones/edit/${encodeURIComponent(String(zoneId))}`;

export const zonePaths = {
  list: '/zones',
  create: '/zones/new',
  edit: zoneRoot,
  overview: (zoneId: Identifier) => `${zoneRoot(zoneId)}/overview`,
} as const;
