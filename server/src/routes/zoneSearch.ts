// The zones list (searchZones), the portal's busiest read. It must stay fast at 100,000 zones on PGlite, which
// runs one statement at a time, so a request costs exactly one statement after authentication: the publisher
// access check, the page, its total and each row's services are all folded into the query below. Each sort
// walks an index that starts with publisher_id (migrations 0001 and 0002) and services are aggregated only
// for the page's rows.
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
  name: (d) => `lower(z.name) ${d}, z.tracking_id ${d}`,
  trackingId: (d) => `z.tracking_id ${d}`,
  numberOfSlots: (d) => `z.number_of_slots ${d}, z.tracking_id ${d}`,
};

/** ILIKE pattern matching names that contain `term`; the term's own %, _ and \ match themselves. */
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

/** The filter as SQL over parameters $n (patterns) and $n+1 (ids); an empty array matches nothing. */
function filterSql(filter: Filter | null, n: number): string {
  return filter ? `AND (z.name ILIKE ANY ($${n}::text[]) OR z.tracking_id = ANY ($${n + 1}::int[]))` : '';
}

interface SearchRow {
  legacy: boolean | null;
  total: number | null;
  content: ZoneSummary[] | null;
}

function searchSql(orderBy: string, filter: string): string {
  return `
    WITH access AS MATERIALIZED (
      SELECT bu.is_legacy_just_premium AS legacy
        FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id
       WHERE p.id = $1 AND ${ALLOWED_PUBLISHER_SQL('p.id', '$2', '$3')}
    ), page AS (
      SELECT z.tracking_id, z.name, z.enabled, z.type_id, z.number_of_slots,
             count(*) OVER () AS total, row_number() OVER (ORDER BY ${orderBy}) AS position
        FROM zones z
       WHERE z.publisher_id = $1 AND EXISTS (SELECT 1 FROM access WHERE NOT access.legacy) ${filter}
       ORDER BY ${orderBy}
       LIMIT $4 OFFSET $5
    )
    SELECT (SELECT legacy FROM access) AS legacy,
           (SELECT total FROM page LIMIT 1) AS total,
           (SELECT json_agg(json_build_object(
                     'trackingId', page.tracking_id,
                     'name', page.name,
                     'enabled', page.enabled,
                     'typeId', page.type_id,
                     'publisherId', $1::int,
                     'services', ${ZONE_SERVICES_JSON('page.tracking_id')},
                     'numberOfSlots', page.number_of_slots) ORDER BY page.position)
              FROM page) AS content`;
}

export const zoneSearchHandlers: Handlers = {
  async searchZones({ db, principal, params, query }) {
    const page = query.page ?? 0;
    const size = query.size ?? 20;
    const filter = filterOf(query);
    const sql = searchSql(ORDER_BY[query.sortBy ?? 'name'](query.direction ?? 'ASC'), filterSql(filter, 6));
    const values: unknown[] = [params.publisherId, principal.id, principal.isInternal, size, page * size];
    if (filter) values.push(filter.patterns, filter.trackingIds);
    const row = await db.one<SearchRow>(sql, values);
    if (!row || row.legacy === null) throw notFound('Publisher not found');
    if (row.legacy) throw forbidden('Not available for this publisher');

    let total = row.total ?? 0;
    // A page past the end has no row to carry the total: count separately (rare, never on the first page).
    if (row.total === null && page > 0) {
      const counted = await db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM zones z WHERE z.publisher_id = $1 ${filterSql(filter, 2)}`,
        filter ? [params.publisherId, filter.patterns, filter.trackingIds] : [params.publisherId],
      );
      total = counted?.total ?? 0;
    }
    const answer: ZonePage = { content: row.content ?? [], totalElements: total, totalPages: Math.ceil(total / size), page, size };
    return answer;
  },
};
