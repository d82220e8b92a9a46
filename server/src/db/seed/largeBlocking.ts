// The blocking part of the large data set (issue 9): the global advertisers grown to 500,000, 35 days of report
// rows for 'Atlas Network Large' so its revenue at stake has figures to sum, and long blocklists (25,000
// advertisers and 25,000 advertiser domains on the big publisher; 5,000 domains on the first ordinary one, the
// page the blocks benchmark opens).
//
// As in large.ts, only what a person reads is made from word lists, and everything is derived in SQL from the
// row number, in a few INSERT ... SELECT statements. Advertiser names are made-up brands ('Kasolri Insurance'):
// syllables and the demo's industry words, each (brand, industry) pair once, so names and domains are unique.
import type { Queryable } from '../db';
import { INDUSTRIES, INDUSTRY_IAB } from './data/advertisers';

export const LARGE_BLOCKING = {
  /** Large-seed advertisers are numbered from here (the demo's are 1001..4000). */
  firstAdvertiserId: 10_000_001,
  /** Days of report rows: the 30-day revenue window and a few more. */
  reportDays: 35,
  reportZones: 20,
  reportAdvertisers: 120,
} as const;

export const LARGE_BLOCKING_DEFAULTS = { advertisers: 500_000, bigPublisherBlocks: 25_000, benchPublisherDomains: 5_000 } as const;

export interface LargeBlockingOptions {
  /** Global advertisers in all, the demo's included. */
  advertisers?: number;
  /** Advertiser blocks and advertiser-domain blocks (each) of the big publisher. */
  bigPublisherBlocks?: number;
  /** Advertiser-domain blocks of the first ordinary large publisher. */
  benchPublisherDomains?: number;
}

export interface LargeBlockingResult {
  advertisers: number;
  reportRows: number;
  blocks: number;
}

const FIRST = ['ka', 'lo', 'mi', 'ne', 'ra', 'to', 'vi', 'sa', 'be', 'do', 'fe', 'gu', 'ha', 'ji', 'ku', 'la', 'ma', 'no', 'pe', 'qu',
  'ri', 'su', 'ta', 'ul', 've', 'wo', 'xa', 'ye', 'zo', 'ar', 'el', 'in', 'or', 'ur', 'an', 'en', 'on', 'al', 'il', 'ol'] as const;
const MIDDLE = ['rex', 'lia', 'dor', 'vin', 'tek', 'mar', 'sol', 'nix', 'ven', 'tra', 'lux', 'gen', 'cor', 'pex', 'ria', 'lon', 'bel',
  'dex', 'fin', 'gar', 'hal', 'jet', 'kor', 'lum', 'mos', 'nor', 'pix', 'qua', 'ros', 'syn'] as const;
const LAST = ['a', 'o', 'ix', 'on', 'us', 'ia', 'er', 'is', 'ar', 'um', 'el', 'en', 'ly', 'ex', 'ra', 'io', 'an', 'et', 'or', 'ic'] as const;
const TLDS = ['com', 'com', 'com', 'net', 'io', 'co', 'de', 'co.uk', 'jp', 'fr'] as const;
/** Brands times industries: more (brand, industry) pairs than advertisers, so each pair is used once. */
const PAIRS = FIRST.length * MIDDLE.length * LAST.length * INDUSTRIES.length;
/** Coprime with PAIRS (odd, not a multiple of 3, 5 or 7): i -> i * STRIDE mod PAIRS visits each pair once, scattered. */
const STRIDE = 1_000_003;

async function insertAdvertisers(db: Queryable, count: number): Promise<void> {
  if (count > PAIRS) throw new RangeError(`the large seed names at most ${PAIRS} advertisers`);
  // Every brand and industry spelled once here; the SQL only picks and joins them (about 3 µs a row on PGlite).
  const brands = FIRST.flatMap((first) => MIDDLE.flatMap((middle) => LAST.map((last) => `${first}${middle}${last}`)));
  const titles = brands.map((brand) => brand.charAt(0).toUpperCase() + brand.slice(1));
  const industries = [...INDUSTRIES];
  const labels = industries.map((name) => name.toLowerCase().replace(/[^a-z]+/g, ''));
  const subs = industries.map((name) => INDUSTRY_IAB[name]);
  // Word lists as small tables joined by position: subscripting a 24,000-element array parameter per row reads
  // the whole array each time. The two search indexes are built once afterwards instead of row by row (on
  // PGlite that is about a third faster than keeping them up to date through 500,000 inserts).
  await db.exec('DROP INDEX advertisers_name_trgm_idx; DROP INDEX advertisers_name_idx;');
  await db.query(
    `WITH b AS (SELECT n - 1 AS k, brand, title FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(brand, title, n)),
          ind AS (SELECT n - 1 AS k, industry, label, sub, split_part(sub, '-', 1) AS parent
                    FROM unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS t(industry, label, sub, n)),
          tld AS (SELECT n - 1 AS k, tld FROM unnest($8::text[]) WITH ORDINALITY AS t(tld, n))
     INSERT INTO advertisers (id, name, domain, iab_category_id, iab_sub_category_id)
     SELECT $1::int + g.i, b.title || ' ' || ind.industry, b.brand || '-' || ind.label || '.' || tld.tld, ind.parent, ind.sub
       FROM (SELECT i, (i::bigint * ${STRIDE}) % ${PAIRS} AS pair FROM generate_series(0, $2::int - 1) AS i) g
       JOIN b ON b.k = g.pair % ${brands.length}
       JOIN ind ON ind.k = g.pair / ${brands.length}
       JOIN tld ON tld.k = g.i % ${TLDS.length}`,
    [LARGE_BLOCKING.firstAdvertiserId, count, brands, titles, industries, labels, subs, TLDS],
  );
  // The same definitions as migration 0005.
  await db.exec(
    `CREATE INDEX advertisers_name_idx ON advertisers (name_lower, id) INCLUDE (has_domain);
     CREATE INDEX advertisers_name_trgm_idx ON advertisers USING gin (name_lower gin_trgm_ops);`,
  );
}

/**
 * Report rows of the big publisher: its first zones, one advertiser in every 997 of the large ones (so every
 * industry appears), each pair with its own level; none of them is among the blocked ones below.
 */
async function insertReportRows(db: Queryable, publisherId: number, advertisers: number): Promise<number> {
  const { reportDays, reportZones, reportAdvertisers, firstAdvertiserId } = LARGE_BLOCKING;
  const picked = Math.min(reportAdvertisers, Math.floor(advertisers / 997));
  const row = await db.one<{ n: number }>(
    `WITH inserted AS (
       INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
       SELECT $1, current_date - d, z.tracking_id, $3::int + a * 997, f.impressions, f.impressions / 400,
              round(f.impressions / 1000.0 * (0.4 + (hashint8(z.tracking_id::bigint * 977 + a) & 1023) / 400.0), 4)
         FROM (SELECT tracking_id FROM zones WHERE publisher_id = $1 ORDER BY tracking_id LIMIT $2) z
        CROSS JOIN generate_series(0, $4::int - 1) AS a
        CROSS JOIN generate_series(1, $5::int) AS d
        CROSS JOIN LATERAL (SELECT (50 + (hashint8(z.tracking_id::bigint * 7919 + a * 31 + d) & 4095))::int AS impressions) f
       -- Rows another part of the large seed already wrote for the same day, zone and advertiser are kept.
       ON CONFLICT DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [publisherId, reportZones, firstAdvertiserId, picked, reportDays],
  );
  return row?.n ?? 0;
}

/** `count` blocks of `type` for a publisher: large advertisers from `from` on, by id or by their domain. */
async function insertBlocks(db: Queryable, publisherId: number, type: 'advertiser' | 'advertiser_domain', from: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO restrictions (entity_type, entity_id, publisher_id, restriction_type, value, clusivity, created_at)
     SELECT 'publisher', $1, $1, $2, CASE WHEN $2 = 'advertiser' THEN a.id::text ELSE '*.' || a.domain END, 'EXCLUDE',
            timestamptz '2023-01-01 00:00:00+00' + (a.id % 900) * interval '1 day'
       FROM advertisers a WHERE a.id >= $3 ORDER BY a.id LIMIT $4`,
    [publisherId, type, from, count],
  );
}

/** Runs inside seedLarge, after the zones: both publishers exist, the big one with its zones. */
export async function seedLargeBlocking(
  db: Queryable,
  ids: { bigPublisherId: number; benchPublisherId: number },
  options: LargeBlockingOptions = {},
): Promise<LargeBlockingResult> {
  const total = options.advertisers ?? LARGE_BLOCKING_DEFAULTS.advertisers;
  const blocks = options.bigPublisherBlocks ?? LARGE_BLOCKING_DEFAULTS.bigPublisherBlocks;
  const benchDomains = options.benchPublisherDomains ?? LARGE_BLOCKING_DEFAULTS.benchPublisherDomains;
  const existing = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM advertisers'))?.n ?? 0;
  const count = Math.max(0, total - existing);
  await insertAdvertisers(db, count);
  const reportRows = await insertReportRows(db, ids.bigPublisherId, count);
  // Blocked advertisers come from the upper half of the ids; reported ones are spread over the lower ones.
  const half = LARGE_BLOCKING.firstAdvertiserId + Math.floor(count / 2);
  await insertBlocks(db, ids.bigPublisherId, 'advertiser', half, blocks);
  await insertBlocks(db, ids.bigPublisherId, 'advertiser_domain', half, blocks);
  await insertBlocks(db, ids.benchPublisherId, 'advertiser_domain', half, benchDomains);
  const written = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM restrictions WHERE publisher_id = ANY($1::int[])', [
    [ids.bigPublisherId, ids.benchPublisherId],
  ]);
  return { advertisers: count, reportRows, blocks: written?.n ?? 0 };
}
