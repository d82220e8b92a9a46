import { describe, expect, it } from 'vitest';
import { createDataProvider, type PortalDataProvider } from '../../../src/dataProvider/dataProvider';
import { createSessionStore } from '../../../src/dataProvider/session';
import { newSlotRow } from '../../../src/lib/slots';
import { legacyPublisher, publisher, TEST_API_BASE } from '../../support/builders';
import { apiError, http, HttpResponse, recordRequests, setupMsw, testClient } from '../../support/msw';
import { MemoryStorage } from '../../support/storage';

const server = setupMsw();
const requests = recordRequests(server);

/** Every main-API call answers `answer` (JSON, or no content for null); the request is what the test checks. */
function answerAll(answer: unknown, init: ResponseInit & { raw?: string } = {}) {
  server.use(
    http.all(`${TEST_API_BASE}/*`, () => {
      if (init.raw !== undefined) return new HttpResponse(init.raw, init);
      return answer === null ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer, init);
    }),
  );
}

function provider(): PortalDataProvider {
  const session = createSessionStore({ storage: new MemoryStorage(), events: null });
  return createDataProvider(testClient({ token: 'jwt' }), { session });
}

async function lastCall() {
  const request = requests.at(-1);
  if (request === undefined) throw new Error('no request was made');
  const url = new URL(request.url);
  const text = await request.text();
  return {
    line: `${request.method} ${url.pathname}${url.search}`,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    authorization: request.headers.get('authorization'),
    app: request.headers.get('x-app'),
  };
}

type Case = [name: string, call: (p: PortalDataProvider) => Promise<unknown>, line: string, body?: unknown];

const services = { trackingIds: [5001], services: [{ serviceId: 5, implementationTypeId: null }] };
const urls = {
  zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://ads.example/x', urlType: 'PAGE' as const, evalType: 'CONTAINS' as const }],
};
const bulk = [{ clusivity: 'EXCLUDE' as const, restrictions: ['IAB7-1'], type: 'iab_category' as const }];
const dashboard = { userId: 11, firstName: 'Solo', lastName: 'Owner', entityId: 101, lookerReportId: 5 } as const;

const CASES: Case[] = [
  ['getZoneServices', (p) => p.getZoneServices(5001), 'GET /external/zones/5001/services'],
  ['putZoneServices', (p) => p.putZoneServices(services), 'PUT /external/zones/bulk/services', services],
  ['deleteZoneService', (p) => p.deleteZoneService(5001, 14), 'DELETE /external/zones/5001/services/14'],
  ['getBlockedUrls', (p) => p.getBlockedUrls(5001), 'GET /external/zones/5001/asset-url-filter-patterns'],
  ['addBlockedUrls', (p) => p.addBlockedUrls(5001, urls), 'POST /external/zones/5001/asset-url-filter-patterns/bulk', urls],
  ['deleteBlockedUrl', (p) => p.deleteBlockedUrl(5001, 3), 'DELETE /external/zones/5001/asset-url-filter-patterns/3'],
  ['getSlots', (p) => p.getSlots(5001), 'GET /external/zones/5001/slots'],
  ['getSlotSizes', (p) => p.getSlotSizes(), 'GET /external/slot-sizes'],
  ['getImplementationTypes', (p) => p.getImplementationTypes(), 'GET /external/implementation-types?type=slot'],
  ['getSlotPlacements', (p) => p.getSlotPlacements(), 'GET /external/slot-placements'],
  ['getServices', (p) => p.getServices(), 'GET /external/services'],
  ['getAdsTxt', (p) => p.getAdsTxt(101, [1, 5]), 'GET /external/ads-txt?publisherId=101&businessUnitIds=1&businessUnitIds=5'],
  ['getIabCategories', (p) => p.getIabCategories('ja'), 'GET /external/iab-categories-v1?language=ja'],
  ['acceptGdpr', (p) => p.acceptGdpr(101), 'PATCH /external/publishers/101/accept-gdpr'],
  ['getDashboardUrl', (p) => p.getDashboardUrl(dashboard), 'POST /external/dashboard-service/publishers', dashboard],
  ['getSelfIdentifiers', (p) => p.getSelfIdentifiers(), 'GET /external/self-identifiers'],
  ['updateRestrictions', (p) => p.updateRestrictions('zone', 5001, bulk), 'PUT /external/zone/5001/restrictions/bulk', bulk],
  ['getPublisher', (p) => p.getPublisher(103), 'GET /external/publishers/103'],
  [
    'searchPublishers',
    (p) => p.searchPublishers('  atlas '),
    'GET /external/publishers/simple-search?searchTerm=atlas&maxResults=50',
  ],
  [
    'searchAdvertisers',
    (p) => p.searchAdvertisers('acme'),
    'GET /external/advertisers-global/search?partialName=acme&size=50&page=0&orderBy=name&hasDomain=true',
  ],
];

describe('custom methods: the HTTP call of each (spec section 7)', () => {
  it.each(CASES)('%s', async (_name, call, line, body) => {
    answerAll([]);
    await call(provider());
    const sent = await lastCall();
    expect(sent.line).toBe(line);
    expect(sent.body).toEqual(body);
    expect(sent.authorization).toBe('Bearer jwt');
    expect(sent.app).toBe('PC');
  });
});

describe('custom methods: answers', () => {
  it('answers the first embed codes, or null for an app zone', async () => {
    const codes = { trackingId: 5001, standardCode: 's', adServerReadyCode: 'a', inVastTag: 'i', outVastTag: 'o', inVideoVastTag: 'v', inVideoVMapTag: 'm' };
    answerAll([codes]);
    await expect(provider().getEmbedCodes(5001)).resolves.toEqual(codes);
    expect((await lastCall()).line).toBe('GET /external/zones/embed-codes?trackingIds=5001');
    answerAll([]);
    await expect(provider().getEmbedCodes(6001)).resolves.toBeNull();
  });

  it('requests slots enabled, with the form\'s empty placement as null', async () => {
    answerAll([]);
    await provider().requestSlots(5001, [
      { ...newSlotRow(), name: ' leaderboard ' },
      { name: 'sidebar', sizeId: 7, implementationTypeId: 1, placementId: '3' },
    ]);
    const sent = await lastCall();
    expect(sent.line).toBe('PUT /external/zones/5001/slots/bulk');
    expect(sent.body).toEqual({
      trackingId: 5001,
      slots: [
        { trackingId: 5001, slotSizeId: 4, name: 'leaderboard', implementationTypeId: 2, placementId: null, enabled: true },
        { trackingId: 5001, slotSizeId: 7, name: 'sidebar', implementationTypeId: 1, placementId: 3, enabled: true },
      ],
    });
  });

  it('sends the payment-provider ids as strings with the business unit', async () => {
    answerAll({ url: '/frames/payment-provider/billing?token=x', expiresAt: '2026-01-15T12:05:00Z' });
    const frame = await provider().getPaymentProviderUrl('billing', legacyPublisher({ id: 104 }));
    expect(frame.url).toBe('/frames/payment-provider/billing?token=x');
    const sent = await lastCall();
    expect(sent.line).toBe('POST /external/payment-provider-url/billing');
    expect(sent.body).toEqual({ publisherId: '104', businessUnitId: '7' });
  });

  it('answers the advertisers of the search page', async () => {
    answerAll({ content: [{ id: 77, name: 'Acme', domain: 'acme.example' }], page: 0, size: 50, totalElements: 1, totalPages: 1 });
    await expect(provider().searchAdvertisers('ac')).resolves.toEqual([{ id: 77, name: 'Acme', domain: 'acme.example' }]);
  });

  it('answers the publishers of a search', async () => {
    answerAll([publisher()]);
    await expect(provider().searchPublishers('solo')).resolves.toEqual([publisher()]);
  });

  it('downloads the slot export with the server\'s file name', async () => {
    answerAll(null, {
      raw: 'id,name\r\n1,leaderboard\r\n',
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="slots-5001-20260115-120000.csv"' },
    });
    const file = await provider().exportSlotEmbedCodes(5001);
    expect(file.fileName).toBe('slots-5001-20260115-120000.csv');
    expect(await file.blob.text()).toBe('id,name\r\n1,leaderboard\r\n');
    const sent = await lastCall();
    expect(sent.line).toBe('GET /external/zones/5001/slots/embed-codes/export?fileType=CSV');
    expect(sent.authorization).toBe('Bearer jwt');
  });

  it('names the ledger export itself when the server does not', async () => {
    answerAll(null, { raw: 'date,amount\r\n', headers: { 'Content-Type': 'text/csv' } });
    const file = await provider().exportPaymentLedger(101);
    expect(file.fileName).toBe('payment-ledger-101.csv');
    expect((await lastCall()).line).toBe('GET /external/publishers/101/payment-ledger/export?fileType=CSV');
  });

  it('rejects a refused export with the error body', async () => {
    server.use(http.get(`${TEST_API_BASE}/external/publishers/:id/payment-ledger/export`, () => apiError(403, 'FORBIDDEN')));
    await expect(provider().exportPaymentLedger(104)).rejects.toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('passes a search signal through', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/external/advertisers-global/search`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        return HttpResponse.json({ content: [], page: 0, size: 50, totalElements: 0, totalPages: 0 });
      }),
    );
    const controller = new AbortController();
    const pending = provider().searchAdvertisers('acme', controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
