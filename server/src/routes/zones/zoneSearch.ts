// The zones list (searchZones), the portal's busiest read. It must stay fast at 100,000 zones on PGlite, which
// runs one statement at a time, so a request costs exactly one prepared statement after authentication: the
// publisher access check, the page, its total and each row's services are all folded into it. Measured on the
// large seed (bench/api.ts): the page is picked from the index alone (migration 0003 keeps the lower-cased name
// in every index the list walks) and only its rows are read; the total without a filter is the publisher's
// maintained zone_count (migration 0004), so a publisher with 10,000 zones costs what one with 200 does; with a
// filter the matches are counted from the index alone, once per filter and state of the publisher's zones: the
// total is kept (per database, in this process) with the publisher's zone_names_version it was counted at
// (migration 0009), and the statement answers it again without counting while that version is unchanged. A window
// count(*) OVER () materialised every match instead (about 10 ms at 10,000 zones).
import { authorize, MEMBERSHIP_COLUMNS, MEMBERSHIP_JOIN, visibility, type Membership } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import { rolesAllowed } from '../../../../src/lib/roles';
import { forbidden, notFound } from '../../http/errors';
import type { Handlers, QueryParams } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';
import { MAX_PAGE_SIZE } from '../../../../src/lib/limits';
import { SERVICE_NAMES, ZONE_SERVICE_TUPLES, zoneServicesOf, type ZoneServiceTuple } from './zoneSql';

type ZonePage = components['schemas']['ZonePage'];
type ZoneSummary = components['schemas']['ZoneSummary'];
type SortBy = NonNullable<QueryParams<'searchZones'>['sortBy']>;
type Direction = components['schemas']['Direction'];

/** ORDER BY per sort; ties go by trackingId in the same direction so one index serves both directions. */
const ORDER_BY: Record<SortBy, (direction: Direction) => string> = {
  name: (d) => `z.name_lower ${d}, z.tracking_id ${d}`,
  trackingId: (d) => `z.tracking_id ${d}`,
  numberOfSlots: (d) => `z.number_of_slots ${d}, z.tracking_id ${d}`,
};

interface Filter {
  terms: string[];
  trackingIds: number[];
}

function filterOf(query: QueryParams<'searchZones'>): Filter | null {
  const terms = [...new Set((query.names ?? []).map((name) => name.trim()).filter((name) => name !== ''))];
  const trackingIds = query.trackingIds ?? [];
  return terms.length || trackingIds.length ? { terms, trackingIds } : null;
}

/** Collects parameters as SQL is written, so each statement variant names exactly the parameters it uses. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * strpos() finds a term as written, so %, _ and \ need no escaping, and it costs less than LIKE '%term%' per
 * zone (measured over 10,000 zones). Each term is lower-cased once per statement (an InitPlan), by the same lower()
 * that fills name_lower, so both sides fold case alike. One parameter per term: at most 10 by the contract.
 */
function filterSql(filter: Filter | null, params: Params): string {
  if (!filter) return '';
  const matches = filter.terms.map((term) => `strpos(z.name_lower, (SELECT lower(${params.add(term)}::text))) > 0`);
  if (filter.trackingIds.length) matches.push(`z.tracking_id = ANY (${params.add(filter.trackingIds)}::int[])`);
  return `AND (${matches.join(' OR ')})`;
}

type ZoneRow = Omit<ZoneSummary, 'services'> & { services: ZoneServiceTuple[] };

interface SearchRow extends Membership {
  legacy: boolean;
  total: number | null;
  version: number;
  names: Record<string, string> | null;
  content: ZoneRow[] | null;
}

/**
 * The statement varies only with the sort, the number of name terms, whether ids are given, whether the caller is
 * internal, the page size and whether the page is the first, so in practice it is one of a few dozen prepared
 * statements. PostgreSQL keeps a statement's generic plan only when it costs no more than fresh ones, and with
 * LIMIT or OFFSET as parameters it estimates 10% of the rows and never does (measured: every call planned
 * anew). So the page size, an integer the contract bounds to 1..100, is written into the SQL, and OFFSET is
 * left out of the first page, which is nearly every request; later pages pay for planning. The page is chosen
 * from the index alone (a rare name filter would otherwise visit every zone's row), then only its rows are
 * read. The page and total run only for a publisher the caller may act for that has the full product;
 * json_agg keeps the order of the sorted subquery it reads.
 */
function searchStatement(query: QueryParams<'searchZones'>, principal: Principal, publisherId: number, known: KnownTotal | undefined) {
  const params = new Params();
  const publisher = params.add(publisherId);
  // The caller's membership and whether the role check (auth/access.ts authorize, run on the answer) will pass:
  // the page is read only then.
  // Staff see every publisher; an API key only its own, which the handler checked before (auth/access.ts).
  const everyPublisher = visibility(principal)[1];
  const member = everyPublisher ? '' : MEMBERSHIP_JOIN('p.id', params.add(principal.id));
  const access = everyPublisher ? '' : 'AND m.user_id IS NOT NULL';
  const allowed = everyPublisher
    ? 'true'
    : `(m.role = ANY(${params.add(rolesAllowed(principal.operation))}::text[]) AND (NOT p.require_two_factor OR ${params.add(principal.secondFactor)}::boolean))`;
  const membership = everyPublisher ? `NULL::text AS role, p.require_two_factor AS "requireTwoFactor"` : MEMBERSHIP_COLUMNS;
  const filter = filterSql(filterOf(query), params);
  const size = query.size ?? 20;
  const page = query.page ?? 0;
  if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw new RangeError(`page size ${size} outside the contract`);
  const limit = `LIMIT ${size}${page > 0 ? ` OFFSET ${params.add(page * size)}` : ''}`;
  const orderBy = ORDER_BY[query.sortBy ?? 'name'](query.direction ?? 'ASC');
  // Without a filter the total is the publisher's maintained zone_count (migration 0004), not a count. With one, a
  // total this process counted at the publisher's current zone_names_version is answered again: CASE evaluates
  // the count only when the version moved (or none is known: -1). Both parameters are always there, so the text,
  // and with it the prepared statement, stays the same either way.
  const total = filter
    ? `CASE WHEN p.zone_names_version = ${params.add(known?.version ?? -1)}::int8 THEN ${params.add(known?.total ?? 0)}::int
            ELSE (SELECT count(*)::int FROM zones z WHERE z.publisher_id = ${publisher} ${filter}) END`
    : 'p.zone_count';
  const sql = `
    SELECT bu.is_legacy_just_premium AS legacy, p.zone_names_version AS version, ${membership},
           CASE WHEN NOT bu.is_legacy_just_premium AND ${allowed} THEN ${total} END AS total,
           CASE WHEN NOT bu.is_legacy_just_premium AND ${allowed} THEN ${SERVICE_NAMES} END AS names,
           CASE WHEN NOT bu.is_legacy_just_premium AND ${allowed} THEN (SELECT json_agg(r) FROM (
             SELECT z.tracking_id AS "trackingId", z.name, z.enabled, z.type_id AS "typeId", z.publisher_id AS "publisherId",
                    ${ZONE_SERVICE_TUPLES('z.tracking_id')} AS services, z.number_of_slots AS "numberOfSlots"
               FROM (SELECT z.tracking_id FROM zones z WHERE z.publisher_id = ${publisher} ${filter}
                      ORDER BY ${orderBy} ${limit}) AS page
               JOIN zones z ON z.tracking_id = page.tracking_id
              ORDER BY ${orderBy}) AS r) END AS content
      FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id ${member}
     WHERE p.id = ${publisher} ${access}`;
  return { sql, values: params.values, page, size };
}

interface KnownTotal {
  version: number;
  total: number;
}

/** Filtered totals kept per database (tests run several in one process): the most recently used first to go. */
const TOTALS_KEPT = 1_000;
const knownTotals = new WeakMap<object, Map<string, KnownTotal>>();

function totalsOf(db: object): Map<string, KnownTotal> {
  let totals = knownTotals.get(db);
  if (!totals) knownTotals.set(db, (totals = new Map()));
  return totals;
}

export const zoneSearchHandlers: Handlers = {
  async searchZones({ db, principal, params, query }) {
    if (principal.apiKey && principal.apiKey.publisherId !== params.publisherId) throw notFound('Publisher not found');
    const filter = filterOf(query);
    const totals = totalsOf(db);
    const key = filter && JSON.stringify([params.publisherId, filter.terms, filter.trackingIds]);
    const known = key ? totals.get(key) : undefined;
    const statement = searchStatement(query, principal, params.publisherId, known);
    const [row] = await db.prepared<SearchRow>(statement.sql, statement.values);
    if (!row) throw notFound('Publisher not found');
    authorize(principal, row);
    if (row.legacy) throw forbidden('Not available for this publisher');
    if (key && row.total !== null) {
      totals.delete(key);
      totals.set(key, { version: row.version, total: row.total });
      if (totals.size > TOTALS_KEPT) totals.delete(totals.keys().next().value!);
    }
    const { page, size } = statement;
    const total = row.total ?? 0;
    const names = row.names ?? {};
    const content = (row.content ?? []).map((zone) => ({ ...zone, services: zoneServicesOf(zone.services, names) }));
    const answer: ZonePage = { content, totalElements: total, totalPages: Math.ceil(total / size), page, size };
    return answer;
  },
};
