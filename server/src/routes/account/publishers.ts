// Publishers: the chooser's search, one publisher, GDPR acceptance. Each publisher carries the caller's role in its
// team (null for network staff): the console's access rules read it (src/lib/roles.ts).
import { MEMBER_OR_STAFF, MEMBERSHIP_JOIN, publisherFor } from '../../auth/access';
import { forbidden } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import type { Queryable } from '../../db/db';
import type { components } from '../../../../openapi/portal';
import { MAX_SEARCH_RESULTS } from '../../../../src/lib/limits';

type Publisher = components['schemas']['Publisher'];

/** One SELECT list for every answer that returns publishers, in the contract's shape (FROM publisherFrom). */
export const PUBLISHER_JSON = `json_build_object(
  'id', p.id,
  'name', p.name,
  'businessUnit', json_build_object('id', bu.id, 'name', bu.name),
  'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'gdprAcceptedAt', to_char(p.gdpr_accepted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'hasSlotRevenue', p.has_slot_revenue,
  'passbackAdvertiser', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name) END,
  'passbackCampaigns', p.passback_campaigns,
  'hasInVideoZones', EXISTS (SELECT 1 FROM zones iz JOIN zone_services izs ON izs.zone_id = iz.tracking_id
                             WHERE iz.publisher_id = p.id AND izs.service_id IN (15, 16) AND izs.enabled),
  'role', m.role,
  'requireTwoFactor', p.require_two_factor
)`;

/** The publishers, with the caller's membership (`principalParam`) as `m`. */
export const publisherFrom = (principalParam: string) => `publishers p
  JOIN business_units bu ON bu.id = p.business_unit_id
  LEFT JOIN advertisers a ON a.id = p.passback_advertiser_id
  ${MEMBERSHIP_JOIN('p.id', principalParam)}`;

/** One publisher as the caller sees it (its role there); after an access check. */
export async function publisherAsSeenBy(db: Queryable, principalId: number, publisherId: number): Promise<Publisher> {
  const row = await db.one<{ publisher: Publisher }>(`SELECT ${PUBLISHER_JSON} AS publisher FROM ${publisherFrom('$2')} WHERE p.id = $1`, [
    publisherId,
    principalId,
  ]);
  return row!.publisher;
}

export const publisherHandlers: Handlers = {
  async searchPublishers({ db, principal, query }) {
    const term = (query.searchTerm ?? '').trim();
    const rows = await db.query<{ publisher: Publisher }>(
      `SELECT ${PUBLISHER_JSON} AS publisher FROM ${publisherFrom('$1')}
        WHERE ${MEMBER_OR_STAFF('$2')}
          AND ($3 = '' OR p.name ILIKE '%' || replace(replace(replace($3, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
               OR p.id::text = $3)
        ORDER BY lower(p.name), p.id
        LIMIT $4`,
      [principal.id, principal.isInternal, term, query.maxResults ?? MAX_SEARCH_RESULTS],
    );
    return rows.map((row) => row.publisher);
  },

  async getPublisher({ db, principal, params }) {
    await publisherFor(db, principal, params.publisherId);
    return publisherAsSeenBy(db, principal.id, params.publisherId);
  },

  async acceptGdpr({ db, principal, params, record }) {
    await publisherFor(db, principal, params.publisherId);
    // The banner is never shown to internal users, so they cannot accept for a publisher either.
    if (principal.isInternal) throw forbidden('Only the publisher can accept the GDPR notice');
    const row = await db.one<{ at: string }>(
      `UPDATE publishers SET gdpr_accepted_at = coalesce(gdpr_accepted_at, now()) WHERE id = $1 RETURNING gdpr_accepted_at AS at`,
      [params.publisherId],
    );
    await record({ kind: 'GDPR', publisherId: params.publisherId, zone: null, before: null, after: { acceptedAt: row!.at } });
    return { gdprAcceptedAt: row!.at };
  },
};
