// What can be blocked: the global advertiser search and the IAB category tree (reference data, no publisher scope).
import type { Handlers } from '../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../http/paging';
import type { components } from '../../../src/dataProvider/schema';
import { MAX_SEARCH_RESULTS } from '../../../src/lib/limits';

type Advertiser = components['schemas']['Advertiser'];
type IabCategory = components['schemas']['IabCategory'];

/** ILIKE pattern matching `term` anywhere, with the term's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search counts matches up to this many. Counting every match of a common three-letter term among 500,000
 * advertisers reads tens of thousands of rows (about 20 ms on PGlite); the console shows at most 50, and a user
 * whose term matches over a thousand advertisers types another letter.
 */
export const ADVERTISER_COUNT_CAP = 1000;

export const advertiserHandlers: Handlers = {
  /**
   * Two plans, chosen by how many advertisers match. First, up to ADVERTISER_COUNT_CAP + 1 matches through the
   * trigram index (a rare term is answered here, from its few rows). When there are more, the page is read by
   * walking the name index in order (name_lower, id, with has_domain) from the index alone until the page is
   * full: a common term fills it after a few thousand entries, while sorting all its matches would not.
   * strpos keeps the planner off the trigram index for that walk; names are then read for the page's rows only.
   */
  async searchAdvertisers({ db, query }) {
    const request = pageRequest(query, MAX_SEARCH_RESULTS);
    const [limit, offset] = limitOffset(request);
    const term = query.partialName.trim();
    const hasDomain = query.hasDomain ?? null;
    // hasDomain=true: only advertisers with a domain; false: only those without; absent: both.
    const domainFilter = '($2::boolean IS NULL OR has_domain = $2::boolean)';
    const found = await db.one<{ total: number; content: Advertiser[] }>(
      `WITH m AS (SELECT id, name, domain, name_lower FROM advertisers
                   WHERE name_lower LIKE lower($1) AND ${domainFilter} LIMIT ${ADVERTISER_COUNT_CAP + 1})
       SELECT (SELECT count(*)::int FROM m) AS total,
              (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'domain', p.domain) ORDER BY p.name_lower, p.id), '[]')
                 FROM (SELECT * FROM m ORDER BY name_lower, id LIMIT $3 OFFSET $4) p) AS content`,
      [containsPattern(term), hasDomain, limit, offset],
    );
    const total = found?.total ?? 0;
    if (total <= ADVERTISER_COUNT_CAP) return pageOf(found?.content ?? [], total, request);
    const rows = await db.query<Advertiser>(
      `SELECT a.id, a.name, a.domain
         FROM (SELECT id, name_lower FROM advertisers WHERE strpos(name_lower, lower($1)) > 0 AND ${domainFilter}
                ORDER BY name_lower, id LIMIT $3 OFFSET $4) p
         JOIN advertisers a ON a.id = p.id
        ORDER BY p.name_lower, p.id`,
      [term, hasDomain, limit, offset],
    );
    return pageOf(rows, Math.min(total, ADVERTISER_COUNT_CAP), request);
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
