// The daily series the detection judges (src/lib/revenueAlerts.ts), read from the report rollups of migration 0006:
// one per publisher and one per zone with enough volume, over a window of days ending on the last day with report
// data. Each table is read in one statement answering one text of space-separated numbers: building a JSON value or
// a row per day was most of PGlite's time for the large seed's 640,000 zone-days (1.2 s against 0.4 s).
import type { Queryable } from '../db/db';
import { DETECTION, type DailyFigures, type DailySeries } from '../../../src/lib/revenueAlerts';

export interface PublisherSeries {
  publisherId: number;
  /** Legacy just-premium: alerts for the whole publisher only (its product has no zones, nor history). */
  legacy: boolean;
  series: DailySeries;
  zones: { zoneId: number; series: DailySeries }[];
}

export interface SeriesWindow {
  /** First day of the window (index 0). */
  start: string;
  /** Days in the window; the last one is the last day with report data. */
  days: number;
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last day before `today` (UTC) with report data, or null when there is none. */
export async function latestReportDay(db: Queryable, today: string): Promise<string | null> {
  const row = await db.one<{ day: string | null }>('SELECT max(day) AS day FROM report_publisher_daily WHERE day < $1::date', [today]);
  return row?.day ?? null;
}

/** The figures of each key (a publisher, or a zone with its publisher) by day of the window. */
interface Rows {
  publisherId: number;
  zoneId: number;
  series: (DailyFigures | null)[];
  maxImpressions: number;
}

/** `publisher zone day revenue impressions` five numbers a row, as the statements below write them. */
function parseRows(text: string | null, days: number, perZone: boolean): Map<number, Rows> {
  const rows = new Map<number, Rows>();
  if (!text) return rows;
  const numbers = text.split(' ');
  for (let k = 0; k + 4 < numbers.length; k += 5) {
    const publisherId = Number(numbers[k]);
    const zoneId = Number(numbers[k + 1]);
    const key = perZone ? zoneId : publisherId;
    let entry = rows.get(key);
    if (!entry) rows.set(key, (entry = { publisherId, zoneId, series: new Array<DailyFigures | null>(days).fill(null), maxImpressions: 0 }));
    const impressions = Number(numbers[k + 4]);
    entry.series[Number(numbers[k + 2])] = { revenue: Number(numbers[k + 3]), impressions };
    if (impressions > entry.maxImpressions) entry.maxImpressions = impressions;
  }
  return rows;
}

const ROWS_SQL = (table: string, zone: string) =>
  `SELECT string_agg(r.publisher_id || ' ' || ${zone} || ' ' || (r.day - $1::date) || ' ' || r.revenue || ' ' || r.impressions, ' ') AS text
     FROM ${table} r WHERE r.day BETWEEN $1::date AND $2::date`;

/** Every publisher with report data in the window, with the series of its zones that reach the minimum volume. */
export async function loadSeries(db: Queryable, window: SeriesWindow): Promise<PublisherSeries[]> {
  const end = addDays(window.start, window.days - 1);
  const legacy = new Set(
    (await db.query<{ id: number }>('SELECT p.id FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id WHERE bu.is_legacy_just_premium')).map(
      (row) => row.id,
    ),
  );
  const publishers = parseRows((await db.one<{ text: string | null }>(ROWS_SQL('report_publisher_daily', '0'), [window.start, end]))?.text ?? null, window.days, false);
  const zones = parseRows((await db.one<{ text: string | null }>(ROWS_SQL('report_zone_daily', 'r.zone_id'), [window.start, end]))?.text ?? null, window.days, true);
  const byPublisher = new Map<number, PublisherSeries>();
  for (const row of [...publishers.values()].sort((a, b) => a.publisherId - b.publisherId)) {
    byPublisher.set(row.publisherId, { publisherId: row.publisherId, legacy: legacy.has(row.publisherId), series: row.series, zones: [] });
  }
  for (const row of [...zones.values()].sort((a, b) => a.zoneId - b.zoneId)) {
    const publisher = byPublisher.get(row.publisherId);
    // A zone that never reached the minimum volume in the window cannot have a baseline that does.
    if (!publisher || publisher.legacy || row.maxImpressions < DETECTION.minBaselineImpressions) continue;
    // A day the publisher reported and the zone did not: the zone served nothing. No report at all: unknown.
    const series = publisher.series.map((figures, index) => (figures === null ? null : (row.series[index] ?? { revenue: 0, impressions: 0 })));
    publisher.zones.push({ zoneId: row.zoneId, series });
  }
  return [...byPublisher.values()];
}
