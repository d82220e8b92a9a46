// Revenue alerts as the server tests build them: report rows of a zone with a steady level that stops (or halves)
// on a given day, and the daily job run at a chosen moment, with the clock of the test rather than the machine's.
import type { Db, Queryable } from '../../server/src/db/db';
import { runRevenueAlertJob, type JobResult } from '../../server/src/alerts/job';
import type { ServerConfig } from '../../server/src/config';

const DAY_MS = 86_400_000;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export interface SteadyRows {
  publisherId: number;
  zoneId: number;
  advertiserId?: number;
  /** Daily revenue and impressions while steady. */
  revenue: number;
  impressions: number;
  /** The rows run from `days` days before `through` to `through` (a UTC day). */
  through: string;
  days?: number;
  /** From this day on, the zone serves `after` of its level (0: nothing, no rows). */
  changeFrom?: string;
  after?: number;
}

/** A zone's report rows: a flat level, then from `changeFrom` a fraction of it. */
export async function insertSteadyRows(db: Queryable, rows: SteadyRows): Promise<void> {
  const { publisherId, zoneId, advertiserId = 1002, revenue, impressions, through, days = 80, changeFrom = '9999-12-31', after = 1 } = rows;
  await db.query(
    `INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
     SELECT $1, d::date, $2, $3, round($5 * f)::int, 0, round(($4 * f)::numeric, 4)
       FROM generate_series($6::date - $7::int, $6::date, interval '1 day') AS d
      CROSS JOIN LATERAL (SELECT CASE WHEN d::date >= $8::date THEN $9::float8 ELSE 1 END AS f) AS k
      WHERE k.f > 0`,
    [publisherId, zoneId, advertiserId, revenue, impressions, through, days, changeFrom, after],
  );
}

/** The daily job at `now`, logging nowhere. */
export function runJob(db: Db, config: ServerConfig, now: Date): Promise<JobResult> {
  return runRevenueAlertJob(db, { config, log: { info: () => undefined } }, now);
}
