// Daily report rows behind the dashboards: the 180 days up to yesterday for Atlas News, Solo Media, Sakura Press
// and Premium Classic, each day for about ten of the publisher's zones and a handful of its advertisers. Each
// (zone, advertiser) pair gets a level, an eCPM and a click rate from mulberry32; the daily figures follow in SQL
// (one INSERT ... SELECT over generate_series per publisher) with a weekend dip, a slow upward trend and a
// hash-based daily wobble, so every seed gives the same figures for the same distance from the seeding day.
import type { Queryable } from '../db';
import { DEMO } from './demoIds';
import type { ZoneSpec } from './zones';
import { mulberry32, pick, randomInt, type Rng } from './data/names';
import { PRODUCT_IDS } from './data/reference';

export const REPORT_DAYS = 180;
const REPORT_ZONES = 10;

export interface ReportProfile {
  publisherId: number;
  /** Never one the publisher blocks; Sakura Press (advertiser clusivity INCLUDE) has only its included ones. */
  advertiserIds: readonly number[];
  /** Range of the daily impressions of one pair. */
  impressions: readonly [number, number];
  /** eCPM range in the publisher's currency (yen for Sakura Press). */
  ecpm: readonly [number, number];
}

const P = DEMO.publishers;
export const REPORT_PROFILES: readonly ReportProfile[] = [
  // 1001 is Atlas News' passback advertiser, so the passback dashboard has rows. The others span most IAB parents,
  // the common ones (IAB7, IAB14, IAB30) included, so every block Atlas News considers has a revenue at stake.
  {
    publisherId: P.atlasNews,
    advertiserIds: [1001, 1002, 1004, 1005, 1006, 1007, 1008, 1012, 1013, 1016, 1017, 1019, 1032, 1033, 1034, 1056, 1066,
      1072, 1100, 1120, 1123, 1128, 1250, 1410],
    impressions: [500, 8_000],
    ecpm: [0.5, 2.5],
  },
  { publisherId: P.soloMedia, advertiserIds: [1002, 1044, 1180, 1333, 1490], impressions: [10, 120], ecpm: [0.3, 1.2] },
  { publisherId: P.sakuraPress, advertiserIds: [1800, 1801, 1802, 1803], impressions: [300, 4_000], ecpm: [60, 250] },
  { publisherId: P.premiumClassic, advertiserIds: [1003, 1066, 1222, 1555], impressions: [200, 2_000], ecpm: [1.5, 5] },
];

const hasVideo = (zone: ZoneSpec) => zone.services.some((id) => id === PRODUCT_IDS.inVideo || id === PRODUCT_IDS.video);

/** The zones a publisher reports on: its first five (the named ones), up to two more video zones, then random ones. */
function reportZones(zones: readonly ZoneSpec[], seed: number): number[] {
  const rng = mulberry32(seed);
  const enabled = zones.filter((zone) => zone.enabled !== false);
  const chosen = new Set(enabled.slice(0, 5).map((zone) => zone.id));
  for (const zone of enabled.filter(hasVideo).slice(0, 2)) chosen.add(zone.id);
  const wanted = Math.min(REPORT_ZONES, enabled.length);
  while (chosen.size < wanted) chosen.add(pick(rng, enabled).id);
  return [...chosen].sort((a, b) => a - b);
}

/** Stable number in [0, 1) from a pair and a day, as SQL. */
const wobble = (salt: number) => `((hashint8((p.zone_id::bigint * 10000 + p.advertiser_id) * 512 + d * 2 + ${salt}) & 65535) / 65535.0)`;

export interface ReportPair {
  zoneId: number;
  advertiserId: number;
  /** Daily impressions before the weekly and daily swings. */
  level: number;
  ecpm: number;
  ctr: number;
}

/** Pairs of a publisher's zones and advertisers with their level, eCPM and click rate, drawn from `rng`. */
export function reportPairs(rng: Rng, zoneIds: readonly number[], profile: Pick<ReportProfile, 'advertiserIds' | 'impressions' | 'ecpm'>): ReportPair[] {
  return zoneIds.flatMap((zoneId) =>
    profile.advertiserIds.map((advertiserId) => ({
      zoneId,
      advertiserId,
      level: randomInt(rng, profile.impressions[0], profile.impressions[1]),
      ecpm: profile.ecpm[0] + rng() * (profile.ecpm[1] - profile.ecpm[0]),
      ctr: 0.0005 + rng() * 0.004,
    })),
  );
}

/** Which days before `today` a statement writes (1 is yesterday), and how much of each pair's level they get. */
export interface ReportDays {
  from: number;
  to: number;
  scale?: number;
}

/** The REPORT_DAYS days before `today` of every pair (or `days` of them), in one statement. */
export async function insertReportRows(
  db: Queryable,
  publisherId: number,
  today: Date,
  pairs: readonly ReportPair[],
  { from = 1, to = REPORT_DAYS, scale = 1 }: Partial<ReportDays> = {},
): Promise<void> {
  const day = today.toISOString().slice(0, 10);
  await db.query(
    `INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
     SELECT $1, $2::date - d, p.zone_id, p.advertiser_id, f.impressions,
            round(f.impressions * p.ctr * (0.7 + 0.6 * ${wobble(1)}))::int,
            round((f.impressions / 1000.0 * p.ecpm * (0.8 + 0.4 * ${wobble(2)}))::numeric, 4)
       FROM unnest($3::int[], $4::int[], $5::int[], $6::float8[], $7::float8[]) AS p(zone_id, advertiser_id, level, ecpm, ctr)
      CROSS JOIN generate_series(${from}, ${to}) AS d
      CROSS JOIN LATERAL (SELECT round(p.level * ${scale}
               * CASE extract(isodow FROM $2::date - d) WHEN 6 THEN 0.72 WHEN 7 THEN 0.66 ELSE 1 END
               * (0.85 + 0.15 * (${REPORT_DAYS} - d) / ${REPORT_DAYS}.0)
               * (0.85 + 0.3 * ${wobble(0)}))::int AS impressions) AS f`,
    [publisherId, day, pairs.map((p) => p.zoneId), pairs.map((p) => p.advertiserId), pairs.map((p) => p.level),
      pairs.map((p) => p.ecpm), pairs.map((p) => p.ctr)],
  );
}

/**
 * The demo's revenue alert (issue 23): Atlas News' top-earning advertiser, which Max Multi blocks at 06:00 on the
 * day DEMO_ALERT.blockedDaysAgo (the block and its history entry: blocking.ts, history.ts). Its rows stop there: a
 * quarter of its level that day, none after, so Atlas News' revenue falls by about a third (its impressions by
 * about an eighth, its RPM by about a quarter: under the default threshold) from that day on. The seed's run of
 * the detection finds the drop; its causes name the block first.
 */
export const DEMO_ALERT = {
  advertiserId: 1091,
  blockedDaysAgo: 5,
  blockedAtHour: 6,
  /** Daily impressions of each of its pairs, and its eCPM: well above the others'. */
  level: 10_500,
  ecpm: 11.5,
} as const;

export async function seedReports(db: Queryable, zones: readonly ZoneSpec[], today: Date): Promise<void> {
  for (const profile of REPORT_PROFILES) {
    const rng = mulberry32(0x2e9027 + profile.publisherId);
    const zoneIds = reportZones(zones.filter((zone) => zone.publisherId === profile.publisherId), profile.publisherId);
    await insertReportRows(db, profile.publisherId, today, reportPairs(rng, zoneIds, profile));
    if (profile.publisherId === P.atlasNews) {
      const top = zoneIds.map((zoneId) => ({ zoneId, advertiserId: DEMO_ALERT.advertiserId, level: DEMO_ALERT.level, ecpm: DEMO_ALERT.ecpm, ctr: 0.002 }));
      await insertReportRows(db, profile.publisherId, today, top, { from: DEMO_ALERT.blockedDaysAgo + 1 });
      await insertReportRows(db, profile.publisherId, today, top, { from: DEMO_ALERT.blockedDaysAgo, to: DEMO_ALERT.blockedDaysAgo, scale: 0.25 });
    }
  }
}
