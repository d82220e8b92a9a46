// The dashboards' figures: sums of the publisher's daily report rows over a period, a scope and optionally one
// zone. Per-publisher, per-zone and per-advertiser daily rollups of report_daily (kept exact by triggers, migration
// 0005) answer what they can: a large publisher's 180-day series with the period before is 360 rows, its zones
// table 200 a day. The zone filter and the passback advertiser's scope read report_daily itself through its
// (publisher, zone, day) and (publisher, advertiser, day) indexes. Every query is bound to the publisher first: no other publisher's row can reach a page.
import type { Queryable } from '../../../db/db';
import type { Period } from './period';

export type Scope = 'all' | 'slotZones' | 'passback' | 'inVideoZones';

export interface Metrics {
  impressions: number;
  clicks: number;
  revenue: number;
}

export interface FigureQuery {
  publisherId: number;
  period: Period;
  scope: Scope;
  zoneId: number | null;
}

export const EMPTY: Metrics = { impressions: 0, clicks: 0, revenue: 0 };

/** The sums every figure is made of, over the report rows `r` of source(). */
export const METRICS = 'sum(r.impressions)::int8 AS impressions, sum(r.clicks)::int8 AS clicks, sum(r.revenue)::float8 AS revenue';

// Fixed fragments: no caller input reaches the SQL text, only its parameters.
const SCOPE_SQL: Record<Exclude<Scope, 'passback'>, string> = {
  all: 'TRUE',
  slotZones: 'r.zone_id IN (SELECT s.zone_id FROM slots s JOIN zones z ON z.tracking_id = s.zone_id WHERE z.publisher_id = $1)',
  inVideoZones: `r.zone_id IN (SELECT zs.zone_id FROM zone_services zs JOIN zones z ON z.tracking_id = zs.zone_id
                   WHERE z.publisher_id = $1 AND zs.service_id IN (15, 16) AND zs.enabled)`,
};
const PASSBACK_SQL = 'r.advertiser_id = (SELECT p.passback_advertiser_id FROM publishers p WHERE p.id = $1)';

/** The report rows and their daily rollups (migration 0006), each with the columns its rows are keyed by. */
export const REPORT_TABLE_KEYS = {
  report_daily: ['day', 'zone', 'advertiser'],
  report_zone_daily: ['day', 'zone'],
  report_advertiser_daily: ['day', 'advertiser'],
  report_publisher_daily: ['day'],
} as const;
export type ReportTable = keyof typeof REPORT_TABLE_KEYS;

/** What a query's rows must keep apart: a rollup serves it when it keeps that grain. */
export type Grain = 'day' | 'zone' | 'advertiser' | 'zoneAdvertiser';

/**
 * FROM and WHERE over [from, to] for the query's scope and zone; `grain` says what the rows must keep apart. The
 * dashboards and the report data API (routes/reporting/reportRows.ts) read through it, so they sum the same rows.
 */
export function source(
  query: Pick<FigureQuery, 'publisherId' | 'scope' | 'zoneId'>,
  from: string | null,
  to: string,
  grain: Grain,
): { sql: string; params: unknown[]; table: ReportTable } {
  const params: unknown[] = [query.publisherId, to];
  const where = ['r.publisher_id = $1', 'r.day <= $2::date'];
  if (from !== null) {
    params.push(from);
    where.push(`r.day >= $${params.length}::date`);
  }
  if (query.zoneId !== null) {
    params.push(query.zoneId);
    where.push(`r.zone_id = $${params.length}`);
  }
  let table: ReportTable = 'report_daily';
  if (query.scope === 'passback') {
    where.push(PASSBACK_SQL);
  } else {
    where.push(SCOPE_SQL[query.scope]);
    // A rollup keeps the grain asked for only when nothing filters on the other one.
    const whole = query.scope === 'all' && query.zoneId === null;
    // Zones and advertisers together: only the report rows themselves keep both apart.
    if (grain === 'zoneAdvertiser') table = 'report_daily';
    else if (grain === 'day' && whole) table = 'report_publisher_daily';
    else if (grain !== 'advertiser') table = 'report_zone_daily';
    else if (whole) table = 'report_advertiser_daily';
  }
  return { sql: `FROM ${table} r WHERE ${where.join(' AND ')}`, params, table };
}

const bucketOf = (grouping: Period['grouping']) => (grouping === 'day' ? 'r.day' : "date_trunc('month', r.day)");
const keyOf = (grouping: Period['grouping']) => (grouping === 'day' ? "to_char(g.bucket, 'YYYY-MM-DD')" : "to_char(g.bucket, 'YYYY-MM')");

/** Sums per day (or month) over the period and the one before it. */
export async function loadSeries(db: Queryable, query: FigureQuery): Promise<Map<string, Metrics>> {
  const { period } = query;
  const from = period.previous?.from ?? period.from;
  const { sql, params } = source(query, from, period.to, 'day');
  // Grouped by the date itself and formatted afterwards: a to_char per row took most of the query's time.
  const rows = await db.query<Metrics & { key: string }>(
    `SELECT ${keyOf(period.grouping)} AS key, g.impressions, g.clicks, g.revenue
       FROM (SELECT ${bucketOf(period.grouping)} AS bucket, ${METRICS} ${sql} GROUP BY 1) g`,
    params,
  );
  return new Map(rows.map(({ key, ...metrics }) => [key, metrics]));
}

export interface ZoneFigures extends Metrics {
  zoneId: number;
  name: string;
}

/** Every zone with rows in the period, by revenue. */
export async function loadZones(db: Queryable, query: FigureQuery): Promise<ZoneFigures[]> {
  const { sql, params } = source(query, query.period.from, query.period.to, 'zone');
  return db.query<ZoneFigures>(
    `SELECT g.zone_id AS "zoneId", z.name, g.impressions, g.clicks, g.revenue
       FROM (SELECT r.zone_id, ${METRICS} ${sql} GROUP BY r.zone_id) g JOIN zones z ON z.tracking_id = g.zone_id
      ORDER BY g.revenue DESC, g.zone_id`,
    params,
  );
}

export interface AdvertiserFigures extends Metrics {
  advertiserId: number;
  name: string;
}

/** Every advertiser with rows in the period, by revenue. */
export async function loadAdvertisers(db: Queryable, query: FigureQuery): Promise<AdvertiserFigures[]> {
  const { sql, params } = source(query, query.period.from, query.period.to, 'advertiser');
  return db.query<AdvertiserFigures>(
    `SELECT g.advertiser_id AS "advertiserId", a.name, g.impressions, g.clicks, g.revenue
       FROM (SELECT r.advertiser_id, ${METRICS} ${sql} GROUP BY r.advertiser_id) g JOIN advertisers a ON a.id = g.advertiser_id
      ORDER BY g.revenue DESC, g.advertiser_id`,
    params,
  );
}

/** The publisher's zones a filter can name: those with rows in the period, and the chosen one. */
export async function zoneNames(db: Queryable, publisherId: number, zoneIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>(
    'SELECT tracking_id AS id, name FROM zones WHERE publisher_id = $1 AND tracking_id = ANY($2::int[])',
    [publisherId, zoneIds],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function sumOf(list: Iterable<Metrics>): Metrics {
  const total = { ...EMPTY };
  for (const m of list) {
    total.impressions += m.impressions;
    total.clicks += m.clicks;
    total.revenue += m.revenue;
  }
  return total;
}
