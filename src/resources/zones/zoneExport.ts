/**
 * The zones list's CSV export: every zone matching the current search (not only the page on screen), fetched
 * through the API in pages of 100 (the contract's largest page), written with the list's columns
 * (id, name, products, slots). Pure apart from the page fetcher it is given; no React.
 *
 * Paging by offset while others may create zones can shift rows between pages: a zone seen twice is kept once.
 */
import { toCsv, type CsvCell } from '../../lib/csv';
import { productChipLabel } from '../../lib/products';
import type { ZoneListRecord } from '../../dataProvider/resources';

export const ZONE_EXPORT_PAGE_SIZE = 100;

type ZoneRow = Pick<ZoneListRecord, 'trackingId' | 'name' | 'services' | 'numberOfSlots'>;

/** How a product reads: the screens pass the user's language (useReferenceLabel); default the spec's chip label. */
export type ProductLabel = (service: { id: number; name: string }) => string;
const chipLabel: ProductLabel = (service) => productChipLabel(service.name);

/** The enabled services as the list's chips name them ('Native Ads' -> 'In-Content'). */
export function enabledProductLabels(zone: Pick<ZoneRow, 'services'>, label: ProductLabel = chipLabel): string[] {
  return zone.services.filter((service) => service.enabled).map((service) => label(service.service));
}

export function zoneCsvRow(zone: ZoneRow, label: ProductLabel = chipLabel): CsvCell[] {
  return [zone.trackingId, zone.name, enabledProductLabels(zone, label).join(', '), zone.numberOfSlots];
}

export interface ZoneCsvHeader {
  id: string;
  name: string;
  products: string;
  slots: string;
}

export function zonesCsv(header: ZoneCsvHeader, zones: readonly ZoneRow[], label: ProductLabel = chipLabel): string {
  return toCsv([header.id, header.name, header.products, header.slots], zones.map((zone) => zoneCsvRow(zone, label)));
}

export interface ExportProgress {
  done: number;
  total: number;
}

/**
 * Asks for pages 1, 2, ... until every match is read (as many as the first answer's total) or a page comes back
 * short; reports progress after each page. The signal stops it between pages.
 */
export async function collectAllZones<Zone extends { trackingId: number }>(
  fetchPage: (page: number, perPage: number) => Promise<{ data: Zone[]; total?: number }>,
  onProgress: (progress: ExportProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<Zone[]> {
  const byId = new Map<number, Zone>();
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; byId.size < total; page += 1) {
    signal?.throwIfAborted();
    const answer = await fetchPage(page, ZONE_EXPORT_PAGE_SIZE);
    if (page === 1) total = answer.total ?? Number.POSITIVE_INFINITY;
    for (const zone of answer.data) if (!byId.has(zone.trackingId)) byId.set(zone.trackingId, zone);
    onProgress({ done: byId.size, total: Number.isFinite(total) ? Math.max(total, byId.size) : byId.size });
    if (answer.data.length < ZONE_EXPORT_PAGE_SIZE) break;
  }
  return [...byId.values()];
}
