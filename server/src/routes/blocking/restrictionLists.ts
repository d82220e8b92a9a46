// The blocked lists paged and filtered here (issues 21 and 24): one page of one type of an entity's blocks
// (searchRestrictions), and the removal of every block a filter matches in one change (deleteMatchingRestrictions).
//
// A list of 25,000 blocks must show its first page in well under a second and answer a filter keystroke in a few
// tens of milliseconds on PGlite. Each restriction keeps the lower-cased text its list sorts and filters by
// (sort_name, migration 0013: an advertiser block its advertiser's name), in an index ordered as the list is, so:
// a page is a walk of that index (for a zone, its own range and its publisher's merged), and the count and a
// filter one pass over the range's index entries. Only the page's rows are then named (advertisers by key probe).
// IAB lists, at most a few hundred rows, are ordered by the taxonomy and named in the caller's language.
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import { conflict } from '../../http/errors';
import type { Handlers, QueryParams } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { components } from '../../../../openapi/portal';
import { restrictionChangeRefusal, type ClusivityName } from '../../../../src/lib/restrictions';
import {
  assertMayChangeTypes,
  joinAdvertiserNamed,
  joinCreativeNamed,
  recordBlocks,
  restrictionOwner,
  type RestrictionOwner,
  type RestrictionType,
} from './restrictionRules';

type Restriction = components['schemas']['Restriction'];
type Clusivity = components['schemas']['Clusivity'];
type Language = components['schemas']['Language'];

/** Collects parameters as SQL is written. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface ListFilter {
  type: RestrictionType;
  /** Trimmed; empty keeps every row. */
  term: string;
  /** Include a zone's Global rows (its publisher's). */
  withGlobal: boolean;
  /** Inclusions are listed to internal users only. */
  withInclusions: boolean;
  language?: Language;
}

/**
 * The matching rows of one branch (the entity's own, or a zone's publisher's): one index range of
 * restrictions_list_idx. strpos finds the term as written (no LIKE escaping); the term is lower-cased once per
 * statement by the same lower() that filled sort_name.
 */
function branchSql(filter: ListFilter, params: Params, which: 'own' | 'global', owner: RestrictionOwner): string {
  const scope =
    which === 'own'
      ? `r.entity_type = ${params.add(owner.entityType)} AND r.entity_id = ${params.add(owner.entityId)}`
      : `r.entity_type = 'publisher' AND r.entity_id = ${params.add(owner.publisherId)}`;
  const type = params.add(filter.type);
  const visible = filter.withInclusions ? '' : `AND r.clusivity = 'EXCLUDE'`;
  const iab = filter.type === 'iab_category';
  const name = filter.language === 'ja' ? 'c.name_ja' : 'c.name_en';
  let match = '';
  if (filter.term !== '') {
    const term = `(SELECT lower(${params.add(filter.term)}::text))`;
    if (iab) match = `AND (strpos(lower(coalesce(${name}, r.value)), ${term}) > 0 OR strpos(r.sort_name, ${term}) > 0)`;
    else if (filter.type === 'advertiser') match = `AND (strpos(r.sort_name, ${term}) > 0 OR strpos(r.value, ${term}) > 0)`;
    else match = `AND strpos(r.sort_name, ${term}) > 0`;
  }
  return `SELECT r.id, r.value, r.clusivity, r.sort_name, ${which === 'own'} AS own,
                 ${iab ? `c.position, ${name} AS name, c.parent_id` : 'NULL::int AS position, NULL::text AS name, NULL::text AS parent_id'}
            FROM restrictions r ${iab ? 'LEFT JOIN iab_categories c ON c.id = r.value' : ''}
           WHERE ${scope} AND r.restriction_type = ${type} ${visible} ${match}`;
}

/** Every matching row of the list: the entity's own, and a zone's publisher's unless hidden. */
function matchingSql(filter: ListFilter, params: Params, owner: RestrictionOwner): string {
  const own = branchSql(filter, params, 'own', owner);
  if (owner.entityType !== 'zone' || !filter.withGlobal) return own;
  return `${own} UNION ALL ${branchSql(filter, params, 'global', owner)}`;
}

const orderOf = (type: RestrictionType, alias: string) =>
  type === 'iab_category' ? `${alias}.position NULLS LAST, ${alias}.sort_name, ${alias}.id` : `${alias}.sort_name, ${alias}.id`;

/**
 * The list's total and the removable part of it. Without a filter, from the counts the triggers keep per entity,
 * type and clusivity (migration 0013): one key lookup per level instead of a pass over 25,000 rows. With one, a
 * pass over the matching index entries.
 */
function countsSql(filter: ListFilter, params: Params, owner: RestrictionOwner, matching: string): string {
  if (filter.term !== '') {
    return `SELECT count(*)::int AS total, count(*) FILTER (WHERE m.own AND m.clusivity = 'EXCLUDE')::int AS removable FROM (${matching}) m`;
  }
  const own = `(k.entity_type = ${params.add(owner.entityType)} AND k.entity_id = ${params.add(owner.entityId)})`;
  const levels = owner.entityType === 'zone' && filter.withGlobal ? `(${own} OR (k.entity_type = 'publisher' AND k.entity_id = ${params.add(owner.publisherId)}))` : own;
  return `SELECT coalesce(sum(k.n), 0)::int AS total, coalesce(sum(k.n) FILTER (WHERE ${own} AND k.clusivity = 'EXCLUDE'), 0)::int AS removable
            FROM restriction_counts k
           WHERE ${levels} AND k.restriction_type = ${params.add(filter.type)} ${filter.withInclusions ? '' : `AND k.clusivity = 'EXCLUDE'`}`;
}

/** One page of the list, its counts, and the type's applicable clusivity. */
export async function restrictionPage(
  db: Queryable,
  principal: Principal,
  owner: RestrictionOwner,
  filter: ListFilter,
  page: { page: number; size: number },
) {
  const [limit, offset] = limitOffset(page);
  // One statement (PGlite runs one at a time, and the screen asks for its three lists at once): the counts and
  // the page read the same matching rows (the same parameters), the clusivity is the rule of applicableClusivity
  // (INCLUDE on the zone or its publisher wins, else EXCLUDE when either sets it).
  const params = new Params();
  const matching = matchingSql(filter, params, owner);
  const type = params.add(filter.type);
  const answer = await db.one<{ total: number; removable: number; clusivity: Clusivity | null; content: Restriction[] }>(
    `SELECT c.total, c.removable,
            (SELECT CASE WHEN bool_or(s.clusivity = 'INCLUDE') THEN 'INCLUDE' WHEN bool_or(s.clusivity = 'EXCLUDE') THEN 'EXCLUDE' END
               FROM restriction_settings s
              WHERE s.restriction_type = ${type}
                AND ((s.entity_type = ${params.add(owner.entityType)} AND s.entity_id = ${params.add(owner.entityId)})
                     OR (s.entity_type = 'publisher' AND s.entity_id = ${params.add(owner.publisherId)}))) AS clusivity,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', p.id, 'advertisingRestrictionId', p.value,
                      'name', CASE WHEN ${type} = 'advertiser' THEN coalesce(a.name, p.value) WHEN ${type} = 'creative' THEN coalesce(cr.name, p.value)
                                    ELSE coalesce(p.name, p.value) END,
                      'parentId', p.parent_id, 'tag', CASE WHEN p.own THEN NULL ELSE 'Global' END, 'clusivity', p.clusivity)
                    ORDER BY ${orderOf(filter.type, 'p')}), '[]'::json)
               FROM (SELECT m.* FROM (${matching}) m ORDER BY ${orderOf(filter.type, 'm')}
                      LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}) p
               ${joinAdvertiserNamed(`'${filter.type}'`, 'p.value')}
               ${joinCreativeNamed(`'${filter.type}'`, 'p.value')}) AS content
       FROM (${countsSql(filter, params, owner, matching)}) c`,
    params.values,
  );
  const total = answer?.total ?? 0;
  // Internal users may remove no advertiser block (spec section 6): none of that list counts as removable. (The
  // rows an inclusion keeps are not counted by the statement.)
  const removable = restrictionChangeRefusal(filter.type, null, principal.isInternal) === 'internalAdvertiser' ? 0 : (answer?.removable ?? 0);
  return { restrictionType: filter.type, clusivity: answer?.clusivity ?? null, ...pageOf(answer?.content ?? [], total, page), removableElements: removable };
}

function filterOf(principal: Principal, query: Pick<QueryParams<'searchRestrictions'>, 'restrictionType' | 'searchTerm' | 'hideGlobal' | 'language'>): ListFilter {
  return {
    type: query.restrictionType,
    term: (query.searchTerm ?? '').trim(),
    withGlobal: !query.hideGlobal,
    withInclusions: principal.isInternal,
    language: query.language,
  };
}

export const restrictionListHandlers: Handlers = {
  async searchRestrictions({ db, principal, params, query }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    return restrictionPage(db, principal, owner, filterOf(principal, query), pageRequest(query, 10));
  },

  /**
   * Every removable row the filter matches, in one change: read under a row lock (a concurrent change of the same
   * rows waits, and the entries chain), refused whole when their number is not the one the user confirmed.
   */
  async deleteMatchingRestrictions({ db, principal, params, body, record }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    assertMayChangeTypes(principal, [{ type: body.restrictionType, field: '/body/restrictionType' }]);
    const filter: ListFilter = { ...filterOf(principal, body), withGlobal: false, withInclusions: false };
    const sql = new Params();
    const rows = await db.query<{ id: number; value: string; clusivity: ClusivityName }>(
      `SELECT r.id, r.value, r.clusivity FROM restrictions r
        WHERE r.id IN (SELECT m.id FROM (${matchingSql(filter, sql, owner)}) m)
        ORDER BY r.sort_name, r.id
          FOR UPDATE OF r`,
      sql.values,
    );
    if (rows.length !== body.expectedCount) {
      throw conflict('LIST_CHANGED', 'The blocks matching the filter have changed since', [
        { field: '/body/expectedCount', message: `${rows.length} blocks match now`, value: rows.length },
      ]);
    }
    await db.query('DELETE FROM restrictions WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);
    await recordBlocks(db, record, owner, rows.map((row) => ({ type: body.restrictionType, value: row.value })), []);
    return { added: 0, removed: rows.length };
  },
};
