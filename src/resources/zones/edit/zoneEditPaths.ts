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
