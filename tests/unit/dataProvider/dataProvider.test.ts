import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/dataProvider/dataProvider';
import { createSessionStore } from '../../../src/dataProvider/session';
import { jwtFor, page, publisher, TEST_API_BASE, zone, zoneSummary } from '../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw, testClient } from '../../support/msw';
import { MemoryStorage } from '../../support/storage';

const server = setupMsw();
const requests = recordRequests(server);

function setup(options: { selected?: boolean } = {}) {
  const session = createSessionStore({ storage: new MemoryStorage(), events: null });
  session.setToken(jwtFor({ user: { id: 11 } }));
  if (options.selected !== false) session.setPublisher(publisher({ id: 101 }));
  return createDataProvider(testClient({ token: 'jwt' }), { session });
}

/** The last request as method, path and decoded query pairs. */
function lastCall() {
  const request = requests.at(-1);
  if (request === undefined) throw new Error('no request was made');
  const url = new URL(request.url);
  return { method: request.method, path: url.pathname, query: [...url.searchParams], request };
}

const zonesSearch = apiUrl('/external/publishers/:publisherId/zones/search');

describe('zones', () => {
  it('lists the selected publisher\'s zones: page 3 -> page=2, sort and size mapped, ids = trackingId', async () => {
    server.use(
      http.post(zonesSearch, () =>
        HttpResponse.json(page([zoneSummary({ trackingId: 7 }), zoneSummary({ trackingId: 8 })], { page: 2, totalElements: 42 })),
      ),
    );
    const result = await setup().getList('zones', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(result.total).toBe(42);
    expect(result.data.map((record) => record.id)).toEqual([7, 8]);
    expect(result.data[0]).toMatchObject({ trackingId: 7, name: 'Homepage' });
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/external/publishers/101/zones/search',
      query: [['page', '2'], ['size', '20'], ['sortBy', 'trackingId'], ['direction', 'DESC']],
    });
  });

  it.each([
    [{ field: 'name', order: 'ASC' }, 'name', 'ASC'],
    [{ field: 'numberOfSlots', order: 'DESC' }, 'numberOfSlots', 'DESC'],
    [{ field: 'services', order: 'DESC' }, 'name', 'DESC'],
    [undefined, 'name', 'ASC'],
  ] as const)('sorts %o as sortBy=%s direction=%s', async (sort, sortBy, direction) => {
    server.use(http.post(zonesSearch, () => HttpResponse.json(page([]))));
    await setup().getList('zones', { pagination: { page: 1, perPage: 20 }, sort, filter: {} });
    const { query } = lastCall();
    expect(query).toContainEqual(['sortBy', sortBy]);
    expect(query).toContainEqual(['direction', direction]);
  });

  it('searches names by q, and tracking ids too when q is all digits', async () => {
    server.use(http.post(zonesSearch, () => HttpResponse.json(page([]))));
    const provider = setup();
    await provider.getList('zones', { pagination: { page: 1, perPage: 20 }, filter: { q: 'Home page' } });
    expect(lastCall().query).toContainEqual(['names', 'Home page']);
    expect(lastCall().query.map(([key]) => key)).not.toContain('trackingIds');

    await provider.getList('zones', { pagination: { page: 1, perPage: 20 }, filter: { q: '5001' } });
    expect(lastCall().query).toEqual(expect.arrayContaining([['names', '5001'], ['trackingIds', '5001']]));
  });

  it('rejects without a selected publisher and makes no call', async () => {
    await expect(setup({ selected: false }).getList('zones', { filter: {} })).rejects.toThrow('No publisher is selected');
    expect(requests).toHaveLength(0);
  });

  it("passes react-admin's signal through: aborting cancels the request", async () => {
    server.use(
      http.post(zonesSearch, async () => {
        await delay('infinite');
        return HttpResponse.json(page([]));
      }),
    );
    const controller = new AbortController();
    const pending = setup().getList('zones', { filter: {}, signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads one zone with id = trackingId', async () => {
    server.use(http.get(apiUrl('/external/zones/:zoneId'), () => HttpResponse.json(zone({ trackingId: 5001 }))));
    const { data } = await setup().getOne('zones', { id: '5001' });
    expect(data).toMatchObject({ id: 5001, trackingId: 5001, domains: ['*.solo-media.example'] });
    expect(lastCall().path).toBe('/external/zones/5001');
  });

  it('updates a zone with the contract fields, edited over the previous record', async () => {
    server.use(
      http.put(apiUrl('/external/zones/:zoneId'), async ({ request }) =>
        HttpResponse.json(zone({ ...((await request.json()) as object), name: 'Renamed' })),
      ),
    );
    const previousData = { ...zone(), id: 5001 };
    const { data } = await setup().update('zones', { id: 5001, data: { name: 'Renamed' }, previousData });
    expect(data).toMatchObject({ id: 5001, name: 'Renamed' });
    expect(await lastCall().request.json()).toEqual({
      enabled: true,
      name: 'Renamed',
      typeId: 1,
      verticalId: 3,
      zoneGradeId: null,
      msaStartDate: null,
    });
  });

  it('requests a new zone for the signed-in user and the selected publisher', async () => {
    server.use(http.post(apiUrl('/external/request'), () => HttpResponse.json({ trackingId: 6001 }, { status: 201 })));
    const data = { name: 'Blog', domains: ['*.blog.example'], typeId: 1 as const, services: [5, 14] };
    const result = await setup().create('zones', { data });
    expect(result.data).toMatchObject({ id: 6001, trackingId: 6001, name: 'Blog' });
    expect(await lastCall().request.json()).toEqual({ userId: 11, publisherId: 101, ...data });
  });

  it('keeps the error body of a refused call', async () => {
    server.use(http.get(apiUrl('/external/zones/:zoneId'), () => apiError(404, 'NOT_FOUND', 'Zone not found')));
    await expect(setup().getOne('zones', { id: 9 })).rejects.toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

describe('publishers', () => {
  it('searches by q with perPage as maxResults', async () => {
    const found = [publisher({ id: 102, name: 'Atlas News' })];
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json(found)));
    const result = await setup().getList('publishers', { pagination: { page: 1, perPage: 25 }, filter: { q: ' atl ' } });
    expect(result).toEqual({ data: found, total: 1 });
    expect(lastCall().query).toEqual([['searchTerm', 'atl'], ['maxResults', '25']]);
  });

  it('lists the first 50 with an empty term by default', async () => {
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json([])));
    await setup({ selected: false }).getList('publishers', { filter: {} });
    expect(lastCall().query).toEqual([['searchTerm', ''], ['maxResults', '50']]);
  });

  it('reads one publisher', async () => {
    server.use(http.get(apiUrl('/external/publishers/:publisherId'), () => HttpResponse.json(publisher({ id: 103 }))));
    await expect(setup().getOne('publishers', { id: 103 })).resolves.toEqual({ data: publisher({ id: 103 }) });
    expect(lastCall().path).toBe('/external/publishers/103');
  });
});

describe('paymentLedger', () => {
  const row = { id: 1, date: '2025-12-31', description: 'December earnings', amount: 120.5, currency: 'USD', kind: 'earnings', month: '2025-12' };

  it('pages the selected publisher\'s ledger with the sort order as direction', async () => {
    server.use(
      http.get(apiUrl('/external/publishers/:publisherId/payment-ledger'), () =>
        HttpResponse.json(page([row], { totalElements: 31 })),
      ),
    );
    const provider = setup();
    const result = await provider.getList('paymentLedger', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'date', order: 'ASC' },
      filter: {},
    });
    expect(result).toEqual({ data: [row], total: 31 });
    expect(lastCall()).toMatchObject({
      path: '/external/publishers/101/payment-ledger',
      query: [['page', '1'], ['size', '20'], ['direction', 'ASC']],
    });

    await provider.getList('paymentLedger', { filter: {} });
    expect(lastCall().query).toContainEqual(['direction', 'DESC']);
  });
});

describe('nextPayment and paymentEarnings', () => {
  it('read the next payment of a publisher, id = the publisher', async () => {
    const next = { asOf: '2026-01-15', currency: 'USD', minimumBalance: 50, ledgerBalance: 10, unpostedEarnings: 2, balance: 12, status: 'BELOW_MINIMUM', payment: null };
    server.use(http.get(apiUrl('/external/publishers/:publisherId/payment-ledger/next-payment'), () => HttpResponse.json(next)));
    await expect(setup().getOne('nextPayment', { id: 103 })).resolves.toEqual({ data: { ...next, id: 103 } });
    expect(lastCall().path).toBe('/external/publishers/103/payment-ledger/next-payment');
  });

  it('read the earnings behind a ledger row of the selected publisher, id = the row', async () => {
    const earnings = { entryId: 77, currency: 'USD', months: [] };
    server.use(http.get(apiUrl('/external/publishers/:publisherId/payment-ledger/:entryId/earnings'), () => HttpResponse.json(earnings)));
    await expect(setup().getOne('paymentEarnings', { id: '77' })).resolves.toEqual({ data: { ...earnings, id: 77 } });
    expect(lastCall().path).toBe('/external/publishers/101/payment-ledger/77/earnings');
  });
});

describe('zoneDomainSelfIdentifiers', () => {
  const path = apiUrl('/external/publishers/:publisherId/zone-domain-self-identifiers');

  it('lists zone domains with id = zoneDomainId', async () => {
    const content = [{ zoneDomainId: 31, zoneId: 5001, domain: { domain: 'solo-media.example' }, selfIdentifiers: [] }];
    server.use(http.get(path, () => HttpResponse.json(page(content, { totalElements: 1 }))));
    const result = await setup().getList('zoneDomainSelfIdentifiers', { pagination: { page: 1, perPage: 20 }, filter: {} });
    expect(result.data[0]).toMatchObject({ id: 31, zoneDomainId: 31 });
    expect(lastCall().query).toEqual([['page', '0'], ['size', '20']]);
  });

  it('saves each zone domain with its own self identifiers', async () => {
    server.use(http.post(path, () => new HttpResponse(null, { status: 204 })));
    const result = await setup().updateMany('zoneDomainSelfIdentifiers', {
      ids: [31, '32'],
      data: { selfIdentifierIdsById: { 31: [1, 2] }, selfIdentifierIds: [] },
    });
    expect(result).toEqual({ data: [31, '32'] });
    expect(await lastCall().request.json()).toEqual([
      { zoneDomainId: 31, selfIdentifierIds: [1, 2] },
      { zoneDomainId: 32, selfIdentifierIds: [] },
    ]);
  });

  it('refuses an update that gives no identifiers for an id', async () => {
    await expect(
      setup().updateMany('zoneDomainSelfIdentifiers', { ids: [31], data: { selfIdentifierIdsById: {} } }),
    ).rejects.toThrow('No self identifiers given for zone domain 31');
    expect(requests).toHaveLength(0);
  });
});

describe('restrictions', () => {
  const group = {
    restrictionType: 'advertiser' as const,
    clusivity: 'EXCLUDE' as const,
    restrictions: [{ id: 900, advertisingRestrictionId: '77', name: 'Acme', parentId: null, tag: null, clusivity: 'EXCLUDE' }],
  };

  it('lists the groups of an entity with id = restrictionType', async () => {
    server.use(http.get(apiUrl('/external/:entity/:entityId/restrictions'), () => HttpResponse.json([group])));
    const result = await setup().getList('restrictions', {
      filter: { entity: 'zone', entityId: 5001, restrictionType: 'advertiser', language: 'ja' },
    });
    expect(result).toEqual({ data: [{ ...group, id: 'advertiser' }], total: 1 });
    expect(lastCall()).toMatchObject({
      path: '/external/zone/5001/restrictions',
      query: [['restrictionType', 'advertiser'], ['groupByType', 'true'], ['language', 'ja']],
    });
  });

  it("defaults a publisher's restrictions to the selected publisher", async () => {
    server.use(http.get(apiUrl('/external/:entity/:entityId/restrictions'), () => HttpResponse.json([])));
    await setup().getList('restrictions', { filter: { entity: 'publisher' } });
    expect(lastCall().path).toBe('/external/publisher/101/restrictions');
  });

  it('rejects a list without an entity', async () => {
    await expect(setup().getList('restrictions', { filter: {} })).rejects.toThrow("entity 'publisher' or 'zone'");
  });

  it('adds exclusions to the entity in meta and answers the group of that type', async () => {
    server.use(
      http.post(apiUrl('/external/:entity/:entityId/restrictions/bulk'), () => HttpResponse.json([group], { status: 201 })),
    );
    const result = await setup().create('restrictions', {
      data: { restrictionType: 'advertiser', restrictions: ['77'] },
      meta: { entity: 'publisher', entityId: 101 },
    });
    expect(result.data).toEqual({ ...group, id: 'advertiser' });
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/external/publisher/101/restrictions/bulk' });
    expect(await lastCall().request.json()).toEqual([{ clusivity: 'EXCLUDE', restrictions: ['77'], type: 'advertiser' }]);
  });

  it('sets the blocks of one type with the upsert, answering an empty group when none is left', async () => {
    server.use(http.put(apiUrl('/external/:entity/:entityId/restrictions/bulk'), () => HttpResponse.json([])));
    const result = await setup().update('restrictions', {
      id: 'iab_category',
      data: { restrictions: ['IAB7-1', 'IAB14'] },
      previousData: { id: 'iab_category' },
      meta: { entity: 'zone', entityId: 5001 },
    });
    expect(result.data).toEqual({ id: 'iab_category', restrictionType: 'iab_category', clusivity: null, restrictions: [] });
    expect(lastCall()).toMatchObject({ method: 'PUT', path: '/external/zone/5001/restrictions/bulk' });
    expect(await lastCall().request.json()).toEqual([{ clusivity: 'EXCLUDE', restrictions: ['IAB7-1', 'IAB14'], type: 'iab_category' }]);
  });

  it('refuses a write of an unknown restriction type', async () => {
    await expect(
      setup().create('restrictions', { data: { restrictionType: 'zones', restrictions: ['1'] }, meta: { entity: 'publisher' } }),
    ).rejects.toThrow("Unknown restriction type 'zones'");
    expect(requests).toHaveLength(0);
  });

  it('removes restrictions by id, naming the entity in meta', async () => {
    server.use(
      http.delete(apiUrl('/external/:entity/:entityId/restrictions/bulk'), () => new HttpResponse(null, { status: 204 })),
    );
    const result = await setup().deleteMany('restrictions', { ids: [900, 901], meta: { entity: 'zone', entityId: 5001 } });
    expect(result).toEqual({ data: [900, 901] });
    expect(lastCall()).toMatchObject({ method: 'DELETE', path: '/external/zone/5001/restrictions/bulk' });
    expect(await lastCall().request.json()).toEqual([900, 901]);
  });

  it('removes more ids than one call takes in calls of 500, in turn', async () => {
    server.use(
      http.delete(apiUrl('/external/:entity/:entityId/restrictions/bulk'), () => new HttpResponse(null, { status: 204 })),
    );
    const ids = Array.from({ length: 1001 }, (_, index) => 10_000 + index);
    await setup().deleteMany('restrictions', { ids, meta: { entity: 'publisher' } });
    const bodies = await Promise.all(requests.map((request) => request.json() as Promise<number[]>));
    expect(bodies.map((body) => body.length)).toEqual([500, 500, 1]);
    expect(bodies.flat()).toEqual(ids);
  });

  it('stops at the first call that fails and rejects, leaving the later ids unsent', async () => {
    let calls = 0;
    server.use(
      http.delete(apiUrl('/external/:entity/:entityId/restrictions/bulk'), () =>
        ++calls === 2 ? apiError(500, 'INTERNAL_ERROR') : new HttpResponse(null, { status: 204 }),
      ),
    );
    const ids = Array.from({ length: 1001 }, (_, index) => 10_000 + index);
    await expect(setup().deleteMany('restrictions', { ids, meta: { entity: 'publisher' } })).rejects.toThrow();
    expect(requests).toHaveLength(2);
  });
});

describe('unsupported calls', () => {
  it('rejects an unknown resource or method with a clear error and no request', async () => {
    const provider = setup();
    await expect(provider.getList('users', { filter: {} })).rejects.toThrow("does not support getList on resource 'users'");
    await expect(provider.delete('zones', { id: 1 })).rejects.toThrow("does not support delete on resource 'zones'");
    await expect(provider.getList('constructor', { filter: {} })).rejects.toThrow('does not support');
    expect(requests).toHaveLength(0);
  });

  it('asks react-admin for its abort signal', () => {
    expect(setup().supportAbortSignal).toBe(true);
  });

  it('talks to the API base only', async () => {
    server.use(http.get(apiUrl('/external/publishers/:publisherId'), () => HttpResponse.json(publisher())));
    await setup().getOne('publishers', { id: 101 });
    expect(lastCall().request.url.startsWith(TEST_API_BASE)).toBe(true);
  });
});

describe('apiKeys (issue 29)', () => {
  const key = {
    id: 7,
    name: 'Report script',
    hint: 'pp_live_AbCd',
    scopes: ['reports:read'],
    allowedAddresses: [],
    createdAt: '2026-12-01T10:00:00.000Z',
    expiresAt: '2027-01-01T00:00:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    lastUsedAddress: null,
    createdBy: { id: 11, name: 'Ann', email: 'ann@publisher.example' },
    makerIsMember: true,
  };

  it("lists the selected publisher's keys, makes one (its secret in the record, once) and revokes one", async () => {
    server.use(
      http.get(apiUrl('/external/publishers/:publisherId/api-keys'), () => HttpResponse.json([key])),
      http.post(apiUrl('/external/publishers/:publisherId/api-keys'), () => HttpResponse.json({ ...key, secret: `pp_live_${'a'.repeat(40)}` }, { status: 201 })),
      http.delete(apiUrl('/external/publishers/:publisherId/api-keys/:apiKeyId'), () => new HttpResponse(null, { status: 204 })),
    );
    const provider = setup();
    expect(await provider.getList('apiKeys', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} })).toEqual({ data: [key], total: 1 });
    expect(lastCall().path).toBe('/external/publishers/101/api-keys');
    const data = { name: '  Report script ', scopes: ['reports:read' as const], expiresAt: key.expiresAt, allowedAddresses: [' 203.0.113.0/24 ', ''] };
    const made = await provider.create('apiKeys', { data });
    expect(made.data).toMatchObject({ id: 7, secret: expect.stringMatching(/^pp_live_/) });
    const sent = lastCall();
    expect(sent.request.headers.get('idempotency-key')).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(await sent.request.json()).toEqual({ name: 'Report script', scopes: ['reports:read'], expiresAt: key.expiresAt, allowedAddresses: ['203.0.113.0/24'] });
    await provider.delete('apiKeys', { id: 7, previousData: key });
    expect([lastCall().method, lastCall().path]).toEqual(['DELETE', '/external/publishers/101/api-keys/7']);
  });
});
