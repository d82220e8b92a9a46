// The resources added for a zone's parts, blocking and reference data: the contract call of each method
// (spec section 7) and how an answer becomes react-admin records.
import { describe, expect, it } from 'vitest';
import { createDataProvider, type PortalDataProvider } from '../../../src/dataProvider/dataProvider';
import { createSessionStore } from '../../../src/dataProvider/session';
import { newSlotRow } from '../../../src/lib/slots';
import { publisher } from '../../support/builders';
import { answerEveryCall, lastCall as lastCallOf, recordRequests, setupMsw, testClient } from '../../support/msw';
import { MemoryStorage } from '../../support/storage';

const server = setupMsw();
const requests = recordRequests(server);

function provider(): PortalDataProvider {
  const session = createSessionStore({ storage: new MemoryStorage(), events: null });
  session.setPublisher(publisher({ id: 101 }));
  return createDataProvider(testClient({ token: 'jwt' }), { session });
}

const lastCall = () => lastCallOf(requests);

const zoneId = 5001;
const pattern = { pattern: 'https://ads.example/x', urlType: 'PAGE' as const, evalType: 'CONTAINS' as const };

type Case = [name: string, call: (p: PortalDataProvider) => Promise<unknown>, line: string, body?: unknown];
const CASES: Case[] = [
  ['zoneServices.getList', (p) => p.getList('zoneServices', { filter: { zoneId } }), 'GET /external/zones/5001/services'],
  [
    'zoneServices.updateMany',
    (p) => p.updateMany('zoneServices', { ids: [5, 13], data: { implementationTypeIdById: { 13: 2 } }, meta: { zoneId } }),
    'PUT /external/zones/bulk/services',
    { trackingIds: [5001], services: [{ serviceId: 5, implementationTypeId: null }, { serviceId: 13, implementationTypeId: 2 }] },
  ],
  ['zoneServices.delete', (p) => p.delete('zoneServices', { id: 14, meta: { zoneId } }), 'DELETE /external/zones/5001/services/14'],
  ['blockedUrls.getList', (p) => p.getList('blockedUrls', { filter: { zoneId } }), 'GET /external/zones/5001/asset-url-filter-patterns'],
  ['blockedUrls.delete', (p) => p.delete('blockedUrls', { id: 3, meta: { zoneId } }), 'DELETE /external/zones/5001/asset-url-filter-patterns/3'],
  ['slots.getList', (p) => p.getList('slots', { filter: { zoneId } }), 'GET /external/zones/5001/slots'],
  ['embedCodes.getMany', (p) => p.getMany('embedCodes', { ids: [5001, 5002] }), 'GET /external/zones/embed-codes?trackingIds=5001&trackingIds=5002'],
  ['advertisers.getList', (p) => p.getList('advertisers', { filter: { q: ' acme ' } }), 'GET /external/advertisers-global/search?partialName=acme&size=50&page=0&orderBy=relevance&publisherId=101&hasDomain=true'],
  ['services.getList', (p) => p.getList('services', {}), 'GET /external/services'],
  ['slotSizes.getList', (p) => p.getList('slotSizes', {}), 'GET /external/slot-sizes'],
  ['implementationTypes.getList', (p) => p.getList('implementationTypes', {}), 'GET /external/implementation-types?type=slot'],
  ['slotPlacements.getList', (p) => p.getList('slotPlacements', {}), 'GET /external/slot-placements'],
  ['iabCategories.getList', (p) => p.getList('iabCategories', { filter: { language: 'ja' } }), 'GET /external/iab-categories-v1?language=ja'],
  ['selfIdentifiers.getList', (p) => p.getList('selfIdentifiers', {}), 'GET /external/self-identifiers'],
];

describe('resources: the HTTP call of each (spec section 7)', () => {
  it.each(CASES)('%s', async (_name, call, line, body) => {
    answerEveryCall(server, []);
    await call(provider()).catch(() => undefined);
    const sent = await lastCall();
    expect(sent.line).toBe(line);
    expect(sent.body).toEqual(body);
  });
});

describe('resources: records', () => {
  it('gives a zone service the id of its service', async () => {
    answerEveryCall(server, [{ service: { id: 14, name: 'Native Ads' }, enabled: true, implementationTypeId: null }]);
    await expect(provider().getList('zoneServices', { filter: { zoneId } })).resolves.toEqual({
      data: [{ id: 14, service: { id: 14, name: 'Native Ads' }, enabled: true, implementationTypeId: null }],
      total: 1,
    });
  });

  it('refuses a zone part without its zone, making no call', async () => {
    await expect(provider().getList('slots', { filter: {} })).rejects.toThrow('slots need a zoneId');
    await expect(provider().delete('blockedUrls', { id: 3 })).rejects.toThrow('blockedUrls need a zoneId');
    expect(requests).toHaveLength(0);
  });

  it('adds blocked URLs in one call and answers the first one created', async () => {
    answerEveryCall(server, [{ id: 100, ...pattern }], { status: 201 });
    const result = await provider().create('blockedUrls', { data: { patterns: [pattern] }, meta: { zoneId } });
    expect(result.data).toEqual({ id: 100, ...pattern });
    expect(await lastCall()).toMatchObject({
      line: 'POST /external/zones/5001/asset-url-filter-patterns/bulk',
      body: { zoneAssetUrlFilterPatternParamList: [pattern] },
    });
  });

  it("requests slots enabled, with the form's empty placement as null", async () => {
    answerEveryCall(server, [{ id: 500 }]);
    await provider().create('slots', {
      data: { rows: [{ ...newSlotRow(), name: ' leaderboard ' }, { name: 'sidebar', sizeId: 7, implementationTypeId: 1, placementId: '3' }] },
      meta: { zoneId },
    });
    expect(await lastCall()).toMatchObject({
      line: 'PUT /external/zones/5001/slots/bulk',
      body: {
        trackingId: 5001,
        slots: [
          { trackingId: 5001, slotSizeId: 4, name: 'leaderboard', implementationTypeId: 2, placementId: null, enabled: true },
          { trackingId: 5001, slotSizeId: 7, name: 'sidebar', implementationTypeId: 1, placementId: 3, enabled: true },
        ],
      },
    });
  });

  it('answers the embed codes of the zones that have them, by zone id', async () => {
    const codes = { trackingId: 5001, standardCode: 's', adServerReadyCode: 'a', inVastTag: 'i', outVastTag: 'o', inVideoVastTag: 'v', inVideoVMapTag: 'm' };
    answerEveryCall(server, [codes]);
    await expect(provider().getMany('embedCodes', { ids: [5001, 6001] })).resolves.toEqual({ data: [{ ...codes, id: 5001 }] });
  });

  it('searches advertisers from 2 characters, answering nothing without a call below that', async () => {
    answerEveryCall(server, { content: [{ id: 77, name: 'Acme', domain: 'acme.example' }], page: 0, size: 50, totalElements: 1, totalPages: 1 });
    await expect(provider().getList('advertisers', { filter: { q: 'ac' } })).resolves.toEqual({
      data: [{ id: 77, name: 'Acme', domain: 'acme.example' }],
      total: 1,
    });
    requests.length = 0;
    await expect(provider().getList('advertisers', { filter: { q: ' a ' } })).resolves.toEqual({ data: [], total: 0 });
    expect(requests).toHaveLength(0);
  });

  it('reads the IAB categories in English unless told otherwise', async () => {
    answerEveryCall(server, []);
    await provider().getList('iabCategories', {});
    expect((await lastCall()).line).toBe('GET /external/iab-categories-v1?language=en');
  });
});
