// Blocking rules shared by the restriction handlers: whose restrictions they are, which clusivity applies, what a
// valid value of each type is, and the grouped answer every restriction call returns.
import { assertFullProduct, publisherFor, zoneFor } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import type { RecordChange } from '../../history/types';
import { ApiError, badRequest, conflict, type ErrorDetail } from '../../http/errors';
import type { components } from '../../../../openapi/portal';
import { MAX_BLOCKS_PER_TYPE, MAX_ID } from '../../../../src/lib/limits';
import { isValidAdvertiserDomain, toWildcardDomain } from '../../../../src/lib/advertiserDomains';
import { RESTRICTION_TYPES, restrictionChangeRefusal } from '../../../../src/lib/restrictions';
import type { Block, Named } from '../../../../src/lib/history';

export type RestrictionType = components['schemas']['RestrictionType'];
export type Clusivity = components['schemas']['Clusivity'];
type RestrictionGroup = components['schemas']['RestrictionGroup'];
type Restriction = components['schemas']['Restriction'];
type RestrictionBulk = components['schemas']['RestrictionBulk'];
type Language = components['schemas']['Language'];

// Kept importable from here: the blocking routes (issue 9) take it with the other rules.
export { RESTRICTION_TYPES };

/**
 * Refuses a write that leaves the publisher or zone more than MAX_BLOCKS_PER_TYPE blocks of one of these types
 * (400 naming the body; the call's transaction rolls back, nothing is written): the contract's bound of a list.
 */
export async function assertBlockCap(db: Queryable, owner: RestrictionOwner, types: Iterable<RestrictionType>): Promise<void> {
  for (const type of new Set(types)) {
    const row = await db.one<{ over: boolean }>(
      `SELECT count(*) > $4::int AS over
         FROM (SELECT 1 FROM restrictions WHERE entity_type = $1 AND entity_id = $2 AND restriction_type = $3 LIMIT $4::int + 1) AS kept`,
      [owner.entityType, owner.entityId, type, MAX_BLOCKS_PER_TYPE],
    );
    if (row?.over) {
      throw badRequest(`A ${owner.entityType} has at most ${MAX_BLOCKS_PER_TYPE} blocks of each type`, [
        { field: '/body', message: `would pass ${MAX_BLOCKS_PER_TYPE} blocks of type ${type}` },
      ]);
    }
  }
}

/** The publisher or zone whose restrictions a call reads or changes. */
export interface RestrictionOwner {
  entityType: 'publisher' | 'zone';
  entityId: number;
  /** The publisher itself, or the zone's publisher: the owner of the zone's Global blocks. */
  publisherId: number;
  /** The zone, named as it is now, when the owner is one (the change history keeps the name with each change). */
  zone: Named | null;
}

/** 404 for anything the caller may not act for, 403 for legacy just-premium publishers (no blocking for them). */
export async function restrictionOwner(
  db: Queryable,
  principal: Principal,
  entityType: RestrictionOwner['entityType'],
  entityId: number,
): Promise<RestrictionOwner> {
  if (entityType === 'publisher') {
    assertFullProduct(await publisherFor(db, principal, entityId));
    return { entityType, entityId, publisherId: entityId, zone: null };
  }
  const zone = await zoneFor(db, principal, entityId);
  assertFullProduct(zone);
  return { entityType, entityId, publisherId: zone.publisherId, zone: { id: zone.trackingId, name: zone.name } };
}

/**
 * The clusivity that applies per type. A zone is bound by its publisher's setting too: INCLUDE on either level
 * wins (a publisher-level inclusion list covers all its zones and a zone cannot widen it), otherwise EXCLUDE when
 * either level sets it; types without any setting are absent.
 */
export async function applicableClusivity(db: Queryable, owner: RestrictionOwner): Promise<Map<RestrictionType, Clusivity>> {
  const rows = await db.query<{ type: RestrictionType; clusivity: Clusivity }>(
    `SELECT restriction_type AS type, clusivity FROM restriction_settings
      WHERE (entity_type = $1 AND entity_id = $2) OR (entity_type = 'publisher' AND entity_id = $3)`,
    [owner.entityType, owner.entityId, owner.publisherId],
  );
  const result = new Map<RestrictionType, Clusivity>();
  for (const row of rows) {
    if (result.get(row.type) !== 'INCLUDE') result.set(row.type, row.clusivity);
  }
  return result;
}

/**
 * Spec section 6 (restrictionChangeRefusal, the rule the console shares): internal staff may not add, set or
 * remove advertiser blocks of any publisher or zone; advertiser-domain and IAB-category blocks stay open to them.
 * The whole call is refused.
 */
export function assertMayChangeTypes(principal: Principal, types: { type: RestrictionType; field: string }[]): void {
  const details: ErrorDetail[] = types
    .filter(({ type }) => restrictionChangeRefusal(type, null, principal.isInternal) === 'internalAdvertiser')
    .map(({ field }) => ({ field, message: 'internal users cannot change advertiser exclusions' }));
  if (details.length) throw new ApiError(403, 'FORBIDDEN', 'Internal users cannot change advertiser exclusions', details);
}

/** Spec section 6: exclusions of a type whose applicable clusivity is INCLUDE are the account manager's (409, whole call). */
export function assertNotIncluded(clusivity: ReadonlyMap<RestrictionType, Clusivity>, types: { type: RestrictionType; field: string }[]): void {
  const blocked = types
    .filter(({ type }) => restrictionChangeRefusal(type, clusivity.get(type) ?? null, false) === 'included')
    .map(({ type, field }) => ({ field, message: `${type} restrictions are managed by your account manager (clusivity INCLUDE)` }));
  if (blocked.length) throw conflict('CLUSIVITY_CONFLICT', 'Contact your account manager to change these restrictions', blocked);
}

const ADVERTISER_ID = /^[1-9][0-9]{0,9}$/;
/** Creative ids are PostgreSQL integers. */
const MAX_INT = 2_147_483_647;
/** A requested restriction value in its stored form, with the request field it came from. */
export interface RequestedValue {
  type: RestrictionType;
  value: string;
  field: string;
}

/**
 * Checks every value of the bulk body against its type and answers them in stored form (advertiser domains in
 * their '*.' wildcard form, creative ids without leading zeros), de-duplicated per type. A creative must be one
 * that served on `publisherId`'s zones: another publisher's is as unknown as a missing one. Every invalid value
 * is named in one 400.
 */
export async function requestedValues(
  db: Queryable,
  bulk: readonly Pick<RestrictionBulk[number], 'type' | 'restrictions'>[],
  publisherId: number,
  fieldPrefix = '/body',
): Promise<RequestedValue[]> {
  const entries = bulk.flatMap((group, i) =>
    group.restrictions.map((raw, j) => ({ type: group.type, raw, field: `${fieldPrefix}/${i}/restrictions/${j}` })),
  );
  const advertiserIds = entries.filter((e) => e.type === 'advertiser' && isAdvertiserId(e.raw)).map((e) => Number(e.raw));
  const iabIds = entries.filter((e) => e.type === 'iab_category').map((e) => e.raw);
  const creativeIds = entries.filter((e) => e.type === 'creative' && isAdvertiserId(e.raw) && Number(e.raw) <= MAX_INT).map((e) => Number(e.raw));
  // Sequential on purpose: inside a transaction both run on one connection.
  const advertisers = await db.query<{ id: string }>('SELECT id::text AS id FROM advertisers WHERE id = ANY($1::int[])', [advertiserIds]);
  const categories = await db.query<{ id: string }>('SELECT id FROM iab_categories WHERE id = ANY($1::text[])', [iabIds]);
  const creatives = await db.query<{ id: string }>('SELECT id::text AS id FROM creatives WHERE id = ANY($1::int[]) AND publisher_id = $2', [
    creativeIds,
    publisherId,
  ]);
  const knownCreatives = new Set(creatives.map((row) => row.id));
  const knownAdvertisers = new Set(advertisers.map((row) => row.id));
  const knownCategories = new Set(categories.map((row) => row.id));

  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const values: RequestedValue[] = [];
  for (const { type, raw, field } of entries) {
    let value: string | null = null;
    if (type === 'advertiser') {
      if (isAdvertiserId(raw) && knownAdvertisers.has(String(Number(raw)))) value = String(Number(raw));
      else details.push({ field, message: 'is not an existing advertiser id', value: raw });
    } else if (type === 'advertiser_domain') {
      if (isValidAdvertiserDomain(raw)) value = toWildcardDomain(raw);
      else details.push({ field, message: "is not a valid domain; use '{host}' or '*.test.com'", value: raw });
    } else if (type === 'creative') {
      if (isAdvertiserId(raw) && knownCreatives.has(String(Number(raw)))) value = String(Number(raw));
      else details.push({ field, message: "is not the id of a creative that served on this publisher's zones", value: raw });
    } else if (knownCategories.has(raw)) {
      value = raw;
    } else {
      details.push({ field, message: 'is not an IAB category id', value: raw });
    }
    if (value !== null && !seen.has(`${type}\u0000${value}`)) {
      seen.add(`${type}\u0000${value}`);
      values.push({ type, value, field });
    }
  }
  if (details.length) throw badRequest('Some restrictions are not valid', details);
  return values;
}

function isAdvertiserId(raw: string): boolean {
  return ADVERTISER_ID.test(raw) && Number(raw) <= MAX_ID;
}

/**
 * Joins, as `a`, the advertiser a restriction's value names. Values are text (domains and IAB ids share the
 * column), and `a.id::text = value` can use no index: every read of blocks then read all the advertisers (500,000
 * on the large seed: about 100 ms for a zone's blocking tab, and as much for each block written, which names its
 * blocks in the history). Here a value in the stored form of an advertiser id (ADVERTISER_ID: no sign, no leading
 * zero, up to 10 digits, so bigint holds it) is cast and probed by primary key; OFFSET 0 keeps the planner from
 * turning the probes back into that scan. Any other value names no advertiser, as with the text comparison.
 */
export function joinAdvertiserNamed(type: string, value: string): string {
  return `LEFT JOIN LATERAL (SELECT a.name FROM advertisers a
                              WHERE a.id = CASE WHEN ${type} = 'advertiser' AND ${value} ~ '${ADVERTISER_ID.source}' THEN ${value}::bigint END
                             OFFSET 0) a ON true`;
}

/**
 * Joins, as `cr`, the creative a 'creative' restriction names, with its name as the blocking lists and the history
 * show it: 'Creative 12: Advertiser, 300x250'.
 */
export function joinCreativeNamed(type: string, value: string): string {
  return `LEFT JOIN LATERAL (SELECT 'Creative ' || k.id || ': ' || ka.name || ', ' || k.width || 'x' || k.height AS name
                               FROM creatives k JOIN advertisers ka ON ka.id = k.advertiser_id
                              WHERE k.id = CASE WHEN ${type} = 'creative' AND ${value} ~ '${ADVERTISER_ID.source}' THEN ${value}::bigint END
                             OFFSET 0) cr ON true`;
}

interface RestrictionRow extends Restriction {
  type: RestrictionType;
}

/**
 * The owner's restrictions grouped by type: a group per type that has rows or an applicable clusivity. A zone's
 * answer includes its publisher's blocks tagged 'Global'. IAB categories keep the taxonomy order; the others are
 * ordered by name. IAB names follow `language` (Japanese has its own names; Spanish and French fall back to English).
 */
export async function restrictionGroups(
  db: Queryable,
  owner: RestrictionOwner,
  options: { type?: RestrictionType; language?: Language } = {},
): Promise<RestrictionGroup[]> {
  const nameColumn = options.language === 'ja' ? 'c.name_ja' : 'c.name_en';
  const rows = await db.query<RestrictionRow>(
    `SELECT r.id, r.restriction_type AS type, r.value AS "advertisingRestrictionId",
            CASE r.restriction_type
              WHEN 'advertiser' THEN coalesce(a.name, r.value)
              WHEN 'iab_category' THEN coalesce(${nameColumn}, r.value)
              WHEN 'creative' THEN coalesce(cr.name, r.value)
              ELSE r.value END AS name,
            c.parent_id AS "parentId",
            CASE WHEN r.entity_type = $1 THEN NULL ELSE 'Global' END AS tag, r.clusivity
       FROM restrictions r
       ${joinAdvertiserNamed('r.restriction_type', 'r.value')}
       ${joinCreativeNamed('r.restriction_type', 'r.value')}
       LEFT JOIN iab_categories c ON r.restriction_type = 'iab_category' AND c.id = r.value
      WHERE ((r.entity_type = $1 AND r.entity_id = $2) OR ($1 = 'zone' AND r.entity_type = 'publisher' AND r.entity_id = $3))
        AND ($4::text IS NULL OR r.restriction_type = $4)
      ORDER BY c.position NULLS LAST, lower(CASE WHEN r.restriction_type = 'advertiser' THEN coalesce(a.name, r.value) ELSE r.value END), r.id`,
    [owner.entityType, owner.entityId, owner.publisherId, options.type ?? null],
  );
  const clusivity = await applicableClusivity(db, owner);
  return RESTRICTION_TYPES.filter((type) => !options.type || type === options.type)
    .map((type) => ({
      restrictionType: type,
      clusivity: clusivity.get(type) ?? null,
      restrictions: rows.filter((row) => row.type === type).map(({ type: _type, ...restriction }) => restriction),
    }))
    .filter((group) => group.restrictions.length > 0 || group.clusivity !== null);
}

/**
 * Blocks as the change history names them: advertisers and IAB categories (in English) by their names now, domains
 * by themselves; in the order given.
 */
export async function namedBlocks(db: Queryable, blocks: readonly { type: RestrictionType; value: string }[]): Promise<Block[]> {
  const names = await db.query<{ type: RestrictionType; value: string; name: string }>(
    `SELECT b.type, b.value, CASE b.type WHEN 'advertiser' THEN a.name WHEN 'iab_category' THEN c.name_en WHEN 'creative' THEN cr.name END AS name
       FROM unnest($1::text[], $2::text[]) AS b (type, value)
       ${joinAdvertiserNamed('b.type', 'b.value')}
       ${joinCreativeNamed('b.type', 'b.value')}
       LEFT JOIN iab_categories c ON b.type = 'iab_category' AND c.id = b.value`,
    [blocks.map((block) => block.type), blocks.map((block) => block.value)],
  );
  const byKey = new Map(names.map((row) => [`${row.type}\u0000${row.value}`, row.name]));
  return blocks.map(({ type, value }) => ({ type, id: value, name: byKey.get(`${type}\u0000${value}`) ?? value }));
}

/** BLOCKS: `before` the blocks the call removed, `after` the ones it added. */
export async function recordBlocks(
  db: Queryable,
  record: RecordChange,
  owner: RestrictionOwner,
  removed: readonly { type: RestrictionType; value: string }[],
  added: readonly { type: RestrictionType; value: string }[],
): Promise<void> {
  const named = await namedBlocks(db, [...removed, ...added]);
  await record({
    kind: 'BLOCKS',
    publisherId: owner.publisherId,
    zone: owner.zone,
    before: { blocks: named.slice(0, removed.length) },
    after: { blocks: named.slice(removed.length) },
  });
}
