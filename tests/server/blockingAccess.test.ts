import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { insertZone } from '../support/zoneFixtures';
import { expectAccessMatrix, type AccessTargets } from '../support/accessMatrix';
import { clearPublisherRows, insertRestriction, restrictionValues, type RestrictionEntity } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;

let t: TestApp;
let zones: AccessTargets;
let legacyZone: number;
const publishers: AccessTargets = { solo: P.soloMedia, multi: P.atlasNews, nobody: NOBODY, missing: 99999 };

beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.premiumClassic, NOBODY]);
  zones = {
    solo: await insertZone(t.db, { publisherId: P.soloMedia }),
    multi: await insertZone(t.db, { publisherId: P.atlasNews }),
    nobody: await insertZone(t.db, { publisherId: NOBODY }),
    missing: 999999,
  };
  legacyZone = await insertZone(t.db, { publisherId: P.premiumClassic });
});
afterAll(() => t.close());

let serial = 0;
const bulk = [{ clusivity: 'EXCLUDE', type: 'iab_category', restrictions: ['IAB3'] }];

async function publisherOf(entity: RestrictionEntity, id: number): Promise<number | null> {
  if (entity === 'publisher') return (await t.db.one('SELECT 1 FROM publishers WHERE id = $1', [id])) ? id : null;
  return (await t.db.one<{ p: number }>('SELECT publisher_id AS p FROM zones WHERE tracking_id = $1', [id]))?.p ?? null;
}

describe.each([
  ['publisher', () => publishers],
  ['zone', () => zones],
] as const)('restrictions of a %s: authorization', (entity, targets) => {
  it('lists', async () => {
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'GET', url: `/external/${entity}/${id}/restrictions` }), 200);
  });

  it('adds', async () => {
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'POST', url: `/external/${entity}/${id}/restrictions/bulk`, payload: bulk }), 201);
  });

  it('sets', async () => {
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'PUT', url: `/external/${entity}/${id}/restrictions/bulk`, payload: bulk }), 200);
  });

  it('removes', async () => {
    // Each call names a fresh restriction of the targeted entity (a made-up id when the entity does not exist).
    await expectAccessMatrix(
      t,
      targets(),
      async (id) => {
        const publisherId = await publisherOf(entity, id);
        const restrictionId = publisherId
          ? await insertRestriction(t.db, { entity, entityId: id, publisherId, type: 'advertiser_domain', value: `*.r${++serial}.example` })
          : 987654;
        return { method: 'DELETE', url: `/external/${entity}/${id}/restrictions/bulk`, payload: [restrictionId] };
      },
      204,
    );
  });

  it('pages a blocked list, changes blocks in one call, removes the matching ones', async () => {
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'GET', url: `/external/${entity}/${id}/restrictions/search?restrictionType=iab_category` }), 200);
    const change = { add: [{ type: 'iab_category', restrictions: ['IAB4'] }], remove: [{ type: 'iab_category', restrictions: ['IAB3'] }] };
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'PATCH', url: `/external/${entity}/${id}/restrictions/bulk`, payload: change }), 200);
    // Each call names the one fresh matching block of the targeted entity.
    await expectAccessMatrix(
      t,
      targets(),
      async (id) => {
        const publisherId = await publisherOf(entity, id);
        const value = `*.m${++serial}.example`;
        if (publisherId) await insertRestriction(t.db, { entity, entityId: id, publisherId, type: 'advertiser_domain', value });
        return { method: 'POST', url: `/external/${entity}/${id}/restrictions/delete-matching`, payload: { restrictionType: 'advertiser_domain', searchTerm: value, expectedCount: 1 } };
      },
      200,
    );
  });

  it('answers the revenue at stake', async () => {
    const payload = { items: [{ type: 'iab_category', value: 'IAB3' }] };
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'POST', url: `/external/${entity}/${id}/restrictions/revenue-at-stake`, payload }), 200);
  });

  it('exports the blocklist', async () => {
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'GET', url: `/external/${entity}/${id}/restrictions/export?fileType=CSV` }), 200);
  });

  it('checks and imports a blocklist', async () => {
    const payload = { entries: [{ value: 'IAB3' }, { value: '*.import.example' }] };
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'POST', url: `/external/${entity}/${id}/restrictions/import/check`, payload }), 200);
    await expectAccessMatrix(t, targets(), (id) => ({ method: 'POST', url: `/external/${entity}/${id}/restrictions/import`, payload }), 201);
  });

  it('leaves another publisher’s restrictions untouched when the call is refused', async () => {
    const before = await restrictionValues(t.db, entity, targets().multi);
    const res = await t.call({ method: 'POST', url: `/external/${entity}/${targets().multi}/restrictions/bulk`, as: 'solo', payload: [{ ...bulk[0], restrictions: ['IAB5'] }] });
    expect(res.statusCode).toBe(404);
    expect(await restrictionValues(t.db, entity, targets().multi)).toEqual(before);
  });
});

describe('legacy just-premium publishers', () => {
  it('are refused every blocking call (403), for the publisher and its zones', async () => {
    const row = await insertRestriction(t.db, { entity: 'publisher', entityId: P.premiumClassic, publisherId: P.premiumClassic, type: 'iab_category', value: 'IAB3' });
    for (const base of [`/external/publisher/${P.premiumClassic}`, `/external/zone/${legacyZone}`]) {
      const calls = [
        { method: 'GET' as const, url: `${base}/restrictions` },
        { method: 'POST' as const, url: `${base}/restrictions/bulk`, payload: bulk },
        { method: 'PUT' as const, url: `${base}/restrictions/bulk`, payload: bulk },
        { method: 'DELETE' as const, url: `${base}/restrictions/bulk`, payload: [row] },
        { method: 'POST' as const, url: `${base}/restrictions/revenue-at-stake`, payload: { items: [{ type: 'iab_category', value: 'IAB3' }] } },
        { method: 'GET' as const, url: `${base}/restrictions/export?fileType=CSV` },
        { method: 'GET' as const, url: `${base}/restrictions/search?restrictionType=iab_category` },
        { method: 'PATCH' as const, url: `${base}/restrictions/bulk`, payload: { add: [], remove: [{ type: 'iab_category', restrictions: ['IAB3'] }] } },
        { method: 'POST' as const, url: `${base}/restrictions/delete-matching`, payload: { restrictionType: 'iab_category', expectedCount: 1 } },
        { method: 'POST' as const, url: `${base}/restrictions/import/check`, payload: { entries: [{ value: 'IAB5' }] } },
        { method: 'POST' as const, url: `${base}/restrictions/import`, payload: { entries: [{ value: 'IAB5' }] } },
      ];
      for (const call of calls) {
        const res = await t.call({ ...call, as: 'multi' });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await restrictionValues(t.db, 'publisher', P.premiumClassic)).toEqual(['iab_category:IAB3']);
    expect(await restrictionValues(t.db, 'zone', legacyZone)).toEqual([]);
  });
});

describe('internal users and advertiser exclusions', () => {
  it('may not add, set or remove advertiser blocks, for a publisher or a zone (403, nothing changed)', async () => {
    const advertiserBulk = [
      { clusivity: 'EXCLUDE', type: 'iab_category', restrictions: ['IAB9'] },
      { clusivity: 'EXCLUDE', type: 'advertiser', restrictions: ['1010'] },
    ];
    for (const [entity, id] of [['publisher', NOBODY], ['zone', zones.nobody]] as const) {
      const before = await restrictionValues(t.db, entity, id);
      for (const method of ['POST', 'PUT'] as const) {
        const res = await t.call({ method, url: `/external/${entity}/${id}/restrictions/bulk`, as: 'staff', payload: advertiserBulk });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', details: [{ field: '/body/1/type' }] });
      }
      const blocked = await insertRestriction(t.db, { entity, entityId: id, publisherId: NOBODY, type: 'advertiser', value: '1011' });
      const removal = await t.call({ method: 'DELETE', url: `/external/${entity}/${id}/restrictions/bulk`, as: 'staff', payload: [blocked] });
      expect(removal.statusCode).toBe(403);
      expect(await restrictionValues(t.db, entity, id)).toEqual([...before, 'advertiser:1011'].sort());
    }
  });

  it('may not import advertiser lines: the check says so and the import is refused whole (403)', async () => {
    const before = await restrictionValues(t.db, 'publisher', NOBODY);
    const payload = { entries: [{ value: 'IAB12' }, { type: 'advertiser', value: '1013' }] };
    const check = await t.call({ method: 'POST', url: `/external/publisher/${NOBODY}/restrictions/import/check`, as: 'staff', payload });
    expect(check.json().lines.map((l: { verdict: string; reason: string | null }) => [l.verdict, l.reason])).toEqual([
      ['new', null],
      ['not_permitted', 'internalUser'],
    ]);
    const res = await t.call({ method: 'POST', url: `/external/publisher/${NOBODY}/restrictions/import`, as: 'staff', payload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', details: [{ field: '/body/entries/1' }] });
    expect(await restrictionValues(t.db, 'publisher', NOBODY)).toEqual(before);
  });

  it('may still change advertiser-domain and IAB blocks', async () => {
    const url = `/external/publisher/${NOBODY}/restrictions/bulk`;
    const added = await t.call({
      method: 'POST',
      url,
      as: 'staff',
      payload: [{ clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: ['staff.example'] }],
    });
    expect(added.statusCode).toBe(201);
    const id = (await t.db.one<{ id: number }>("SELECT id FROM restrictions WHERE entity_type = 'publisher' AND entity_id = $1 AND value = '*.staff.example'", [NOBODY]))!.id;
    expect((await t.call({ method: 'DELETE', url, as: 'staff', payload: [id] })).statusCode).toBe(204);
  });

  it('leaves external users free to change advertiser blocks', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/external/publisher/${P.soloMedia}/restrictions/bulk`,
      as: 'solo',
      payload: [{ clusivity: 'EXCLUDE', type: 'advertiser', restrictions: ['1012'] }],
    });
    expect(res.statusCode).toBe(201);
    expect(await restrictionValues(t.db, 'publisher', P.soloMedia)).toContain('advertiser:1012');
  });
});
