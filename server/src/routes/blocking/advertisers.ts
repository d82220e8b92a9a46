// What can be blocked: the global advertiser search and the IAB category tree (reference data, no publisher scope).
import { publisherFor } from '../../auth/access';
import type { Handlers } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { components } from '../../../../openapi/portal';
import { MAX_SEARCH_RESULTS } from '../../../../src/lib/limits';

type Advertiser = components['schemas']['Advertiser'];
type IabCategory = components['schemas']['IabCategory'];

/** ILIKE pattern matching `term` anywhere, with the term's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search counts matches up to this many. Counting every match of a common three-letter term among 500,000
 * advertisers reads tens of thousands of rows; the console shows at most 50, and a user whose term matches over a
 * thousand advertisers types another letter.
 */
export const ADVERTISER_COUNT_CAP = 1000;

/**
 * Name-index entries a page walk reads at most before it gives up for reading every match and sorting them. A
 * common term fills its page after a few thousand entries (`sol` among the large seed's 500,000: about 4,400); one
 * whose matches all sort late (every name that holds it starts with it) would otherwise walk the whole index.
 */
export const ADVERTISER_WALK_BUDGET = 20_000;

/** Length of the strings migration 0008 counts per advertiser name. */
const GRAM_LENGTH = 3;

// hasDomain ($2) true: only advertisers with a domain; false: only those without; null: both.
const DOMAIN_FILTER = '($2::boolean IS NULL OR has_domain = $2::boolean)';

/**
 * A page walk of the name index in order (name_lower, id, with has_domain) from the index alone, reading at most
 * ADVERTISER_WALK_BUDGET entries; names are then read for the page's rows only, as one JSON value. Matching
 * outside the bounded subquery keeps the planner off the trigram index. `pattern`: the lower-cased LIKE pattern.
 */
const walkSql = (pattern: string) => `
  SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'domain', a.domain) ORDER BY p.name_lower, p.id), '[]')
    FROM (SELECT id, name_lower
            FROM (SELECT id, name_lower, has_domain FROM advertisers ORDER BY name_lower, id LIMIT ${ADVERTISER_WALK_BUDGET}) w
           WHERE name_lower LIKE ${pattern} AND ${DOMAIN_FILTER}
           ORDER BY name_lower, id LIMIT $3 OFFSET $4) p
    JOIN advertisers a ON a.id = p.id`;

/**
 * The LIKE pattern lower-cased as the names are ($5: containsPattern of the term), the term's length and, when it
 * has three characters or more, how many advertisers hold its rarest three-character string under the domain
 * filter (0 when one is held by none): the exact number of matches of a three-character term, an upper bound on a
 * longer one's. A three-character term matching more than the cap has its page walked in the same statement.
 */
const TERM_SQL = `
  WITH c AS (
    SELECT q.pattern, char_length(q.term) AS length,
           CASE WHEN count(g.gram) < cardinality(q.grams) THEN 0
                ELSE min(CASE WHEN $2::boolean IS NULL THEN g.advertisers WHEN $2::boolean THEN g.with_domain
                              ELSE g.advertisers - g.with_domain END) END AS bound
      FROM (SELECT t.term, t.pattern, ARRAY(SELECT advertiser_name_grams_of(t.term)) AS grams
              FROM (SELECT lower($1::text) AS term, lower($5::text) AS pattern) t) q
      -- = ANY: key lookups even in the generic plan (a join with the strings as rows was planned as a hash join
      -- over the whole table, guessing a thousand of them).
      LEFT JOIN advertiser_name_grams g ON g.gram = ANY(q.grams)
     GROUP BY q.term, q.pattern, q.grams)
  SELECT c.pattern, c.length, c.bound,
         CASE WHEN c.length = ${GRAM_LENGTH} AND c.bound > ${ADVERTISER_COUNT_CAP} THEN (${walkSql('c.pattern')}) END AS walked
    FROM c`;

// $1 below: the lower-cased LIKE pattern.

/** Up to ADVERTISER_COUNT_CAP + 1 matches through the trigram index, counted, and the page of them in name order. */
const FEW_MATCHES_SQL = `
  WITH m AS (SELECT id, name, domain, name_lower FROM advertisers
              WHERE name_lower LIKE $1 AND ${DOMAIN_FILTER} LIMIT ${ADVERTISER_COUNT_CAP + 1})
  SELECT (SELECT count(*)::int FROM m) AS total,
         (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'domain', p.domain) ORDER BY p.name_lower, p.id), '[]')
            FROM (SELECT * FROM m ORDER BY name_lower, id LIMIT $3 OFFSET $4) p) AS content`;

const WALK_SQL = `SELECT (${walkSql('$1')}) AS walked`;

/** The page from every match, read through the trigram index and sorted: when the walk ran out of budget. */
const ALL_MATCHES_SQL = `
  WITH m AS MATERIALIZED (SELECT id, name, domain, name_lower FROM advertisers WHERE name_lower LIKE $1 AND ${DOMAIN_FILTER})
  SELECT id, name, domain FROM m ORDER BY name_lower, id LIMIT $3 OFFSET $4`;

/** ILIKE pattern matching names that start with `term`. */
const prefixPattern = (term: string) => `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * orderBy=relevance (issue 30): the first ADVERTISER_COUNT_CAP + 1 matches through the trigram index and the first
 * page of names starting with the term, ranked: those names first, then what each advertiser earned the publisher
 * ($6, null: none read) over the 30 days ending on its last day of reporting (report_advertiser_30_days, its primary
 * key), then name and id. $1 the lower-cased contains pattern, $5 the lower-cased prefix pattern.
 */
const RELEVANCE_SQL = `
  WITH m AS (SELECT id, name, domain, name_lower FROM advertisers
              WHERE name_lower LIKE $1 AND ${DOMAIN_FILTER} LIMIT ${ADVERTISER_COUNT_CAP + 1}),
       p AS (SELECT id, name, domain, name_lower FROM advertisers
              WHERE name_lower LIKE $5 AND ${DOMAIN_FILTER} ORDER BY name_lower, id LIMIT ${MAX_SEARCH_RESULTS}),
       u AS (SELECT * FROM m UNION SELECT * FROM p),
       s AS (SELECT advertiser_id, revenue FROM report_advertiser_30_days
              WHERE publisher_id = $6::int
                AND last_day = (SELECT max(last_day) FROM report_advertiser_30_days WHERE publisher_id = $6::int)
                AND advertiser_id IN (SELECT id FROM u))
  SELECT (SELECT least(count(*), ${ADVERTISER_COUNT_CAP})::int FROM u) AS total,
         (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'domain', r.domain) ORDER BY r.rank), '[]')
            FROM (SELECT u.id, u.name, u.domain,
                         row_number() OVER (ORDER BY (u.name_lower LIKE $5) DESC, coalesce(s.revenue, 0) DESC, u.name_lower, u.id) AS rank
                    FROM u LEFT JOIN s ON s.advertiser_id = u.id
                   ORDER BY rank LIMIT $3 OFFSET $4) r) AS content`;

export const advertiserHandlers: Handlers = {
  /**
   * How many advertisers match decides the plan. A term of three characters has its exact count in
   * advertiser_name_grams (migration 0008); a longer one an upper bound there. None: an empty page. A few (up to
   * ADVERTISER_COUNT_CAP), or a longer or shorter term whose count is not known: up to ADVERTISER_COUNT_CAP + 1
   * matches through the trigram index, counted and sorted (a rare term is answered here, from its few rows). More:
   * the total is the cap, and the page comes from a walk of the name index in order, which a common term fills
   * after a few thousand entries while sorting all its matches would not; a walk that runs out of budget before
   * the page is full gives way to sorting every match.
   */
  async searchAdvertisers({ db, principal, query }) {
    const request = pageRequest(query, MAX_SEARCH_RESULTS);
    const [limit, offset] = limitOffset(request);
    const term = query.partialName.trim();
    const hasDomain = query.hasDomain ?? null;
    if (query.orderBy === 'relevance') {
      // The spend is the publisher's: read only for one the caller may act for (another is missing to it).
      if (query.publisherId !== undefined) await publisherFor(db, principal, query.publisherId);
      const lower = term.toLowerCase();
      const ranked = await db.one<{ total: number; content: Advertiser[] }>(RELEVANCE_SQL, [
        containsPattern(lower), hasDomain, limit, offset, prefixPattern(lower), query.publisherId ?? null,
      ]);
      return pageOf(ranked?.content ?? [], ranked?.total ?? 0, request);
    }
    const [found] = await db.prepared<{ pattern: string; length: number; bound: number | null; walked: Advertiser[] | null }>(TERM_SQL, [
      term, hasDomain, limit, offset, containsPattern(term),
    ]);
    if (!found) throw new Error('the term statement answers one row');
    const bound = found.length >= GRAM_LENGTH ? (found.bound ?? 0) : Number.POSITIVE_INFINITY;
    if (bound === 0) return pageOf([], 0, request);
    const exact = found.length === GRAM_LENGTH;
    const params = [found.pattern, hasDomain, limit, offset];
    let walked = found.walked;
    if (walked === null) {
      const few = await db.one<{ total: number; content: Advertiser[] }>(FEW_MATCHES_SQL, params);
      const total = few?.total ?? 0;
      if (total <= ADVERTISER_COUNT_CAP) return pageOf(few?.content ?? [], total, request);
      const [page] = await db.prepared<{ walked: Advertiser[] }>(WALK_SQL, params);
      walked = page?.walked ?? [];
    }
    // A short page is the last one only when the exact count says so; otherwise the walk stopped at its budget.
    const complete = walked.length === limit || (exact && walked.length === Math.max(0, Math.min(limit, bound - offset)));
    const rows = complete ? walked : await db.query<Advertiser>(ALL_MATCHES_SQL, params);
    return pageOf(rows, ADVERTISER_COUNT_CAP, request);
  },

  async listIabCategories({ db, query }) {
    const name = query.language === 'ja' ? 'name_ja' : 'name_en';
    const rows = await db.query<{ category: IabCategory }>(
      `SELECT json_build_object(
                'id', p.id, 'name', p.${name}, 'parentId', NULL, 'label', p.${name} || ' (' || p.id || ')',
                'subCategories', (
                  SELECT coalesce(json_agg(json_build_object(
                           'id', c.id, 'name', c.${name}, 'parentId', c.parent_id, 'subId', c.sub_id,
                           'label', c.${name} || ' (' || c.id || ')') ORDER BY c.sub_id), '[]'::json)
                    FROM iab_categories c WHERE c.parent_id = p.id)) AS category
         FROM iab_categories p
        WHERE p.parent_id IS NULL
        ORDER BY substring(p.id FROM 4)::int`,
    );
    return rows.map((row) => row.category);
  },
};
