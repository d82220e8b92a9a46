import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { insertZone } from '../support/zoneFixtures';
import { expectAccessMatrix } from '../support/accessMatrix';
import { clearPublisherRows, insertZoneDomain } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;
const US = 1;
const JAPAN = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.premiumClassic, NOBODY]);
});
afterAll(() => t.close());

describe('ads.txt', () => {
  interface Line {
    exchangeDomain: string;
    sellerAccountId: string;
    accountType: string;
    tagId?: string;
  }
  async function addLine(position: number, seller: string, scope: { businessUnitId?: number; publisherId?: number }, tagId: string | null = null) {
    await t.db.query(
      `INSERT INTO ads_txt_lines (business_unit_id, publisher_id, position, exchange_domain, seller_account_id, account_type, tag_id)
       VALUES ($1, $2, $3, 'scoped.example', $4, 'RESELLER', $5)`,
      [scope.businessUnitId ?? null, scope.publisherId ?? null, position, seller, tagId],
    );
  }
  /** The network-wide lines as stored, in the answer's shape. */
  async function networkLines(): Promise<Line[]> {
    const rows = await t.db.query<{ e: string; s: string; a: string; tag: string | null }>(
      `SELECT exchange_domain AS e, seller_account_id AS s, account_type AS a, tag_id AS tag FROM ads_txt_lines
        WHERE business_unit_id IS NULL AND publisher_id IS NULL ORDER BY position, id`,
    );
    return rows.map((r) => ({ exchangeDomain: r.e, sellerAccountId: r.s, accountType: r.a, ...(r.tag ? { tagId: r.tag } : {}) }));
  }
  const scoped = (seller: string, tagId?: string): Line => ({ exchangeDomain: 'scoped.example', sellerAccountId: seller, accountType: 'RESELLER', ...(tagId ? { tagId } : {}) });

  beforeAll(async () => {
    // Only the network-wide seed lines stay: the scoped ones below are all the test expects.
    await t.db.query('DELETE FROM ads_txt_lines WHERE business_unit_id IS NOT NULL OR publisher_id IS NOT NULL');
    await addLine(1000, 'us-unit', { businessUnitId: US }, 'f00dfeed');
    await addLine(1001, 'jp-unit', { businessUnitId: JAPAN });
    await addLine(1002, 'solo-only', { publisherId: P.soloMedia });
    await addLine(1003, 'atlas-only', { publisherId: P.atlasNews });
  });

  it('answers the network lines, the publisher’s business unit lines and its own lines, in order', async () => {
    const res = await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${P.soloMedia}`, as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([...(await networkLines()), scoped('us-unit', 'f00dfeed'), scoped('solo-only')]);
  });

  it('answers the requested business units instead when given', async () => {
    const res = await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${P.soloMedia}&businessUnitIds=${JAPAN}`, as: 'solo' });
    expect(res.json()).toEqual([...(await networkLines()), scoped('jp-unit'), scoped('solo-only')]);
    const both = await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${P.soloMedia}&businessUnitIds=${JAPAN}&businessUnitIds=${US}`, as: 'solo' });
    expect(both.json().slice(-3)).toEqual([scoped('us-unit', 'f00dfeed'), scoped('jp-unit'), scoped('solo-only')]);
  });

  it('is available to legacy just-premium publishers', async () => {
    const res = await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${P.premiumClassic}`, as: 'multi' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await networkLines());
  });

  it('refuses unknown business units with a 400 naming the parameter', async () => {
    const res = await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${P.soloMedia}&businessUnitIds=99`, as: 'solo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toMatch(/^\/query\/businessUnitIds/);
  });

  it('passes the authorization matrix', async () => {
    const targets = { solo: P.soloMedia, multi: P.atlasNews, nobody: NOBODY, missing: 99999 };
    await expectAccessMatrix(t, targets, (id) => ({ method: 'GET', url: `/external/ads-txt?publisherId=${id}` }), 200);
  });
});

describe('self identifiers', () => {
  it('lists every self identifier by id', async () => {
    const res = await t.call({ method: 'GET', url: '/external/self-identifiers', as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await t.db.query('SELECT id, name FROM self_identifiers ORDER BY id'));
    expect(res.json().length).toBeGreaterThan(1);
    expect((await t.call({ method: 'GET', url: '/external/self-identifiers', as: null })).statusCode).toBe(401);
  });
});

describe('inclusive inventory program (zone domain self identifiers)', () => {
  const url = (publisherId: number) => `/external/publishers/${publisherId}/zone-domain-self-identifiers`;
  const domains: Record<string, number> = {};

  beforeAll(async () => {
    const front = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Front' });
    const apps = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Sports' });
    domains.b = await insertZoneDomain(t.db, front, '*.b-news.example', [3, 1]);
    domains.a = await insertZoneDomain(t.db, apps, '*.a-sports.example');
    domains.c = await insertZoneDomain(t.db, front, '*.c-blog.example', [2]);
    domains.atlas = await insertZoneDomain(t.db, await insertZone(t.db, { publisherId: P.atlasNews }), '*.atlas.example', [4]);
    domains.nobody = await insertZoneDomain(t.db, await insertZone(t.db, { publisherId: NOBODY }), '*.nobody.example');
    domains.legacy = await insertZoneDomain(t.db, await insertZone(t.db, { publisherId: P.premiumClassic }), '*.legacy.example');
  });

  async function selfIdentifiersOf(zoneDomainId: number): Promise<number[]> {
    const rows = await t.db.query<{ id: number }>(
      'SELECT self_identifier_id AS id FROM zone_domain_self_identifiers WHERE zone_domain_id = $1 ORDER BY 1',
      [zoneDomainId],
    );
    return rows.map((row) => row.id);
  }
  const nameOf = async (id: number) => (await t.db.one<{ name: string }>('SELECT name FROM self_identifiers WHERE id = $1', [id]))!.name;

  it('pages the publisher’s zone domains by domain, each with its self identifiers', async () => {
    const first = await t.call({ method: 'GET', url: `${url(P.soloMedia)}?page=0&size=2`, as: 'solo' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ totalElements: 3, totalPages: 2, page: 0, size: 2 });
    expect(first.json().content[0]).toEqual({ zoneDomainId: domains.a, zoneId: expect.any(Number), domain: { domain: '*.a-sports.example' }, selfIdentifiers: [] });
    expect(first.json().content[1]).toMatchObject({
      zoneDomainId: domains.b,
      selfIdentifiers: [{ id: 1, name: await nameOf(1) }, { id: 3, name: await nameOf(3) }],
    });
    const second = await t.call({ method: 'GET', url: `${url(P.soloMedia)}?page=1&size=2`, as: 'solo' });
    expect(second.json().content.map((row: { zoneDomainId: number }) => row.zoneDomainId)).toEqual([domains.c]);
  });

  it('gives each listed zone domain exactly the given self identifiers', async () => {
    const res = await t.call({
      method: 'POST',
      url: url(P.soloMedia),
      as: 'solo',
      payload: [
        { zoneDomainId: domains.b, selfIdentifierIds: [2, 5] },
        { zoneDomainId: domains.c, selfIdentifierIds: [] },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(await selfIdentifiersOf(domains.b!)).toEqual([2, 5]);
    expect(await selfIdentifiersOf(domains.c!)).toEqual([]);
    const listed = await t.call({ method: 'GET', url: url(P.soloMedia), as: 'solo' });
    const b = listed.json().content.find((row: { zoneDomainId: number }) => row.zoneDomainId === domains.b);
    expect(b.selfIdentifiers.map((s: { id: number }) => s.id)).toEqual([2, 5]);
  });

  it('refuses a save naming another publisher’s zone domain as a missing one, changing nothing', async () => {
    const before = await selfIdentifiersOf(domains.b!);
    const withForeign = await t.call({
      method: 'POST',
      url: url(P.soloMedia),
      as: 'solo',
      payload: [{ zoneDomainId: domains.b, selfIdentifierIds: [7] }, { zoneDomainId: domains.atlas, selfIdentifierIds: [7] }],
    });
    const withMissing = await t.call({
      method: 'POST',
      url: url(P.soloMedia),
      as: 'solo',
      payload: [{ zoneDomainId: domains.b, selfIdentifierIds: [7] }, { zoneDomainId: 987654, selfIdentifierIds: [7] }],
    });
    expect(withForeign.statusCode).toBe(404);
    expect(withForeign.body).toBe(withMissing.body);
    expect(await selfIdentifiersOf(domains.b!)).toEqual(before);
    expect(await selfIdentifiersOf(domains.atlas!)).toEqual([4]);
  });

  it('refuses unknown self identifiers and repeated zone domains with a 400 naming the field, changing nothing', async () => {
    const before = await selfIdentifiersOf(domains.b!);
    const unknown = await t.call({ method: 'POST', url: url(P.soloMedia), as: 'solo', payload: [{ zoneDomainId: domains.b, selfIdentifierIds: [1, 9999] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ field: '/body/0/selfIdentifierIds/1' })]);
    const twice = await t.call({
      method: 'POST',
      url: url(P.soloMedia),
      as: 'solo',
      payload: [{ zoneDomainId: domains.b, selfIdentifierIds: [1] }, { zoneDomainId: domains.b, selfIdentifierIds: [2] }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([expect.objectContaining({ field: '/body/1/zoneDomainId' })]);
    const shape = await t.call({ method: 'POST', url: url(P.soloMedia), as: 'solo', payload: [{ zoneDomainId: domains.b }] });
    expect(shape.json().details[0].field).toBe('/body/0/selfIdentifierIds');
    expect(await selfIdentifiersOf(domains.b!)).toEqual(before);
  });

  it('is refused to legacy just-premium publishers (403)', async () => {
    expect((await t.call({ method: 'GET', url: url(P.premiumClassic), as: 'multi' })).statusCode).toBe(403);
    const save = await t.call({ method: 'POST', url: url(P.premiumClassic), as: 'multi', payload: [{ zoneDomainId: domains.legacy, selfIdentifierIds: [1] }] });
    expect(save.statusCode).toBe(403);
    expect(await selfIdentifiersOf(domains.legacy!)).toEqual([]);
  });

  it('passes the authorization matrix for listing and saving', async () => {
    const targets = { solo: P.soloMedia, multi: P.atlasNews, nobody: NOBODY, missing: 99999 };
    await expectAccessMatrix(t, targets, (id) => ({ method: 'GET', url: url(id) }), 200);
    const ownDomain: Record<number, number> = { [P.soloMedia]: domains.a!, [P.atlasNews]: domains.atlas!, [NOBODY]: domains.nobody! };
    await expectAccessMatrix(
      t,
      targets,
      (id) => ({ method: 'POST', url: url(id), payload: [{ zoneDomainId: ownDomain[id] ?? domains.a, selfIdentifierIds: [6] }] }),
      204,
    );
  });
});
