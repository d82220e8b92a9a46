/**
 * Addresses of the zone edit screen's tabs. They follow resources/zones/index.ts zonePaths (the spec's
 * /zones/edit/{zoneId}/*); kept here so the edit screen does not import the resource's view map, which imports
 * this screen.
 */
export const ZONES_LIST_PATH = '/zones';

export type ZoneEditSubPath = 'overview' | 'slots' | 'slots/create' | 'blocking';

export function zoneEditPath(zoneId: number, sub?: ZoneEditSubPath): string {
  const base = `/zones/edit/${zoneId}`;
  return sub ? `${base}/${sub}` : base;
}

/** The contract's Id maximum (int32). */
const MAX_ID = 2_147_483_647;

/** The route's zone id as the contract's id, or null when it cannot name a zone ('abc', '0', '007x', too big). */
export function parseZoneId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
