// Account settings: ads.txt lines and the inclusive inventory program (self identifiers of zone domains).
import { assertFullProduct, publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { badRequest, notFound, type ErrorDetail } from '../../http/errors';
import { NO_CONTENT, type Handlers } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { components } from '../../../../openapi/portal';
import type { Named } from '../../../../src/lib/history';

type AdsTxtLine = components['schemas']['AdsTxtLine'];
type SelfIdentifier = components['schemas']['SelfIdentifier'];
type ZoneDomainSelfIdentifiers = components['schemas']['ZoneDomainSelfIdentifiers'];

export const accountHandlers: Handlers = {
  async getAdsTxt({ db, principal, query }) {
    const publisher = await publisherFor(db, principal, query.publisherId);
    const businessUnitIds = query.businessUnitIds?.length ? query.businessUnitIds : [publisher.businessUnitId];
    return requiredAdsTxtLines(db, publisher.id, businessUnitIds);
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

  async saveZoneDomainSelfIdentifiers({ db, principal, params, body, record }) {
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
    const own = await db.query<{ id: number; zoneId: number; zoneName: string; domain: string }>(
      `SELECT d.id, d.zone_id AS "zoneId", z.name AS "zoneName", d.domain FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id
        WHERE d.id = ANY($1::int[]) AND z.publisher_id = $2
        ORDER BY array_position($1::int[], d.id)
          FOR UPDATE OF d`,
      [zoneDomainIds, params.publisherId],
    );
    if (own.length !== zoneDomainIds.length) throw notFound('Zone domain not found');
    const before = await domainSelfIdentifiers(db, zoneDomainIds);
    await db.query('DELETE FROM zone_domain_self_identifiers WHERE zone_domain_id = ANY($1::int[])', [zoneDomainIds]);
    for (const entry of body) {
      await db.query(
        `INSERT INTO zone_domain_self_identifiers (zone_domain_id, self_identifier_id)
         SELECT $1, id FROM unnest($2::int[]) AS id`,
        [entry.zoneDomainId, entry.selfIdentifierIds],
      );
    }
    const after = await domainSelfIdentifiers(db, zoneDomainIds);
    const key = (items: readonly Named[] | undefined) => (items ?? []).map((item) => item.id).join(',');
    const changed = own.filter((domain) => key(before.get(domain.id)) !== key(after.get(domain.id)));
    const entries = (of: ReadonlyMap<number, Named[]>) =>
      changed.map((domain) => ({
        zoneDomainId: domain.id,
        zone: { id: domain.zoneId, name: domain.zoneName },
        domain: domain.domain,
        selfIdentifiers: of.get(domain.id) ?? [],
      }));
    const zones = new Map(own.map((domain) => [domain.zoneId, domain.zoneName]));
    const [onlyZone] = zones.size === 1 ? [...zones] : [];
    await record({
      kind: 'SELF_IDENTIFIERS',
      publisherId: params.publisherId,
      zone: onlyZone ? { id: onlyZone[0], name: onlyZone[1] } : null,
      before: { domains: entries(before) },
      after: { domains: entries(after) },
    });
    return NO_CONTENT;
  },
};

/**
 * The ads.txt lines the network requires of a publisher (the ads.txt lines page's, and the monitor's measure):
 * network-wide lines (no scope), lines of the given business units, and lines of this publisher only.
 */
export async function requiredAdsTxtLines(db: Queryable, publisherId: number, businessUnitIds: readonly number[]): Promise<AdsTxtLine[]> {
  const lines = await db.query<Omit<AdsTxtLine, 'tagId'> & { tagId: string | null }>(
    `SELECT exchange_domain AS "exchangeDomain", seller_account_id AS "sellerAccountId", account_type AS "accountType",
            tag_id AS "tagId"
       FROM ads_txt_lines
      WHERE (business_unit_id IS NULL OR business_unit_id = ANY($1::int[]))
        AND (publisher_id IS NULL OR publisher_id = $2)
      ORDER BY position, id`,
    [businessUnitIds, publisherId],
  );
  return lines.map(({ tagId, ...line }) => (tagId === null ? line : { ...line, tagId }));
}

/** The self identifiers of each zone domain, by id (the change history keeps them named); [] for none. */
export async function domainSelfIdentifiers(db: Queryable, zoneDomainIds: readonly number[]): Promise<Map<number, Named[]>> {
  const rows = await db.query<Named & { zoneDomainId: number }>(
    `SELECT zs.zone_domain_id AS "zoneDomainId", s.id, s.name
       FROM zone_domain_self_identifiers zs JOIN self_identifiers s ON s.id = zs.self_identifier_id
      WHERE zs.zone_domain_id = ANY($1::int[])
      ORDER BY zs.zone_domain_id, s.id`,
    [zoneDomainIds],
  );
  const byDomain = new Map(zoneDomainIds.map((id) => [id, [] as Named[]]));
  for (const { zoneDomainId, ...selfIdentifier } of rows) byDomain.get(zoneDomainId)?.push(selfIdentifier);
  return byDomain;
}
