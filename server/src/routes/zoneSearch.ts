// The zones list (searchZones), the portal's busiest read. It must stay fast at 100,000 zones on PGlite, which
// runs one statement at a time, so a request costs exactly one statement after authentication: the publisher
// access check, the page, its total and each row's services are all folded into the query below.
// Measured on the large seed: the page and the total are read from the index alone (migration 0003 keeps the
// lower-cased name in every index the list walks), so a publisher with 10,000 zones costs about a millisecond;
// full zone rows and their services are fetched only for the page's rows. A window count(*) OVER () would
// materialise every match instead (about 10 ms there).
import { ALLOWED_PUBLISHER_SQL } from '../auth/access';
import { forbidden, notFound } from '../http/errors';
import type { Handlers, QueryParams } from '../http/handlers';
import type { components } from '../../../src/dataProvider/schema';
import { ZONE_SERVICES_JSON } from './zoneSql';

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

/** LIKE pattern matching names that contain `term`; the term's own %, _ and \ match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

interface Filter {
  patterns: string[];
  trackingIds: number[];
}

function filterOf(query: QueryParams<'searchZones'>): Filter | null {
  const patterns = (query.names ?? []).map((name) => name.trim()).filter((name) => name !== '').map(containsPattern);
  const trackingIds = query.trackingIds ?? [];
  return patterns.length || trackingIds.length ? { patterns, trackingIds } : null;
}

/**
 * Over parameters $6 (patterns) and $7 (ids); an empty array matches nothing. Patterns are lower-cased by the
 * database, with the same lower() that fills name_lower, so both sides fold case alike.
 */
function filterSql(filter: Filter | null): string {
  return filter
    ? `AND (z.name_lower LIKE ANY (ARRAY(SELECT lower(pattern) FROM unnest($6::text[]) AS pattern)) OR z.tracking_id = ANY ($7::int[]))`
    : '';
}

interface SearchRow {
  legacy: boolean | null;
  total: number;
  content: ZoneSummary[] | null;
}

function searchSql(orderBy: string, filter: string): string {
  const matches = `FROM zones z WHERE z.publisher_id = $1 AND EXISTS (SELECT 1 FROM access WHERE NOT access.legacy) ${filter}`;
  return `
    WITH access AS MATERIALIZED (
      SELECT bu.is_legacy_just_premium AS legacy
        FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id
       WHERE p.id = $1 AND ${ALLOWED_PUBLISHER_SQL('p.id', '$2', '$3')}
    ), page AS (
      SELECT z.tracking_id, row_number() OVER (ORDER BY ${orderBy}) AS position
        ${matches}
       ORDER BY ${orderBy}
       LIMIT $4 OFFSET $5
    )
    SELECT (SELECT legacy FROM access) AS legacy,
           (SELECT count(*)::int ${matches}) AS total,
           (SELECT json_agg(json_build_object(
                     'trackingId', z.tracking_id,
                     'name', z.name,
                     'enabled', z.enabled,
                     'typeId', z.type_id,
                     'publisherId', z.publisher_id,
                     'services', ${ZONE_SERVICES_JSON('z.tracking_id')},
                     'numberOfSlots', z.number_of_slots) ORDER BY page.position)
              FROM page JOIN zones z ON z.tracking_id = page.tracking_id) AS content`;
}

export const zoneSearchHandlers: Handlers = {
  async searchZones({ db, principal, params, query }) {
    const page = query.page ?? 0;
    const size = query.size ?? 20;
    const filter = filterOf(query);
    const sql = searchSql(ORDER_BY[query.sortBy ?? 'name'](query.direction ?? 'ASC'), filterSql(filter));
    const values: unknown[] = [params.publisherId, principal.id, principal.isInternal, size, page * size];
    if (filter) values.push(filter.patterns, filter.trackingIds);
    const row = await db.one<SearchRow>(sql, values);
    if (!row || row.legacy === null) throw notFound('Publisher not found');
    if (row.legacy) throw forbidden('Not available for this publisher');
    const total = row.total;
    const answer: ZonePage = { content: row.content ?? [], totalElements: total, totalPages: Math.ceil(total / size), page, size };
    return answer;
  },
};
