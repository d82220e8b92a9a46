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

export const advertiserHandlers: Handlers = {
  async searchAdvertisers({ db, query }) {
    const request = pageRequest(query, MAX_SEARCH_RESULTS);
    const [limit, offset] = limitOffset(request);
    // hasDomain=true: only advertisers with a domain; false: only those without; absent: both.
    const where = `a.name ILIKE $1 AND ($2::boolean IS NULL OR (coalesce(a.domain, '') <> '') = $2::boolean)`;
    const params = [containsPattern(query.partialName.trim()), query.hasDomain ?? null];
    const count = await db.one<{ total: number }>(`SELECT count(*)::int AS total FROM advertisers a WHERE ${where}`, params);
    const rows = await db.query<Advertiser>(
      `SELECT a.id, a.name, a.domain FROM advertisers a WHERE ${where} ORDER BY lower(a.name), a.id LIMIT $3 OFFSET $4`,
      [...params, limit, offset],
    );
    return pageOf(rows, count?.total ?? 0, request);
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
