// The network's sellers.json (IAB sellers.json 1.0; issue 27 item 6): one PUBLISHER seller per publisher whose own
// ads.txt line names a seller account id, confidential publishers without their name and domain.
import { publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import type { Handlers } from '../../http/handlers';
import type { components } from '../../../../openapi/portal';

type SellersJson = components['schemas']['SellersJson'];
type Seller = SellersJson['sellers'][number];

/**
 * The domain sellers.json gives for publisher `p`: the root domain of its ads.txt site with the most zones (ties
 * by name), the OWNERDOMAIN its ads.txt files should name.
 */
export const SELLER_DOMAIN_SQL = `(SELECT s.domain FROM ads_txt_sites s WHERE s.publisher_id = p.id AND s.declared_by IS NULL AND s.kind = 'ads.txt'
      ORDER BY (SELECT count(*) FROM ads_txt_site_zones sz WHERE sz.site_id = s.id) DESC, s.domain LIMIT 1)`;

/** The publisher's sellers.json domain, null when it is confidential or has no site. */
export async function sellersJsonDomain(db: Queryable, publisherId: number): Promise<string | null> {
  const row = await db.one<{ domain: string | null }>(
    `SELECT CASE WHEN p.sellers_json_confidential THEN NULL ELSE ${SELLER_DOMAIN_SQL} END AS domain FROM publishers p WHERE p.id = $1`,
    [publisherId],
  );
  return row?.domain ?? null;
}

export const sellersJsonHandlers: Handlers = {
  async getSellersJson({ db, config, reply }) {
    // The publisher's own line (scoped to it) carries its seller account id; its domain is the root domain of the
    // site the monitor crawls with the most zones (the OWNERDOMAIN a publisher's ads.txt should name).
    const rows = await db.query<{ sellerId: string; name: string; confidential: boolean; domain: string | null }>(
      `SELECT DISTINCT ON (l.seller_account_id) l.seller_account_id AS "sellerId", p.name, p.sellers_json_confidential AS confidential,
              ${SELLER_DOMAIN_SQL} AS domain
         FROM ads_txt_lines l JOIN publishers p ON p.id = l.publisher_id
        ORDER BY l.seller_account_id, l.position, l.id`,
    );
    const sellers = rows.map((row): Seller => {
      if (row.confidential) return { seller_id: row.sellerId, seller_type: 'PUBLISHER', is_confidential: 1 };
      return { seller_id: row.sellerId, seller_type: 'PUBLISHER', is_confidential: 0, name: row.name, ...(row.domain ? { domain: row.domain } : {}) };
    });
    reply.header('cache-control', 'public, max-age=3600');
    return { version: '1.0', contact_email: config.console.supportEmail, identifiers: [], sellers };
  },

  async getSellersJsonSetting({ db, principal, params }) {
    await publisherFor(db, principal, params.publisherId);
    const row = await db.one<{ confidential: boolean }>('SELECT sellers_json_confidential AS confidential FROM publishers WHERE id = $1', [params.publisherId]);
    return { confidential: row?.confidential ?? false };
  },

  async setSellersJsonSetting({ db, principal, params, body, record }) {
    await publisherFor(db, principal, params.publisherId);
    const before = await db.one<{ confidential: boolean }>('SELECT sellers_json_confidential AS confidential FROM publishers WHERE id = $1 FOR UPDATE', [params.publisherId]);
    await db.query('UPDATE publishers SET sellers_json_confidential = $2 WHERE id = $1', [params.publisherId, body.confidential]);
    await record({
      kind: 'TEAM_SETTINGS',
      publisherId: params.publisherId,
      zone: null,
      before: { sellersJsonConfidential: before?.confidential ?? false },
      after: { sellersJsonConfidential: body.confidential },
    });
    return { confidential: body.confidential };
  },
};
