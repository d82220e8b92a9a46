/** The zone screens' URLs (spec section 2), built in one place so links never spell them by hand; in the shared layout layer because the change history links to zones too. */
import type { Identifier } from 'react-admin';
import { MAX_ID } from './lib/limits';

const zoneRoot = (zoneId: Identifier) => `/zones/edit/${encodeURIComponent(String(zoneId))}`;

/** The edit screen's tabs, in their order. */
export const ZONE_TABS = ['overview', 'slots', 'blocking', 'history'] as const;
export type ZoneTab = (typeof ZONE_TABS)[number];

export function isZoneTab(value: string | undefined): value is ZoneTab {
  return (ZONE_TABS as readonly (string | undefined)[]).includes(value);
}

/** The edit screen's tabs and the slot request modal over the slots tab. */
export type ZoneEditSubPath = ZoneTab | 'slots/create';

export const zonePaths = {
  list: '/zones',
  create: '/zones/new',
  edit: (zoneId: Identifier, sub?: ZoneEditSubPath) => (sub ? `${zoneRoot(zoneId)}/${sub}` : zoneRoot(zoneId)),
  overview: (zoneId: Identifier) => `${zoneRoot(zoneId)}/overview`,
} as const;

/** The route's zone id as the contract's id, or null when it cannot name a zone ('abc', '0', '007x', too big). */
export function parseZoneId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
