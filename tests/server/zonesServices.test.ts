// A zone's services: bulk upsert over zones, the app-zone restriction, and removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';
import { APP, SERVICE, addZoneService, insertZone } from '../support/zoneFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const solo = DEMO.publishers.soloMedia;
const servicesOf = async (zoneId: number) => (await t.call({ method: 'GET', url: `/external/zones/${zoneId}/services`, as: 'solo' })).json();
const put = (payload: Record<string, unknown>) => t.call({ method: 'PUT', url: '/external/zones/bulk/services', as: 'solo', payload });

describe('enabling services on zones', () => {
  it('enables every listed service on every listed zone with its implementation type, leaving others alone', async () => {
    const first = await insertZone(t.db, { publisherId: solo });
    const second = await insertZone(t.db, { publisherId: solo });
    await addZoneService(t.db, first, SERVICE.inSlot, false);
    await addZoneService(t.db, second, SERVICE.inScreen, true);
    const res = await put({
      trackingIds: [first, second],
      services: [{ serviceId: SERVICE.inSlot, implementationTypeId: 1 }, { serviceId: SERVICE.inImage }],
    });
    expect(res.statusCode).toBe(204);
    expect(await servicesOf(first)).toEqual([
      { service: { id: SERVICE.inImage, name: 'InImage Ads' }, enabled: true, implementationTypeId: null },
      { service: { id: SERVICE.inSlot, name: 'InSlot Ads' }, enabled: true, implementationTypeId: 1 },
    ]);
    expect(await servicesOf(second)).toEqual([
      { service: { id: SERVICE.inImage, name: 'InImage Ads' }, enabled: true, implementationTypeId: null },
      { service: { id: SERVICE.inScreen, name: 'InScreen Ads' }, enabled: true, implementationTypeId: null },
      { service: { id: SERVICE.inSlot, name: 'InSlot Ads' }, enabled: true, implementationTypeId: 1 },
    ]);
  });

  it('accepts on app zones only the services allowed for apps', async () => {
    const app = await insertZone(t.db, { publisherId: solo, typeId: APP });
    expect((await put({ trackingIds: [app], services: [{ serviceId: SERVICE.video }, { serviceId: SERVICE.inVideo }] })).statusCode).toBe(204);
    expect((await servicesOf(app)).map((s: { service: { id: number } }) => s.service.id)).toEqual([SERVICE.inVideo, SERVICE.video]);
  });

  it('refuses a web-only service when any listed zone is an app zone, writing nothing on any zone', async () => {
    const web = await insertZone(t.db, { publisherId: solo });
    const app = await insertZone(t.db, { publisherId: solo, typeId: APP });
    const res = await put({ trackingIds: [web, app], services: [{ serviceId: SERVICE.inSlot }, { serviceId: SERVICE.inContent }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: '/body/services/1/serviceId', value: SERVICE.inContent })]);
    expect(await servicesOf(web)).toEqual([]);
    expect(await servicesOf(app)).toEqual([]);
  });

  it.each([
    ['an unknown service', [{ serviceId: 999 }], '/body/services/0/serviceId'],
    ['an unknown implementation type', [{ serviceId: SERVICE.inSlot }, { serviceId: SERVICE.inImage, implementationTypeId: 77 }], '/body/services/1/implementationTypeId'],
    ['a service listed twice', [{ serviceId: SERVICE.inSlot }, { serviceId: SERVICE.inSlot, implementationTypeId: 1 }], '/body/services/1/serviceId'],
  ])('refuses %s with a 400 naming it and writes nothing', async (_case, services, field) => {
    const zone = await insertZone(t.db, { publisherId: solo });
    const res = await put({ trackingIds: [zone], services });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([field]);
    expect(await servicesOf(zone)).toEqual([]);
  });
});

describe('removing a service', () => {
  it('removes it, and answers 404 when the zone no longer has it', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    await addZoneService(t.db, zone, SERVICE.inSlot);
    await addZoneService(t.db, zone, SERVICE.video);
    const url = `/external/zones/${zone}/services/${SERVICE.inSlot}`;
    expect((await t.call({ method: 'DELETE', url, as: 'solo' })).statusCode).toBe(204);
    expect((await servicesOf(zone)).map((s: { service: { id: number } }) => s.service.id)).toEqual([SERVICE.video]);
    const again = await t.call({ method: 'DELETE', url, as: 'solo' });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
  });
});
