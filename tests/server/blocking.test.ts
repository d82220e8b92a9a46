import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { insertZone } from '../support/zoneFixtures';
import { clearPublisherRows, insertRestriction, restrictionValues, setClusivity } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const SOLO = DEMO.publishers.soloMedia;
const ATLAS = DEMO.publishers.atlasNews;

let t: TestApp;
let soloZone: number;
let atlasZone: number;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await clearPublisherRows(t.db, [SOLO, ATLAS]);
  soloZone = await insertZone(t.db, { publisherId: SOLO, name: 'Solo front page' });
  atlasZone = await insertZone(t.db, { publisherId: ATLAS, name: 'Atlas sports' });
});

async function advertiserName(id: number): Promise<string> {
  return (await t.db.one<{ name: string }>('SELECT name FROM advertisers WHERE id = $1', [id]))!.name;
}
async function iabName(id: string, column: 'name_en' | 'name_ja' = 'name_en'): Promise<string> {
  return (await t.db.one<{ name: string }>(`SELECT ${column} AS name FROM iab_categories WHERE id = $1`, [id]))!.name;
}
const exclude = (type: string, restrictions: string[]) => ({ clusivity: 'EXCLUDE', type, restrictions });

describe('listing restrictions', () => {
  it('groups a publisher’s blocks by type with names, IAB parents and the applicable clusivity', async () => {
    const advertiser = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'advertiser', value: '1001' });
    const domain = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'advertiser_domain', value: '*.blocked.example' });
    const child = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'iab_category', value: 'IAB7-1' });
    const parent = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'iab_category', value: 'IAB7' });
    await setClusivity(t.db, 'publisher', SOLO, 'advertiser', 'EXCLUDE');

    const res = await t.call({ method: 'GET', url: `/external/publisher/${SOLO}/restrictions?groupByType=true&language=en`, as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        restrictionType: 'advertiser',
        clusivity: 'EXCLUDE',
        restrictions: [{ id: advertiser, advertisingRestrictionId: '1001', name: await advertiserName(1001), parentId: null, tag: null, clusivity: 'EXCLUDE' }],
      },
      {
        restrictionType: 'advertiser_domain',
        clusivity: null,
        restrictions: [{ id: domain, advertisingRestrictionId: '*.blocked.example', name: '*.blocked.example', parentId: null, tag: null, clusivity: 'EXCLUDE' }],
      },
      {
        restrictionType: 'iab_category',
        clusivity: null,
        restrictions: [
          { id: parent, advertisingRestrictionId: 'IAB7', name: await iabName('IAB7'), parentId: null, tag: null, clusivity: 'EXCLUDE' },
          { id: child, advertisingRestrictionId: 'IAB7-1', name: await iabName('IAB7-1'), parentId: 'IAB7', tag: null, clusivity: 'EXCLUDE' },
        ],
      },
    ]);
  });

  it('names IAB categories in Japanese for ja and in English for es and fr', async () => {
    await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'iab_category', value: 'IAB25-3' });
    const names = async (language: string) => {
      const res = await t.call({ method: 'GET', url: `/external/publisher/${SOLO}/restrictions?language=${language}`, as: 'solo' });
      return res.json()[0].restrictions.map((r: { name: string }) => r.name);
    };
    expect(await names('ja')).toEqual([await iabName('IAB25-3', 'name_ja')]);
    expect(await names('es')).toEqual([await iabName('IAB25-3')]);
    expect(await names('fr')).toEqual([await iabName('IAB25-3')]);
    expect(await iabName('IAB25-3', 'name_ja')).not.toBe(await iabName('IAB25-3'));
  });

  it('shows a zone its own blocks and its publisher’s blocks tagged Global, filtered by type on request', async () => {
    await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'advertiser_domain', value: '*.global.example' });
    await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'advertiser_domain', value: '*.zone.example' });
    await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'iab_category', value: 'IAB3' });
    const otherZone = await insertZone(t.db, { publisherId: SOLO, name: 'Solo other' });
    await insertRestriction(t.db, { entity: 'zone', entityId: otherZone, publisherId: SOLO, type: 'advertiser_domain', value: '*.elsewhere.example' });

    const res = await t.call({ method: 'GET', url: `/external/zone/${soloZone}/restrictions?restrictionType=advertiser_domain`, as: 'solo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0].restrictions.map((r: { name: string; tag: string | null }) => [r.name, r.tag])).toEqual([
      ['*.global.example', 'Global'],
      ['*.zone.example', null],
    ]);
    const publisherView = await t.call({ method: 'GET', url: `/external/publisher/${SOLO}/restrictions`, as: 'solo' });
    expect(publisherView.json()).toEqual([
      { restrictionType: 'advertiser_domain', clusivity: null, restrictions: [expect.objectContaining({ name: '*.global.example', tag: null })] },
    ]);
  });

  it('answers no groups when nothing is blocked and no clusivity is set', async () => {
    const res = await t.call({ method: 'GET', url: `/external/zone/${soloZone}/restrictions`, as: 'solo' });
    expect(res.json()).toEqual([]);
  });
});

describe('adding and setting restrictions', () => {
  it('adds exclusions of every type, keeps ones already present, and answers the groups after the change', async () => {
    const existing = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'advertiser', value: '1002' });
    const body = [exclude('advertiser', ['1002', '1003']), exclude('advertiser_domain', ['Shop.Example', '*.news.example', 'shop.example']), exclude('iab_category', ['IAB25-3'])];
    const res = await t.call({ method: 'POST', url: `/external/publisher/${SOLO}/restrictions/bulk`, as: 'solo', payload: body });
    expect(res.statusCode).toBe(201);
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual([
      'advertiser:1002',
      'advertiser:1003',
      'advertiser_domain:*.news.example',
      'advertiser_domain:*.shop.example',
      'iab_category:IAB25-3',
    ]);
    const groups = res.json() as { restrictionType: string; restrictions: { id: number; name: string }[] }[];
    expect(groups.map((g) => g.restrictionType)).toEqual(['advertiser', 'advertiser_domain', 'iab_category']);
    const advertiserNames = [await advertiserName(1002), await advertiserName(1003)].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    expect(groups[0]!.restrictions.map((r) => r.name)).toEqual(advertiserNames);
    expect(groups[0]!.restrictions.map((r) => r.id)).toContain(existing);
    expect(groups[1]!.restrictions.map((r) => r.name)).toEqual(['*.news.example', '*.shop.example']);

    const again = await t.call({ method: 'POST', url: `/external/publisher/${SOLO}/restrictions/bulk`, as: 'solo', payload: body });
    expect(again.statusCode).toBe(201);
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toHaveLength(5);
  });

  it('adds zone blocks under the zone, owned by the zone’s publisher', async () => {
    const res = await t.call({ method: 'POST', url: `/external/zone/${atlasZone}/restrictions/bulk`, as: 'multi', payload: [exclude('iab_category', ['IAB7-1'])] });
    expect(res.statusCode).toBe(201);
    const row = await t.db.one<{ publisher_id: number }>("SELECT publisher_id FROM restrictions WHERE entity_type = 'zone' AND entity_id = $1", [atlasZone]);
    expect(row?.publisher_id).toBe(ATLAS);
  });

  it('refuses invalid values with a 400 naming each one, writing nothing', async () => {
    const body = [
      exclude('advertiser', ['1001', '99999999', 'abc', '0']),
      exclude('advertiser_domain', ['*.com', 'bad_domain.example', 'fine.example']),
      exclude('iab_category', ['IAB999', 'iab7']),
    ];
    const res = await t.call({ method: 'POST', url: `/external/publisher/${SOLO}/restrictions/bulk`, as: 'solo', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([
      '/body/0/restrictions/1',
      '/body/0/restrictions/2',
      '/body/0/restrictions/3',
      '/body/1/restrictions/0',
      '/body/1/restrictions/1',
      '/body/2/restrictions/0',
      '/body/2/restrictions/1',
    ]);
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual([]);
  });

  it('refuses bodies outside the contract (an inclusion, an unknown type)', async () => {
    const url = `/external/publisher/${SOLO}/restrictions/bulk`;
    const include = await t.call({ method: 'POST', url, as: 'solo', payload: [{ clusivity: 'INCLUDE', type: 'advertiser', restrictions: ['1001'] }] });
    expect(include.statusCode).toBe(400);
    expect(include.json().details[0].field).toBe('/body/0/clusivity');
    const unknown = await t.call({ method: 'PUT', url, as: 'solo', payload: [{ clusivity: 'EXCLUDE', type: 'keyword', restrictions: ['x'] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('/body/0/type');
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual([]);
  });

  it('refuses additions with 409 when the publisher’s clusivity for the type is INCLUDE, for the publisher and its zones', async () => {
    await setClusivity(t.db, 'publisher', SOLO, 'advertiser_domain', 'INCLUDE');
    const body = [exclude('iab_category', ['IAB3']), exclude('advertiser_domain', ['shop.example'])];
    for (const url of [`/external/publisher/${SOLO}/restrictions/bulk`, `/external/zone/${soloZone}/restrictions/bulk`]) {
      const res = await t.call({ method: 'POST', url, as: 'solo', payload: body });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CLUSIVITY_CONFLICT', details: [{ field: '/body/1/type' }] });
    }
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual([]);
    expect(await restrictionValues(t.db, 'zone', soloZone)).toEqual([]);
    const zoneView = await t.call({ method: 'GET', url: `/external/zone/${soloZone}/restrictions`, as: 'solo' });
    expect(zoneView.json()).toEqual([{ restrictionType: 'advertiser_domain', clusivity: 'INCLUDE', restrictions: [] }]);
  });

  it('refuses additions with 409 when only the zone’s own clusivity is INCLUDE, leaving the publisher free', async () => {
    await setClusivity(t.db, 'zone', soloZone, 'iab_category', 'INCLUDE');
    await setClusivity(t.db, 'publisher', SOLO, 'iab_category', 'EXCLUDE');
    const body = [exclude('iab_category', ['IAB3'])];
    const zone = await t.call({ method: 'PUT', url: `/external/zone/${soloZone}/restrictions/bulk`, as: 'solo', payload: body });
    expect(zone.statusCode).toBe(409);
    const publisher = await t.call({ method: 'PUT', url: `/external/publisher/${SOLO}/restrictions/bulk`, as: 'solo', payload: body });
    expect(publisher.statusCode).toBe(200);
    expect(publisher.json()).toEqual([{ restrictionType: 'iab_category', clusivity: 'EXCLUDE', restrictions: [expect.objectContaining({ advertisingRestrictionId: 'IAB3' })] }]);
  });

  it('sets an existing restriction to an exclusion on PUT, where POST keeps it as it was', async () => {
    await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'iab_category', value: 'IAB3', clusivity: 'INCLUDE' });
    const clusivityOf = async () =>
      (await t.db.one<{ clusivity: string }>("SELECT clusivity FROM restrictions WHERE entity_type = 'zone' AND entity_id = $1 AND value = 'IAB3'", [soloZone]))!.clusivity;
    const body = [exclude('iab_category', ['IAB3', 'IAB3-1'])];
    expect((await t.call({ method: 'POST', url: `/external/zone/${soloZone}/restrictions/bulk`, as: 'solo', payload: body })).statusCode).toBe(201);
    expect(await clusivityOf()).toBe('INCLUDE');
    const put = await t.call({ method: 'PUT', url: `/external/zone/${soloZone}/restrictions/bulk`, as: 'solo', payload: body });
    expect(put.statusCode).toBe(200);
    expect(await clusivityOf()).toBe('EXCLUDE');
    expect(await restrictionValues(t.db, 'zone', soloZone)).toEqual(['iab_category:IAB3', 'iab_category:IAB3-1']);
  });
});

describe('removing restrictions', () => {
  it('removes the entity’s own restrictions', async () => {
    const a = await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'iab_category', value: 'IAB3' });
    const b = await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'advertiser_domain', value: '*.gone.example' });
    const keep = await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'iab_category', value: 'IAB4' });
    const res = await t.call({ method: 'DELETE', url: `/external/zone/${soloZone}/restrictions/bulk`, as: 'solo', payload: [a, b] });
    expect(res.statusCode).toBe(204);
    const after = await t.call({ method: 'GET', url: `/external/zone/${soloZone}/restrictions`, as: 'solo' });
    expect(after.json()).toEqual([{ restrictionType: 'iab_category', clusivity: null, restrictions: [expect.objectContaining({ id: keep })] }]);
  });

  it('does not remove a Global block through a zone: 404, nothing removed', async () => {
    const own = await insertRestriction(t.db, { entity: 'zone', entityId: soloZone, publisherId: SOLO, type: 'iab_category', value: 'IAB3' });
    const global = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'iab_category', value: 'IAB4' });
    const res = await t.call({ method: 'DELETE', url: `/external/zone/${soloZone}/restrictions/bulk`, as: 'solo', payload: [own, global] });
    expect(res.statusCode).toBe(404);
    expect(await restrictionValues(t.db, 'zone', soloZone)).toEqual(['iab_category:IAB3']);
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual(['iab_category:IAB4']);
    const throughPublisher = await t.call({ method: 'DELETE', url: `/external/publisher/${SOLO}/restrictions/bulk`, as: 'solo', payload: [global] });
    expect(throughPublisher.statusCode).toBe(204);
  });

  it('refuses a bulk naming another publisher’s restriction as a missing one, removing nothing', async () => {
    const own = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'iab_category', value: 'IAB3' });
    const foreign = await insertRestriction(t.db, { entity: 'publisher', entityId: ATLAS, publisherId: ATLAS, type: 'iab_category', value: 'IAB3' });
    const url = `/external/publisher/${SOLO}/restrictions/bulk`;
    const withForeign = await t.call({ method: 'DELETE', url, as: 'solo', payload: [own, foreign] });
    const withMissing = await t.call({ method: 'DELETE', url, as: 'solo', payload: [own, 987654] });
    expect(withForeign.statusCode).toBe(404);
    expect(withForeign.body).toBe(withMissing.body);
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual(['iab_category:IAB3']);
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toEqual(['iab_category:IAB3']);
  });

  it('refuses to remove an inclusion (409), which the account manager owns', async () => {
    const included = await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'advertiser', value: '1001', clusivity: 'INCLUDE' });
    const res = await t.call({ method: 'DELETE', url: `/external/publisher/${SOLO}/restrictions/bulk`, as: 'solo', payload: [included] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CLUSIVITY_CONFLICT', details: [{ field: '/body/0' }] });
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual(['advertiser:1001']);
  });

  it('refuses an empty or malformed id list with 400', async () => {
    const url = `/external/publisher/${SOLO}/restrictions/bulk`;
    expect((await t.call({ method: 'DELETE', url, as: 'solo', payload: [] })).json().details[0].field).toBe('/body');
    expect((await t.call({ method: 'DELETE', url, as: 'solo', payload: ['x'] })).json().details[0].field).toBe('/body/0');
  });
});
