// Account settings: ads.txt lines and the inclusive inventory program (self identifiers of zone domains).
import { assertFullProduct, publisherFor } from '../auth/access';
import { badRequest, notFound, type ErrorDetail } from '../http/errors';
import { NO_CONTENT, type Handlers } from '../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../http/paging';
import type { components } from '../../../src/dataProvider/schema';

type AdsTxtLine = components['schemas']['AdsTxtLine'];
type SelfIdentifier = components['schemas']['SelfIdentifier'];
type ZoneDomainSelfIdentifiers = components['schemas']['ZoneDomainSelfIdentifiers'];

export const accountHandlers: Handlers = {
  async getAdsTxt({ db, principal, query }) {
    const publisher = await publisherFor(db, principal, query.publisherId);
    const businessUnitIds = query.businessUnitIds?.length ? query.businessUnitIds : [publisher.businessUnitId];
    // Network-wide lines (no scope), lines of the requested business units, and lines of this publisher only.
    const lines = await db.query<Omit<AdsTxtLine, 'tagId'> & { tagId: string | null }>(
      `SELECT exchange_domain AS "exchangeDomain", seller_account_id AS "sellerAccountId", account_type AS "accountType",
              tag_id AS "tagId"
         FROM ads_txt_lines
        WHERE (business_unit_id IS NULL OR business_unit_id = ANY($1::int[]))
          AND (publisher_id IS NULL OR publisher_id = $2)
        ORDER BY position, id`,
      [businessUnitIds, publisher.id],
    );
    return lines.map(({ tagId, ...line }) => (tagId === null ? line : { ...line, tagId }));
  },

  async listSelfIdentifiers({ db }) {
    return db.query<SelfIdentifier>('SELECT id, name FROM self_identifiers ORDER BY id');
  },

  async listZoneDomainSelfIdentifiers({ db, principal, params, query }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const count = await db.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id WHERE z.publisher_id = $1`,
      [params.publisherId],
    );
    const rows = await db.query<{ row: ZoneDomainSelfIdentifiers }>(
      `SELECT json_build_object(
                'zoneDomainId', d.id, 'zoneId', d.zone_id, 'domain', json_build_object('domain', d.domain),
                'selfIdentifiers', (
                  SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.id), '[]'::json)
                    FROM zone_domain_self_identifiers zs JOIN self_identifiers s ON s.id = zs.self_identifier_id
                   WHERE zs.zone_domain_id = d.id)) AS row
         FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id
        WHERE z.publisher_id = $1
        ORDER BY d.domain, d.id
        LIMIT $2 OFFSET $3`,
      [params.publisherId, limit, offset],
    );
    return pageOf(rows.map((r) => r.row), count?.total ?? 0, request);
  },

  async saveZoneDomainSelfIdentifiers({ db, principal, params, body }) {
    assertFullProduct(await publisherFor(db, principal, params.publisherId));

    const details: ErrorDetail[] = [];
    const firstIndex = new Map<number, number>();
    body.forEach((entry, i) => {
      if (firstIndex.has(entry.zoneDomainId)) details.push({ field: `/body/${i}/zoneDomainId`, message: 'is listed twice' });
      else firstIndex.set(entry.zoneDomainId, i);
    });
    const known = new Set(
      (await db.query<{ id: number }>('SELECT id FROM self_identifiers WHERE id = ANY($1::int[])', [body.flatMap((e) => e.selfIdentifierIds)])).map(
        (row) => row.id,
      ),
    );
    body.forEach((entry, i) =>
      entry.selfIdentifierIds.forEach((id, j) => {
        if (!known.has(id)) details.push({ field: `/body/${i}/selfIdentifierIds/${j}`, message: 'is not a self identifier', value: id });
      }),
    );
    if (details.length) throw badRequest('Some self identifiers are not valid', details);

    const zoneDomainIds = [...firstIndex.keys()];
    await db.transaction(async (tx) => {
      const own = await tx.query<{ id: number }>(
        `SELECT d.id FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id
          WHERE d.id = ANY($1::int[]) AND z.publisher_id = $2 FOR UPDATE OF d`,
        [zoneDomainIds, params.publisherId],
      );
      if (own.length !== zoneDomainIds.length) throw notFound('Zone domain not found');
      await tx.query('DELETE FROM zone_domain_self_identifiers WHERE zone_domain_id = ANY($1::int[])', [zoneDomainIds]);
      for (const entry of body) {
        await tx.query(
          `INSERT INTO zone_domain_self_identifiers (zone_domain_id, self_identifier_id)
           SELECT $1, id FROM unnest($2::int[]) AS id`,
          [entry.zoneDomainId, entry.selfIdentifierIds],
        );
      }
    });
    return NO_CONTENT;
  },
};
