// New-zone requests, one zone, its settings, and embed codes, through HTTP against the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';
import { APP, SERVICE, WEBSITE, count, insertZone } from '../support/zoneFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const solo = DEMO.publishers.soloMedia;
const zonesOf = (publisherId: number) => count(t.db, 'SELECT 1 FROM zones WHERE publisher_id = $1', [publisherId]);

function zoneRequest(overrides: Record<string, unknown> = {}) {
  return { userId: DEMO.users.solo, publisherId: solo, name: 'Homepage', typeId: WEBSITE, domains: ['example.com'], services: [], ...overrides };
}

describe('requesting a new zone', () => {
  it('creates a disabled web zone with normalised, de-duplicated domains and its services', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/external/request',
      as: 'solo',
      payload: zoneRequest({
        name: '  Sports pages  ',
        domains: ['www.Example.com', 'https://www2.example.com/page', 'news.example.co.uk', 'example.com'],
        services: [SERVICE.inImage, SERVICE.inSlot],
      }),
    });
    expect(res.statusCode).toBe(201);
    const { trackingId } = res.json();

    const zone = await t.call({ method: 'GET', url: `/external/zones/${trackingId}`, as: 'solo' });
    expect(zone.statusCode).toBe(200);
    expect(zone.json()).toMatchObject({
      trackingId,
      name: 'Sports pages',
      enabled: false,
      typeId: WEBSITE,
      zoneType: { id: WEBSITE, name: 'Website' },
      vertical: null,
      zoneGrade: null,
      msaStartDate: null,
      domains: ['*.example.com', '*.news.example.co.uk'],
      appStoreUrls: [],
      userId: DEMO.users.solo,
      publisherId: solo,
      numberOfSlots: 0,
    });
    const services = await t.call({ method: 'GET', url: `/external/zones/${trackingId}/services`, as: 'solo' });
    expect(services.json()).toEqual([
      { service: { id: SERVICE.inImage, name: 'InImage Ads' }, enabled: true, implementationTypeId: null },
      { service: { id: SERVICE.inSlot, name: 'InSlot Ads' }, enabled: true, implementationTypeId: null },
    ]);
  });

  it('creates an app zone with its store URLs as given (trimmed)', async () => {
    const url = 'https://play.google.com/store/apps/details?id=com.example.news';
    const res = await t.call({
      method: 'POST',
      url: '/external/request',
      as: 'solo',
      payload: zoneRequest({ typeId: APP, domains: [`  ${url} `, url], services: [SERVICE.inSlot, SERVICE.video] }),
    });
    expect(res.statusCode).toBe(201);
    const zone = await t.call({ method: 'GET', url: `/external/zones/${res.json().trackingId}`, as: 'solo' });
    expect(zone.json()).toMatchObject({ typeId: APP, domains: [], appStoreUrls: [url] });
  });

  it.each([
    ['an invalid web domain', zoneRequest({ domains: ['example.com', 'localhost', 'not a domain'] }), ['/body/domains/1', '/body/domains/2']],
    ['a web domain that is not a host name', zoneRequest({ domains: ['ex_ample.com', 'example.com:8080', 'example.com.'] }), ['/body/domains/0', '/body/domains/1', '/body/domains/2']],
    ['a web domain as an app entry', zoneRequest({ typeId: APP, domains: ['example.com'] }), ['/body/domains/0']],
    ['a service apps may not use', zoneRequest({ typeId: APP, domains: ['https://apps.apple.com/us/app/news/id123456'], services: [SERVICE.inSlot, SERVICE.inImage] }), ['/body/services/1']],
    ['an unknown service', zoneRequest({ services: [999] }), ['/body/services/0']],
    ['a blank name', zoneRequest({ name: '   ' }), ['/body/name']],
    ['an unknown zone type', zoneRequest({ typeId: 2 }), ['/body/typeId']],
  ])('refuses %s with a 400 naming the field and writes nothing', async (_case, payload, fields) => {
    const before = await zonesOf(solo);
    const res = await t.call({ method: 'POST', url: '/external/request', as: 'solo', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(fields));
    expect(await zonesOf(solo)).toBe(before);
  });

  it("refuses a request in another user's name", async () => {
    const before = await zonesOf(solo);
    const res = await t.call({ method: 'POST', url: '/external/request', as: 'solo', payload: zoneRequest({ userId: DEMO.users.multi }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().details[0].field).toBe('/body/userId');
    expect(await zonesOf(solo)).toBe(before);
  });

  it('answers a zone for another publisher exactly like one for a missing publisher', async () => {
    const before = await zonesOf(solo);
    const other = await t.call({ method: 'POST', url: '/external/request', as: 'multi', payload: zoneRequest({ userId: DEMO.users.multi }) });
    const missing = await t.call({
      method: 'POST',
      url: '/external/request',
      as: 'multi',
      payload: zoneRequest({ userId: DEMO.users.multi, publisherId: 99999 }),
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect(await zonesOf(solo)).toBe(before);
  });

  it('refuses zones to a legacy just-premium publisher, even its own user', async () => {
    const before = await zonesOf(DEMO.publishers.premiumClassic);
    const res = await t.call({
      method: 'POST',
      url: '/external/request',
      as: 'multi',
      payload: zoneRequest({ userId: DEMO.users.multi, publisherId: DEMO.publishers.premiumClassic }),
    });
    expect(res.statusCode).toBe(403);
    expect(await zonesOf(DEMO.publishers.premiumClassic)).toBe(before);
  });

  it('lets staff request a zone for any publisher in their own name', async () => {
    const res = await t.call({ method: 'POST', url: '/external/request', as: 'staff', payload: zoneRequest({ userId: DEMO.users.staff, publisherId: 7 }) });
    expect(res.statusCode).toBe(201);
    const zone = await t.call({ method: 'GET', url: `/external/zones/${res.json().trackingId}`, as: 'staff' });
    expect(zone.json()).toMatchObject({ publisherId: 7, userId: DEMO.users.staff });
  });
});

describe("a zone's settings", () => {
  const settings = (zone: Record<string, unknown>) => ({
    enabled: zone.enabled,
    name: zone.name,
    typeId: zone.typeId,
    verticalId: (zone.vertical as { id: number } | null)?.id ?? null,
    zoneGradeId: (zone.zoneGrade as { id: number } | null)?.id ?? null,
    msaStartDate: zone.msaStartDate,
  });

  it('renames a zone (trimmed) when the publisher sends its settings back unchanged otherwise', async () => {
    const id = await insertZone(t.db, { publisherId: solo, name: 'Old name' });
    await t.db.query('UPDATE zones SET vertical_id = 2, zone_grade_id = 1, msa_start_date = $2 WHERE tracking_id = $1', [id, '2024-03-01']);
    const zone = (await t.call({ method: 'GET', url: `/external/zones/${id}`, as: 'solo' })).json();
    const res = await t.call({ method: 'PUT', url: `/external/zones/${id}`, as: 'solo', payload: { ...settings(zone), name: '  New name ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...zone, name: 'New name' });
    expect((await t.call({ method: 'GET', url: `/external/zones/${id}`, as: 'solo' })).json()).toEqual(res.json());
  });

  it('keeps optional settings that are left out', async () => {
    const id = await insertZone(t.db, { publisherId: solo });
    await t.db.query('UPDATE zones SET vertical_id = 3 WHERE tracking_id = $1', [id]);
    const res = await t.call({ method: 'PUT', url: `/external/zones/${id}`, as: 'solo', payload: { enabled: true, name: 'Renamed', typeId: WEBSITE } });
    expect(res.statusCode).toBe(200);
    expect(res.json().vertical).toEqual({ id: 3, name: 'Finance' });
  });

  it("refuses a change of the zone's type and leaves the zone as it was", async () => {
    const id = await insertZone(t.db, { publisherId: solo, name: 'Web zone' });
    const res = await t.call({ method: 'PUT', url: `/external/zones/${id}`, as: 'solo', payload: { enabled: true, name: 'App now', typeId: APP } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/body/typeId');
    expect((await t.call({ method: 'GET', url: `/external/zones/${id}`, as: 'solo' })).json()).toMatchObject({ name: 'Web zone', typeId: WEBSITE });
  });

  it('refuses a blank name', async () => {
    const id = await insertZone(t.db, { publisherId: solo, name: 'Kept' });
    const res = await t.call({ method: 'PUT', url: `/external/zones/${id}`, as: 'solo', payload: { enabled: true, name: ' \t ', typeId: WEBSITE } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/body/name');
  });

  it('leaves review and classification to the network: a publisher cannot change them', async () => {
    const id = await insertZone(t.db, { publisherId: solo, name: 'Awaiting review', enabled: false });
    const res = await t.call({
      method: 'PUT',
      url: `/external/zones/${id}`,
      as: 'solo',
      payload: { enabled: true, name: 'Awaiting review', typeId: WEBSITE, verticalId: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/enabled', '/body/verticalId']);
    expect((await t.call({ method: 'GET', url: `/external/zones/${id}`, as: 'solo' })).json()).toMatchObject({ enabled: false, vertical: null });
  });

  it('lets staff enable and classify a zone', async () => {
    const id = await insertZone(t.db, { publisherId: solo, enabled: false });
    const res = await t.call({
      method: 'PUT',
      url: `/external/zones/${id}`,
      as: 'staff',
      payload: { enabled: true, name: 'Reviewed', typeId: WEBSITE, verticalId: 4, zoneGradeId: 2, msaStartDate: '2025-01-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, vertical: { id: 4, name: 'Technology' }, zoneGrade: { id: 2, name: 'B' }, msaStartDate: '2025-01-31' });
    const cleared = await t.call({ method: 'PUT', url: `/external/zones/${id}`, as: 'staff', payload: { ...settings(res.json()), verticalId: null } });
    expect(cleared.json().vertical).toBeNull();
  });

  it('refuses unknown vertical and grade ids with a 400 naming each', async () => {
    const id = await insertZone(t.db, { publisherId: solo });
    const res = await t.call({
      method: 'PUT',
      url: `/external/zones/${id}`,
      as: 'staff',
      payload: { enabled: true, name: 'Test zone', typeId: WEBSITE, verticalId: 999, zoneGradeId: 999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/verticalId', '/body/zoneGradeId']);
  });
});

describe('embed codes', () => {
  it('gives six codes built from the zone id for each web zone, once, in request order, leaving app zones out', async () => {
    const first = await insertZone(t.db, { publisherId: solo });
    const app = await insertZone(t.db, { publisherId: solo, typeId: APP });
    const second = await insertZone(t.db, { publisherId: solo });
    const res = await t.call({
      method: 'GET',
      url: `/external/zones/embed-codes?trackingIds=${second}&trackingIds=${app}&trackingIds=${first}&trackingIds=${second}`,
      as: 'solo',
    });
    expect(res.statusCode).toBe(200);
    const codes = res.json();
    expect(codes.map((c: { trackingId: number }) => c.trackingId)).toEqual([second, first]);
    const [code] = codes;
    expect(code.standardCode).toMatch(new RegExp(`^<script [^>]*src="https://[^"]+/zones/${second}/tag\\.js"></script>$`));
    expect(code.adServerReadyCode).toContain(`data-zone-id="${second}"`);
    expect(code.adServerReadyCode).toContain('async');
    for (const key of ['inVastTag', 'outVastTag', 'inVideoVastTag', 'inVideoVMapTag']) {
      expect(new URL(code[key]).pathname).toContain(`/${second}`);
    }
    expect(code.inVastTag).toContain('instream');
    expect(code.outVastTag).toContain('outstream');
    expect(code.inVideoVMapTag).toContain('vmap');
    expect(codes[1].standardCode).toContain(`/zones/${first}/`);
  });
});
