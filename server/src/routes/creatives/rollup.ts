// The ad review center's rollup (migration 0022): each creative's impressions and revenue per publisher, period
// and zone (0 = all), as of the period's last day, rebuilt lazily by the first list that finds it stale, under an
// advisory lock of the (publisher, period) pair so it is built once. Its figures are exactly the daily rows' sums
// (the same sums listCreatives made before it; tests/server/creativesRollup.test.ts compares them).
import type { Db, Queryable } from '../../db/db';

export const ROLLUP_PERIODS = [1, 7, 30] as const;
export type RollupPeriod = (typeof ROLLUP_PERIODS)[number];

/** The period's first and last day (the daily rows' dates) for a last day `to`. */
function fromOf(period: RollupPeriod, to: string): string {
  const last = new Date(`${to}T00:00:00Z`);
  return new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate() - period + 1)).toISOString().slice(0, 10);
}

/** True when the (publisher, period) rollup is as of `to` and no change of the publisher's rows came after it. */
async function isFresh(db: Queryable, publisherId: number, period: RollupPeriod, to: string): Promise<boolean> {
  const row = await db.one<{ fresh: boolean }>(
    `SELECT s.as_of = $3::date AND s.built_changes = coalesce(c.changes, 0) AS fresh
       FROM creative_rollup_state s LEFT JOIN creative_rollup_changes c ON c.publisher_id = s.publisher_id
      WHERE s.publisher_id = $1 AND s.period = $2`,
    [publisherId, period, to],
  );
  return row?.fresh === true;
}

/**
 * Builds the (publisher, period) rollup as of `to` from the daily rows, in the caller's transaction. The change
 * counter is read first, in a statement of its own: a write committed after it raises the counter past the noted
 * one, so the rollup is then stale (rebuilt by the next list), never wrongly fresh.
 */
export async function rebuildCreativeRollup(db: Queryable, publisherId: number, period: RollupPeriod, to: string): Promise<void> {
  const changes = (await db.one<{ n: string }>('SELECT coalesce((SELECT changes FROM creative_rollup_changes WHERE publisher_id = $1), 0) AS n', [publisherId]))!.n;
  await db.query('DELETE FROM creative_rollup WHERE publisher_id = $1 AND period = $2', [publisherId, period]);
  await db.query('DELETE FROM creative_rollup_counts WHERE publisher_id = $1 AND period = $2', [publisherId, period]);
  await db.query(
    `INSERT INTO creative_rollup (publisher_id, period, zone_id, creative_id, advertiser_id, first_seen_at, impressions, revenue)
     SELECT $1, $2, f.zone_id, f.creative_id, c.advertiser_id, c.first_seen_at, f.impressions, f.revenue
       FROM (SELECT d.creative_id, CASE WHEN grouping(d.zone_id) = 1 THEN 0 ELSE d.zone_id END AS zone_id,
                    sum(d.impressions)::int8 AS impressions, sum(d.revenue)::numeric AS revenue
               FROM creative_daily d
              WHERE d.publisher_id = $1 AND d.day BETWEEN $3::date AND $4::date
              GROUP BY GROUPING SETS ((d.creative_id), (d.creative_id, d.zone_id))) f
       JOIN creatives c ON c.id = f.creative_id AND c.publisher_id = $1`,
    [publisherId, period, fromOf(period, to), to],
  );
  await db.query(
    `INSERT INTO creative_rollup_counts (publisher_id, period, zone_id, creatives)
     SELECT $1, $2, zone_id, count(*) FROM creative_rollup WHERE publisher_id = $1 AND period = $2 GROUP BY zone_id`,
    [publisherId, period],
  );
  await db.query(
    `INSERT INTO creative_rollup_state (publisher_id, period, as_of, built_changes, built_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (publisher_id, period) DO UPDATE SET as_of = excluded.as_of, built_changes = excluded.built_changes, built_at = excluded.built_at`,
    [publisherId, period, to, changes],
  );
}

/**
 * Makes the (publisher, period) rollup fresh as of `to`: nothing when it is (one key lookup), else one request
 * builds it under the pair's advisory lock while any other waits, then finds it fresh and reads it.
 */
export async function ensureCreativeRollup(db: Db, publisherId: number, period: RollupPeriod, to: string): Promise<void> {
  if (await isFresh(db, publisherId, period, to)) return;
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('creative-rollup:' || $1::text || ':' || $2::text, 0))`, [publisherId, period]);
    if (!(await isFresh(tx, publisherId, period, to))) await rebuildCreativeRollup(tx, publisherId, period, to);
  });
}
