// The creatives of the large data set (issue 28, the ad review center): 200,000 creatives that served over the
// last LARGE_CREATIVES.days days (a year), with their daily rows per zone. Realistic in shape, not a year each:
// most creatives live days to a couple of weeks, some a month, a few for months; each serves on one to three
// zones; LARGE_CREATIVES.bigPublisherPercent of them on 'Atlas Network Large' (mostly on its busier first zones),
// the rest over the ordinary publishers in proportion to their zones. Advertisers come from the large seed's
// advertisers with a skew (a few advertisers have hundreds of creatives, most a handful), and a few creatives are
// in sensitive categories whatever their advertiser sells.
//
// Written like the rest of the large seed: every value derived in SQL from a hash of the creative id, two
// INSERT ... SELECT statements (creatives, then daily rows), and the daily table's two secondary indexes dropped
// before and built once after (the same definitions as migration 0020). Previews are small SVGs made in the same
// statement from the creative's own fields (the demo's previewSvg in spirit; nothing downloaded).
import type { Queryable } from '../db';
import { LARGE_BLOCKING } from './largeBlocking';
import { rebuildCreativeRollup, ROLLUP_PERIODS } from '../../routes/creatives/rollup';

export const LARGE_CREATIVES = {
  /** Large-seed creatives are numbered from here (the demo's are below 10,000). */
  firstId: 10_000_001,
  count: 200_000,
  /** Days of daily rows before the seeding day (yesterday is day 1). */
  days: 365,
  bigPublisherPercent: 60,
  /** Of the big publisher's creatives, this share serves on its first `busyZones` zones. */
  busyPercent: 80,
  busyZones: 400,
  /** Advertisers the creatives are drawn from (the first of the large seed's), skewed to the first ones. */
  advertiserPool: 20_000,
  sensitivePercent: 3,
} as const;

export interface LargeCreativesScope {
  bigPublisherId: number;
  firstZoneId: number;
  bigZones: number;
  ordinaryZones: number;
}

export interface LargeCreativesResult {
  creatives: number;
  dailyRows: number;
  ms: number;
}

/** Stable pseudo-random number in [0, 2^31) of the creative's ordinal `g` and a salt; one SQL expression. */
const h = (salt: number, expression = 'g') => `(hashint8((${expression})::bigint * 64 + ${salt}) & 2147483647)`;

/** Sensitive sub-categories (alcohol, tobacco, politics, as the demo's). */
const SENSITIVE = `ARRAY['IAB8-5','IAB9-9','IAB11-4','IAB8-18']`;

/** Format and size: display 70 % (six sizes), video 15 %, native 15 %; one row per choice, by a hash roll. */
const SIZES = `(VALUES (0, 'display', 300, 250), (1, 'display', 728, 90), (2, 'display', 160, 600), (3, 'display', 320, 50),
                       (4, 'display', 300, 600), (5, 'display', 970, 250), (6, 'display', 300, 250), (7, 'display', 728, 90),
                       (8, 'video', 640, 360), (9, 'video', 1280, 720), (10, 'native', 1200, 627), (11, 'native', 600, 600)) AS s(k, format, width, height)`;
const SIZE_PICK = `CASE WHEN ${h(5)} % 100 < 70 THEN ${h(6)} % 8 WHEN ${h(5)} % 100 < 85 THEN 8 + ${h(6)} % 2 ELSE 10 + ${h(6)} % 2 END`;

/**
 * Days it served: 70 % 1-10 days, 24 % 11-30, 6 % 31-90; its first day anywhere in the year (days before today),
 * its last day that many days later, yesterday at the latest.
 */
const FIRST_DAY = `1 + ${h(7)} % ${LARGE_CREATIVES.days}`;
const LIFE = `CASE WHEN ${h(8)} % 100 < 70 THEN 1 + ${h(9)} % 10 WHEN ${h(8)} % 100 < 94 THEN 11 + ${h(9)} % 20 ELSE 31 + ${h(9)} % 60 END`;
/** One to three zones: 60 % one, 30 % two, 10 % three. */
const zoneCount = (g: string) => `CASE WHEN ${h(10, g)} % 10 < 6 THEN 1 WHEN ${h(10, g)} % 10 < 9 THEN 2 ELSE 3 END`;

const svgText = (expression: string) =>
  `replace(replace(replace(replace(${expression}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')`;

export async function seedLargeCreatives(db: Queryable, scope: LargeCreativesScope, today: Date, count: number = LARGE_CREATIVES.count): Promise<LargeCreativesResult> {
  const started = Date.now();
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`seedLargeCreatives needs a count >= 0 (got ${count})`);
  if (count === 0 || (scope.bigZones === 0 && scope.ordinaryZones === 0)) return { creatives: 0, dailyRows: 0, ms: Date.now() - started };
  const pool = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM advertisers WHERE id >= $1 AND id < $1 + $2', [
    LARGE_BLOCKING.firstAdvertiserId,
    LARGE_CREATIVES.advertiserPool,
  ]))!.n;
  // Without the large advertisers (a tiny seed), the demo's 1001..4000.
  const firstAdvertiser = pool > 0 ? LARGE_BLOCKING.firstAdvertiserId : 1001;
  const advertisers = pool > 0 ? pool : 3000;
  const day = today.toISOString().slice(0, 10);
  const big = Math.min(LARGE_CREATIVES.busyZones, Math.max(scope.bigZones, 1));
  // The zone a creative serves on first: on the big publisher (mostly its busy first zones), else any ordinary
  // zone, whose publisher the creative then belongs to. Its other zones are the next ones of the same publisher.
  const bigShare = scope.ordinaryZones === 0 ? 100 : scope.bigZones === 0 ? 0 : LARGE_CREATIVES.bigPublisherPercent;
  const baseZone = (g: string) => `CASE WHEN ${h(1, g)} % 100 < ${bigShare}
      THEN ${scope.firstZoneId} + CASE WHEN ${h(2, g)} % 100 < ${LARGE_CREATIVES.busyPercent} THEN ${h(3, g)} % ${big} ELSE ${h(3, g)} % ${Math.max(scope.bigZones, 1)} END
      ELSE ${scope.firstZoneId + scope.bigZones} + ${h(3, g)} % ${Math.max(scope.ordinaryZones, 1)} END`;
  // Skewed to the first advertisers of the pool (the square of a uniform number): some share many creatives.
  const advertiserId = `${firstAdvertiser} + floor(${advertisers} * power(${h(4)}::float8 / 2147483648, 2))::int`;

  await db.query(
    `INSERT INTO creatives (id, publisher_id, advertiser_id, advertiser_domain, iab_categories, width, height, format, preview_svg,
                            first_seen_at, last_seen_at)
     SELECT c.id, c.publisher_id, a.id, coalesce(a.domain, 'advertiser-' || a.id || '.example'),
            CASE WHEN c.sensitive THEN ARRAY[split_part(c.sensitive_sub, '-', 1), c.sensitive_sub]
                 WHEN a.iab_sub_category_id IS NULL THEN ARRAY['IAB24']
                 ELSE ARRAY[split_part(a.iab_sub_category_id, '-', 1), a.iab_sub_category_id] END,
            s.width, s.height, s.format,
            '<svg xmlns="http://www.w3.org/2000/svg" width="' || s.width || '" height="' || s.height || '" viewBox="0 0 ' || s.width || ' ' || s.height || '">'
              || '<rect width="' || s.width || '" height="' || s.height || '" fill="hsl(' || (c.id * 47) % 360 || ',55%,42%)"/>'
              || CASE WHEN s.format = 'video' THEN '<polygon points="' || (s.width / 2 - 20) || ',' || (s.height / 2 - 24) || ' ' || (s.width / 2 - 20) || ','
                   || (s.height / 2 + 24) || ' ' || (s.width / 2 + 24) || ',' || (s.height / 2) || '" fill="#fff" opacity="0.85"/>' ELSE '' END
              || '<text x="' || (s.width / 2) || '" y="' || (s.height / 2 + 6) || '" font-family="sans-serif" font-size="'
              || greatest(10, least(28, least(s.width / 12, s.height / 3))) || '" fill="#fff" text-anchor="middle">' || ${svgText('a.name')} || '</text>'
              || '<text x="8" y="' || (s.height - 8) || '" font-family="sans-serif" font-size="10" fill="#fff">' || s.width || 'x' || s.height || ' ' || s.format || '</text></svg>',
            (($2::date - c.first_day) + make_interval(hours => 6 + c.hour)) AT TIME ZONE 'UTC',
            (($2::date - c.last_day) + make_interval(hours => 21)) AT TIME ZONE 'UTC'
       FROM (SELECT $1::int + g - 1 AS id, z.publisher_id, ${advertiserId} AS advertiser_id, ${SIZE_PICK} AS size_k,
                    ${h(11)} % 100 < ${LARGE_CREATIVES.sensitivePercent} AS sensitive, (${SENSITIVE})[1 + ${h(12)} % 4] AS sensitive_sub,
                    ${FIRST_DAY} AS first_day, greatest(1, ${FIRST_DAY} - (${LIFE}) + 1) AS last_day, ${h(13)} % 12 AS hour
               FROM generate_series(1, $3::int) AS g JOIN zones z ON z.tracking_id = ${baseZone('g')}) c
       JOIN advertisers a ON a.id = c.advertiser_id
       JOIN ${SIZES} ON s.k = c.size_k`,
    [LARGE_CREATIVES.firstId, day, count],
  );

  // Daily rows: each creative on each of its zones (the base zone and the next ones of the same publisher), every
  // day from its first to its last; impressions vary by creative, zone and day, revenue at the creative's eCPM.
  await db.exec('DROP INDEX creative_daily_publisher_day_idx; DROP INDEX creative_daily_zone_day_idx;');
  const g = `(c.id - ${LARGE_CREATIVES.firstId} + 1)`;
  await db.query(
    `INSERT INTO creative_daily (creative_id, day, zone_id, publisher_id, impressions, revenue)
     SELECT y.id, y.day, y.zone_id, y.publisher_id, y.impressions, round(y.impressions * y.ecpm / 1000, 4)
       FROM (SELECT x.id, x.first + n AS day, x.zone_id, x.publisher_id, x.ecpm,
                    x.base * (50 + ${h(21, 'x.id::bigint * 4096 + x.k * 512 + n')} % 100) / 100 / x.k AS impressions
               FROM (SELECT c.id, (c.first_seen_at AT TIME ZONE 'UTC')::date AS first, (c.last_seen_at AT TIME ZONE 'UTC')::date AS last,
                            z.tracking_id AS zone_id, c.publisher_id, k, 20 + ${h(20, 'c.id')} % 2000 AS base,
                            (0.3 + (${h(22, 'c.id')} % 300) / 100.0)::numeric AS ecpm
                       FROM creatives c
                       CROSS JOIN LATERAL generate_series(1, ${zoneCount(g)}) AS k
                       JOIN zones z ON z.tracking_id = ${baseZone(g)} + k - 1 AND z.publisher_id = c.publisher_id
                      WHERE c.id BETWEEN $1 AND $1 + $2 - 1) x
              CROSS JOIN LATERAL generate_series(0, x.last - x.first) AS n) y`,
    [LARGE_CREATIVES.firstId, count],
  );
  // The same definitions as migration 0020.
  await db.exec(
    `CREATE INDEX creative_daily_publisher_day_idx ON creative_daily (publisher_id, day) INCLUDE (creative_id, zone_id, impressions, revenue);
     CREATE INDEX creative_daily_zone_day_idx ON creative_daily (zone_id, day) INCLUDE (creative_id, impressions, revenue);`,
  );
  const counted = (await db.one<{ creatives: number; rows: number }>(
    `SELECT (SELECT count(*)::int FROM creatives WHERE id >= $1) AS creatives, (SELECT count(*)::int FROM creative_daily WHERE creative_id >= $1) AS rows`,
    [LARGE_CREATIVES.firstId],
  ))!;
  return { creatives: counted.creatives, dailyRows: counted.rows, ms: Date.now() - started };
}

/** Every publisher's creative list rollups (each period) as of the day before `today`, as a list would build them. */
export async function buildCreativeRollups(db: Queryable, today: Date): Promise<{ publishers: number; rows: number }> {
  // Yesterday (UTC), the last day of every period (creativeWindow).
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1)).toISOString().slice(0, 10);
  const publishers = await db.query<{ id: number }>('SELECT DISTINCT publisher_id AS id FROM creative_daily ORDER BY 1');
  for (const { id } of publishers) {
    for (const period of ROLLUP_PERIODS) await rebuildCreativeRollup(db, id, period, to);
  }
  const rows = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM creative_rollup'))!.n;
  return { publishers: publishers.length, rows };
}
