// Change-history entries of the seeds, dated in the past. The table's insert trigger would stamp them `now()`, so
// seeds append them here instead: with the trigger off, and ranked in SQL as the trigger ranks them (migration
// 0007: one past the group's newest entry). The entries must be newer than any the same publisher already has.
import type { Queryable } from '../db';
import { DEMO } from './demoIds';
import { DEMO_ALERT } from './reports';

/** The columns a seed's SELECT gives, in this order. */
export const HISTORY_SEED_COLUMNS = `at, publisher_id, zone_id, zone_name, kind, operation, author_id, author_name, author_email,
  author_internal, before, after`;

/** A rank group of migration 0007: its columns, and its newest entry's rank before the seed. */
const GROUPS = [
  { rank: 'publisher_rank', by: ['publisher_id'] },
  { rank: 'kind_rank', by: ['publisher_id', 'kind'] },
  { rank: 'author_rank', by: ['publisher_id', 'author_id'] },
  { rank: 'zone_rank', by: ['zone_id'] },
] as const;

/** Appends the entries `select` gives (HISTORY_SEED_COLUMNS, `at` distinct within a publisher); answers how many. */
export async function appendHistory(db: Queryable, select: string, params: readonly unknown[] = []): Promise<number> {
  const offsets = GROUPS.map(
    ({ rank, by }) => `${rank}_from AS (
       SELECT ${by.map((column) => `g.${column}`).join(', ')}, coalesce((SELECT h.${rank} FROM history h
                WHERE ${by.map((column) => `h.${column} = g.${column}`).join(' AND ')} ORDER BY h.at DESC, h.id DESC LIMIT 1), 0) AS n
         FROM (SELECT DISTINCT ${by.join(', ')} FROM source) g)`,
  );
  // Joined, not looked up per row: a large seed has a million entries over thousands of zones.
  const ranks = GROUPS.map(
    ({ rank, by }) =>
      `row_number() OVER (PARTITION BY ${by.map((column) => `s.${column}`).join(', ')} ORDER BY s.at) + coalesce(${rank}_from.n, 0) AS ${rank}`,
  );
  const joins = GROUPS.map(
    ({ rank, by }) => `LEFT JOIN ${rank}_from ON ${by.map((column) => `${rank}_from.${column} = s.${column}`).join(' AND ')}`,
  );
  await db.exec('ALTER TABLE history DISABLE TRIGGER history_before_insert');
  const row = await db.one<{ n: number }>(
    `WITH source AS MATERIALIZED (${select}),
     ${offsets.join(',\n     ')},
     inserted AS (
       INSERT INTO history (${HISTORY_SEED_COLUMNS}, publisher_rank, kind_rank, author_rank, zone_rank)
       SELECT ${HISTORY_SEED_COLUMNS}, publisher_rank, kind_rank, author_rank, CASE WHEN zone_id IS NOT NULL THEN zone_rank END
         FROM (SELECT s.*, ${ranks.join(', ')} FROM source s ${joins.join(' ')} WHERE s.publisher_id IS NOT NULL) ranked
        ORDER BY at
       RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    params,
  );
  await db.exec('ALTER TABLE history ENABLE TRIGGER history_before_insert');
  return row?.n ?? 0;
}

/** The product the demo history says Max Multi added to the video zone (it has it), and the advertiser block it removed from the flex zone (it has it not). */
const DEMO_PRODUCT_ADDED = 16;
const DEMO_BLOCK_REMOVED = 1650;

/**
 * A week of the demo publishers' history, true to the demo data (each entry's `after` is what the seed made, so
 * every one of them can be undone): renames, blocks by Max Multi and by network staff, a blocked URL, a product,
 * self identifiers, and a block removed.
 */
export async function seedDemoHistory(db: Queryable, today: Date): Promise<number> {
  const z = DEMO.zones;
  const p = DEMO.publishers;
  const u = DEMO.users;
  const ago = (days: number, hour: number) => `(timestamptz '${today.toISOString().slice(0, 10)}' - interval '${days} days' + interval '${hour} hours')`;
  const author = (userId: number) => `(SELECT jsonb_build_array(id, name, email, is_internal) FROM users WHERE id = ${userId})`;
  const zone = (zoneId: number) => `(SELECT jsonb_build_array(tracking_id, name) FROM zones WHERE tracking_id = ${zoneId})`;
  const products = (zoneId: number, without: number | null) =>
    `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'implementationTypeId', zs.implementation_type_id) ORDER BY s.id), '[]')
        FROM zone_services zs JOIN services s ON s.id = zs.service_id
       WHERE zs.zone_id = ${zoneId} AND zs.enabled AND s.id IS DISTINCT FROM ${without ?? 'NULL'})`;
  const named = (zoneId: number) => `jsonb_build_object('id', ${zoneId}, 'name', (SELECT name FROM zones WHERE tracking_id = ${zoneId}))`;
  const block = (type: string, value: string, name: string) => `jsonb_build_object('type', '${type}', 'id', ${value}, 'name', ${name})`;
  const blocks = (...items: string[]) => `jsonb_build_object('blocks', jsonb_build_array(${items.join(', ')}))`;
  const none = `jsonb_build_object('blocks', '[]'::jsonb)`;
  const soloDomain = `(SELECT jsonb_build_object('zoneDomainId', d.id, 'zone', ${named(z.solo)}, 'domain', d.domain, 'selfIdentifiers', %s)
                         FROM zone_domains d WHERE d.id = ${DEMO.zoneDomains.solo})`;
  const soloIdentifiers = `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.id), '[]')
                              FROM zone_domain_self_identifiers zs JOIN self_identifiers s ON s.id = zs.self_identifier_id
                             WHERE zs.zone_domain_id = ${DEMO.zoneDomains.solo})`;
  const url = `(SELECT jsonb_build_object('id', id, 'pattern', pattern, 'urlType', url_type, 'evalType', eval_type) FROM asset_url_filter_patterns
                 WHERE zone_id = ${z.atlas} AND pattern LIKE '%partner-content%')`;
  const domainBlock = `(SELECT value FROM restrictions WHERE id = ${DEMO.restrictions.atlasDomain + 5})`;
  // [when, publisher, zone (or null), kind, operation, author, before, after]
  const entries: [string, number, number | null, string, string, number, string, string][] = [
    [ago(8, 9), p.atlasNews, z.atlas, 'ZONE', 'updateZone', u.multi, `jsonb_build_object('name', 'Atlas Front Page')`, `jsonb_build_object('name', (SELECT name FROM zones WHERE tracking_id = ${z.atlas}))`],
    [ago(7, 11), p.atlasNews, null, 'BLOCKS', 'createRestrictions', u.multi, none, blocks(block('advertiser_domain', domainBlock, domainBlock))],
    // The block behind the demo's revenue alert (reports.ts DEMO_ALERT): Atlas News' top-earning advertiser.
    [ago(DEMO_ALERT.blockedDaysAgo, DEMO_ALERT.blockedAtHour), p.atlasNews, null, 'BLOCKS', 'createRestrictions', u.multi, none,
      blocks(block('advertiser', `'${DEMO_ALERT.advertiserId}'`, `(SELECT name FROM advertisers WHERE id = ${DEMO_ALERT.advertiserId})`))],
    [ago(6, 15), p.atlasNews, null, 'BLOCKS', 'createRestrictions', u.staff, none,
      blocks(block('iab_category', `'IAB7-42'`, `(SELECT name_en FROM iab_categories WHERE id = 'IAB7-42')`))],
    [ago(4, 10), p.atlasNews, z.atlas, 'BLOCKED_URLS', 'addBlockedUrls', u.multi, `jsonb_build_object('urls', '[]'::jsonb)`, `jsonb_build_object('urls', jsonb_build_array(${url}))`],
    [ago(3, 14), p.atlasNews, z.atlasInVideo, 'PRODUCTS', 'putZoneServices', u.multi,
      `jsonb_build_object('zones', jsonb_build_array(jsonb_build_object('zone', ${named(z.atlasInVideo)}, 'products', ${products(z.atlasInVideo, DEMO_PRODUCT_ADDED)})))`,
      `jsonb_build_object('zones', jsonb_build_array(jsonb_build_object('zone', ${named(z.atlasInVideo)}, 'products', ${products(z.atlasInVideo, null)})))`],
    [ago(2, 16), p.soloMedia, z.solo, 'SELF_IDENTIFIERS', 'saveZoneDomainSelfIdentifiers', u.solo,
      `jsonb_build_object('domains', jsonb_build_array(${soloDomain.replace('%s', `'[]'::jsonb`)}))`,
      `jsonb_build_object('domains', jsonb_build_array(${soloDomain.replace('%s', soloIdentifiers)}))`],
    [ago(1, 12), p.atlasNews, z.atlasFlex, 'BLOCKS', 'deleteRestrictions', u.multi,
      blocks(block('advertiser', `'${DEMO_BLOCK_REMOVED}'`, `(SELECT name FROM advertisers WHERE id = ${DEMO_BLOCK_REMOVED})`)), none],
  ];
  const select = entries
    .map(
      ([at, publisherId, zoneId, kind, operation, authorId, before, after]) =>
        `SELECT ${at} AS at, ${publisherId} AS publisher_id, ${zoneId ?? 'NULL::int'} AS zone_id,
                ${zoneId === null ? 'NULL::text' : `${zone(zoneId)} ->> 1`} AS zone_name, '${kind}'::text AS kind, '${operation}'::text AS operation,
                (${author(authorId)} ->> 0)::int AS author_id, ${author(authorId)} ->> 1 AS author_name, ${author(authorId)} ->> 2 AS author_email,
                (${author(authorId)} ->> 3)::boolean AS author_internal, ${before} AS before, ${after} AS after`,
    )
    .join('\nUNION ALL\n');
  return appendHistory(db, select);
}
