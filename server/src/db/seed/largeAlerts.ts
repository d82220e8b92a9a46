// What the revenue alerts' daily job reads in the large data set (issue 23): report rows for the ordinary
// publishers too (up to LARGE_ALERTS.zonesPerPublisher zones each, the days the detection needs), and drops in them
// to find: about one zone in ten falls by 30 to 80 % during the last fortnight, about one publisher in twenty-five
// loses half of everything, and each of the big publisher's report zones falls for ten days three times in its 180.
// Everything is derived in SQL from hashes of the ids (one INSERT and one UPDATE), so the same seed gives the same
// drops. The seed then runs the detection over every day its rows allow (detectLargeAlerts), so the big publisher
// has months of alerts for the alerts page's benchmark (bench/alerts.ts).
import type { Db, Queryable } from '../db';
import { detectRevenueAlerts, type DetectResult } from '../../alerts/detect';
import { HISTORY_DAYS } from '../../../../src/lib/revenueAlerts';
import { REPORT_DAYS } from './reports';

export const LARGE_ALERTS = {
  zonesPerPublisher: 20,
  /** Days of report rows of the ordinary publishers: what the daily job judges and its history before. */
  days: HISTORY_DAYS + 14 + 1,
} as const;

const h = (expression: string, salt: number) => `(hashint8((${expression})::bigint * 64 + ${salt}) & 2147483647)`;

export interface LargeAlertScope {
  bigPublisherId: number;
  firstPublisherId: number;
  zonesPerPublisher?: number;
}

/** Adds the ordinary publishers' report rows and the drops; answers how many report rows it wrote. */
export async function seedLargeAlertData(db: Queryable, scope: LargeAlertScope, today: Date): Promise<number> {
  const day = today.toISOString().slice(0, 10);
  const perPublisher = scope.zonesPerPublisher ?? LARGE_ALERTS.zonesPerPublisher;
  // One advertiser per publisher keeps the per-advertiser rollups (migration 0008 spreads each over 30 days) small.
  const written = await db.one<{ n: number }>(
    `WITH picked AS (
       SELECT publisher_id, tracking_id AS zone_id FROM (
         SELECT publisher_id, tracking_id, row_number() OVER (PARTITION BY publisher_id ORDER BY tracking_id) AS k
           FROM zones WHERE publisher_id >= $1 AND enabled) z
        WHERE k <= $3),
     rows AS (
       SELECT p.publisher_id, $2::date - d AS day, p.zone_id, 2000 + 37 * (p.publisher_id % 8) AS advertiser_id,
              (1500 + ${h('p.zone_id', 1)} % 20000)
                * CASE extract(isodow FROM $2::date - d) WHEN 6 THEN 0.75 WHEN 7 THEN 0.7 ELSE 1 END
                * (0.95 + 0.1 * (${h('p.zone_id * 1000 + d', 2)} % 1000) / 1000.0)
                * CASE WHEN ${h('p.zone_id', 3)} % 10 = 0 AND d <= 1 + ${h('p.zone_id', 4)} % 12 THEN 0.2 + (${h('p.zone_id', 5)} % 50) / 100.0 ELSE 1 END
                * CASE WHEN ${h('p.publisher_id', 6)} % 25 = 0 AND d <= 1 + ${h('p.publisher_id', 7)} % 10 THEN 0.5 ELSE 1 END AS impressions,
              0.5 + (${h('p.zone_id', 8)} % 300) / 100.0 AS ecpm
         FROM picked p CROSS JOIN generate_series(1, $4::int) AS d),
     inserted AS (
       INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
       SELECT publisher_id, day, zone_id, advertiser_id, round(impressions)::int, round(impressions * 0.002)::int, round((impressions / 1000 * ecpm)::numeric, 4)
         FROM rows
       RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [scope.firstPublisherId, day, perPublisher, LARGE_ALERTS.days],
  );
  // The big publisher's report zones lose 65 % for ten days three times in its 180 days, each zone at its own times
  // (weeks apart, so each is an alert of its own).
  await db.query(
    `UPDATE report_daily r SET impressions = round(r.impressions * 0.35)::int, clicks = round(r.clicks * 0.35)::int, revenue = round(r.revenue * 0.35, 4)
       FROM (SELECT zone_id, unnest(ARRAY[10 + ${h('zone_id', 9)} % 40, 70 + ${h('zone_id', 10)} % 35, 125 + ${h('zone_id', 11)} % ($3::int - 135)]) AS s
               FROM (SELECT DISTINCT zone_id FROM report_zone_daily WHERE publisher_id = $1) z) d
      WHERE r.publisher_id = $1 AND r.zone_id = d.zone_id AND r.day BETWEEN $2::date - d.s AND $2::date - d.s + 9`,
    [scope.bigPublisherId, day, REPORT_DAYS],
  );
  return written?.n ?? 0;
}

/** The detection over every day the report rows allow judging (the daily job looks at the last 14 only). */
export function detectLargeAlerts(db: Db, today: Date): Promise<DetectResult> {
  return detectRevenueAlerts(db, { today: today.toISOString().slice(0, 10), lookbackDays: REPORT_DAYS - HISTORY_DAYS });
}
