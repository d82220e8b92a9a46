// Who may reach which zone, on every zone and slot route that names one: a signed-out caller gets 401; another
// publisher's zone answers exactly like a missing one (same status, same body); staff reach every publisher's
// zone; a legacy just-premium publisher's zone is refused with 403 even to its own user; a bulk call naming one
// foreign zone is refused whole and changes nothing.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoUser, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';
import { SERVICE, SIZE_300X250, WEBSITE, addBlockedUrl, addZoneService, count, insertZone } from '../support/zoneFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MISSING_ZONE = 2_000_000_000;
const MISSING_PUBLISHER = 99_999;
type Target = 'soloZone' | 'atlasZone' | 'legacyZone' | 'missing';
const PUBLISHER_OF: Record<Exclude<Target, 'missing'>, number> = {
  soloZone: DEMO.publishers.soloMedia,
  atlasZone: DEMO.publishers.atlasNews,
  legacyZone: DEMO.publishers.premiumClassic,
};

/** A fresh zone per call, so every route meets the zone in the same state whatever ran before. */
async function zoneOf(target: Target): Promise<{ zoneId: number; publisherId: number }> {
  if (target === 'missing') return { zoneId: MISSING_ZONE, publisherId: MISSING_PUBLISHER };
  const publisherId = PUBLISHER_OF[target];
  return { zoneId: await insertZone(t.db, { publisherId }), publisherId };
}

interface Route {
  name: string;
  ok: number;
  request(zoneId: number, publisherId: number, userId: number): Promise<InjectOptions>;
}

let patternCounter = 0;
const routes: Route[] = [
  { name: 'getZone', ok: 200, request: async (z) => ({ method: 'GET', url: `/external/zones/${z}` }) },
  {
    name: 'updateZone',
    ok: 200,
    request: async (z) => ({ method: 'PUT', url: `/external/zones/${z}`, payload: { enabled: true, name: 'Renamed', typeId: WEBSITE } }),
  },
  { name: 'listZoneServices', ok: 200, request: async (z) => ({ method: 'GET', url: `/external/zones/${z}/services` }) },
  {
    name: 'deleteZoneService',
    ok: 204,
    request: async (z) => {
      if (z !== MISSING_ZONE) await addZoneService(t.db, z, SERVICE.inSlot);
      return { method: 'DELETE', url: `/external/zones/${z}/services/${SERVICE.inSlot}` };
    },
  },
  {
    name: 'putZoneServices',
    ok: 204,
    request: async (z) => ({ method: 'PUT', url: '/external/zones/bulk/services', payload: { trackingIds: [z], services: [{ serviceId: SERVICE.inSlot }] } }),
  },
  { name: 'listBlockedUrls', ok: 200, request: async (z) => ({ method: 'GET', url: `/external/zones/${z}/asset-url-filter-patterns` }) },
  {
    name: 'addBlockedUrls',
    ok: 201,
    request: async (z) => ({
      method: 'POST',
      url: `/external/zones/${z}/asset-url-filter-patterns/bulk`,
      payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: `https://example.com/p${++patternCounter}`, urlType: 'PAGE', evalType: 'CONTAINS' }] },
    }),
  },
  {
    name: 'deleteBlockedUrl',
    ok: 204,
    request: async (z) => {
      const urlId = z === MISSING_ZONE ? MISSING_ZONE : await addBlockedUrl(t.db, z, 'https://example.com/blocked');
      return { method: 'DELETE', url: `/external/zones/${z}/asset-url-filter-patterns/${urlId}` };
    },
  },
  { name: 'getEmbedCodes', ok: 200, request: async (z) => ({ method: 'GET', url: `/external/zones/embed-codes?trackingIds=${z}` }) },
  { name: 'listSlots', ok: 200, request: async (z) => ({ method: 'GET', url: `/external/zones/${z}/slots` }) },
  {
    name: 'requestSlots',
    ok: 200,
    request: async (z) => ({
      method: 'PUT',
      url: `/external/zones/${z}/slots/bulk`,
      payload: { trackingId: z, slots: [{ trackingId: z, slotSizeId: SIZE_300X250, name: 'Slot', implementationTypeId: 2, placementId: null, enabled: true }] },
    }),
  },
  { name: 'exportSlotEmbedCodes', ok: 200, request: async (z) => ({ method: 'GET', url: `/external/zones/${z}/slots/embed-codes/export?fileType=CSV` }) },
  { name: 'searchZones', ok: 200, request: async (_z, p) => ({ method: 'POST', url: `/external/publishers/${p}/zones/search` }) },
  {
    name: 'requestZone',
    ok: 201,
    request: async (_z, p, userId) => ({
      method: 'POST',
      url: '/external/request',
      payload: { userId, publisherId: p, name: 'New zone', typeId: WEBSITE, domains: ['example.com'], services: [] },
    }),
  },
];

async function call(route: Route, as: DemoUser | null, target: Target) {
  const { zoneId, publisherId } = await zoneOf(target);
  const userId = as ? DEMO.users[as] : DEMO.users.solo;
  return t.call({ ...(await route.request(zoneId, publisherId, userId)), as });
}

describe.each(routes)('$name', (route) => {
  it('needs a signed-in caller', async () => {
    expect((await call(route, null, 'soloZone')).statusCode).toBe(401);
  });

  it.each([
    ['solo', 'soloZone', 'atlasZone'],
    ['multi', 'atlasZone', 'soloZone'],
  ] as const)('lets %s reach its own zone and answers another publisher zone exactly like a missing one', async (as, own, other) => {
    expect((await call(route, as, own)).statusCode).toBe(route.ok);
    const foreign = await call(route, as, other);
    const missing = await call(route, as, 'missing');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('lets staff reach every publisher zone, and nothing that does not exist', async () => {
    expect((await call(route, 'staff', 'soloZone')).statusCode).toBe(route.ok);
    expect((await call(route, 'staff', 'atlasZone')).statusCode).toBe(route.ok);
    expect((await call(route, 'staff', 'missing')).statusCode).toBe(404);
  });

  it('refuses a legacy just-premium publisher zone to its own user and to staff', async () => {
    const own = await call(route, 'multi', 'legacyZone');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('FORBIDDEN');
    expect((await call(route, 'staff', 'legacyZone')).statusCode).toBe(403);
  });
});

describe('bulk calls naming a foreign zone', () => {
  it('refuses a services update whole and changes nothing', async () => {
    const own = await insertZone(t.db, { publisherId: DEMO.publishers.soloMedia });
    const foreign = await insertZone(t.db, { publisherId: DEMO.publishers.atlasNews });
    const res = await t.call({
      method: 'PUT',
      url: '/external/zones/bulk/services',
      as: 'solo',
      payload: { trackingIds: [own, foreign], services: [{ serviceId: SERVICE.inSlot }] },
    });
    expect(res.statusCode).toBe(404);
    expect(await count(t.db, 'SELECT 1 FROM zone_services WHERE zone_id = ANY ($1::int[])', [[own, foreign]])).toBe(0);
  });

  it('refuses embed codes whole', async () => {
    const own = await insertZone(t.db, { publisherId: DEMO.publishers.soloMedia });
    const foreign = await insertZone(t.db, { publisherId: DEMO.publishers.atlasNews });
    const res = await t.call({ method: 'GET', url: `/external/zones/embed-codes?trackingIds=${own}&trackingIds=${foreign}`, as: 'solo' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a services update naming an own legacy zone with 403, changing nothing', async () => {
    const own = await insertZone(t.db, { publisherId: DEMO.publishers.atlasNews });
    const legacy = await insertZone(t.db, { publisherId: DEMO.publishers.premiumClassic });
    const res = await t.call({
      method: 'PUT',
      url: '/external/zones/bulk/services',
      as: 'multi',
      payload: { trackingIds: [own, legacy], services: [{ serviceId: SERVICE.inSlot }] },
    });
    expect(res.statusCode).toBe(403);
    expect(await count(t.db, 'SELECT 1 FROM zone_services WHERE zone_id = ANY ($1::int[])', [[own, legacy]])).toBe(0);
  });
});

describe('reference lists', () => {
  it.each(['/external/slot-sizes', '/external/implementation-types?type=slot', '/external/slot-placements', '/external/services'])(
    '%s needs a signed-in caller',
    async (url) => {
      expect((await t.call({ method: 'GET', url, as: null })).statusCode).toBe(401);
      expect((await t.call({ method: 'GET', url, as: 'solo' })).statusCode).toBe(200);
    },
  );
});
