// The daily series the detection judges (src/lib/revenueAlerts.ts), read from the report rollups of migration 0006:
// one per publisher and one per zone with enough volume, over a window of days ending on the last day with report
// data. Each statement answers one JSON array per publisher or zone instead of a row per day: reading rows field by
// field is most of PGlite's time for tens of thousands of them.
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

type DayTriple = [index: number, revenue: number, impressions: number];

function dense(days: number, rows: readonly DayTriple[]): (DailyFigures | null)[] {
  const series: (DailyFigures | null)[] = new Array(days).fill(null);
  for (const [index, revenue, impressions] of rows) series[index] = { revenue, impressions };
  return series;
}

/** Every publisher with report data in the window, with the series of its zones that reach the minimum volume. */
export async function loadSeries(db: Queryable, window: SeriesWindow): Promise<PublisherSeries[]> {
  const end = addDays(window.start, window.days - 1);
  const publishers = await db.query<{ publisherId: number; legacy: boolean; days: DayTriple[] }>(
    `SELECT r.publisher_id AS "publisherId", bu.is_legacy_just_premium AS legacy,
            json_agg(json_build_array(r.day - $1::date, r.revenue, r.impressions)) AS days
       FROM report_publisher_daily r JOIN publishers p ON p.id = r.publisher_id JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE r.day BETWEEN $1::date AND $2::date
      GROUP BY r.publisher_id, bu.is_legacy_just_premium
      ORDER BY r.publisher_id`,
    [window.start, end],
  );
  // A zone that never reached the minimum volume in the window cannot have a baseline that does.
  const zones = await db.query<{ publisherId: number; zoneId: number; days: DayTriple[] }>(
    `SELECT r.publisher_id AS "publisherId", r.zone_id AS "zoneId", json_agg(json_build_array(r.day - $1::date, r.revenue, r.impressions)) AS days
       FROM report_zone_daily r
      WHERE r.day BETWEEN $1::date AND $2::date
      GROUP BY r.publisher_id, r.zone_id
     HAVING max(r.impressions) >= $3
      ORDER BY r.publisher_id, r.zone_id`,
    [window.start, end, DETECTION.minBaselineImpressions],
  );
  const byPublisher = new Map<number, PublisherSeries>();
  for (const row of publishers) {
    byPublisher.set(row.publisherId, { publisherId: row.publisherId, legacy: row.legacy, series: dense(window.days, row.days), zones: [] });
  }
  for (const row of zones) {
    const publisher = byPublisher.get(row.publisherId);
    if (!publisher || publisher.legacy) continue;
    // A day the publisher reported and the zone did not: the zone served nothing. No report at all: unknown.
    const own = dense(window.days, row.days);
    const series = publisher.series.map((figures, index) => (figures === null ? null : (own[index] ?? { revenue: 0, impressions: 0 })));
    publisher.zones.push({ zoneId: row.zoneId, series });
  }
  return [...byPublisher.values()];
}
