// Undo (issue 12): each reversible kind comes back as it was, read through the ordinary GET calls, as a new
// change with its own entry; an undo can itself be undone. Refused, writing nothing: a change of what the entry
// changed since (naming it), a second undo, kinds that cannot be undone, and whatever the original write's own
// rules refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { entriesOf, entryOf, lastEntryId, undo, type StoredEntry } from '../support/history';
import { SERVICE, addBlockedUrl, addZoneService, insertZone } from '../support/zoneFixtures';
import { insertRestriction, setClusivity } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID } from '../../server/src/db/seed/data/reference';

const ATLAS = DEMO.publishers.atlasNews;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = 'multi' | 'staff' | 'solo';
const exclude = (type: string, restrictions: string[]) => ({ clusivity: 'EXCLUDE', type, restrictions });

/** Undoes an entry of Atlas News (or `publisherId`) and answers the undo's own entry. */
async function undone(entry: StoredEntry, as: Who = 'multi'): Promise<StoredEntry> {
  const undoEntry = await entryOf(t, 201, () => undo(t, entry.publisherId!, entry.id, as));
  expect(undoEntry).toMatchObject({ operation: 'undoHistoryEntry', kind: entry.kind, undoes: entry.id, publisherId: entry.publisherId });
  return undoEntry;
}

/** An undo refused with `status` and `code`, which wrote no entry. */
async function refused(entry: StoredEntry, status: number, code: string, as: Who = 'multi') {
  let body: { code: string; details?: { field: string; message: string; value?: unknown }[] } = { code: '' };
  expect(
    await entriesOf(t, status, async () => {
      const res = await undo(t, entry.publisherId!, entry.id, as);
      body = res.json();
      return res;
    }),
  ).toEqual([]);
  expect(body.code).toBe(code);
  return body;
}

const zoneName = async (zoneId: number) => (await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'multi' })).json().name;
const services = async (zoneId: number) =>
  (await t.call({ method: 'GET', url: `/external/zones/${zoneId}/services`, as: 'multi' }))
    .json()
    .map((s: { service: { id: number }; enabled: boolean; implementationTypeId: number | null }) => [s.service.id, s.enabled, s.implementationTypeId]);
const patterns = async (zoneId: number) =>
  (await t.call({ method: 'GET', url: `/external/zones/${zoneId}/asset-url-filter-patterns`, as: 'multi' })).json().map((p: { pattern: string }) => p.pattern);
const blocks = async (entity: 'zone' | 'publisher', entityId: number, as: Who = 'multi') =>
  (await t.call({ method: 'GET', url: `/external/${entity}/${entityId}/restrictions?groupByType=true`, as }))
    .json()
    .flatMap((group: { restrictionType: string; restrictions: { advertisingRestrictionId: string; tag: string | null }[] }) =>
      group.restrictions.filter((r) => r.tag === null).map((r) => `${group.restrictionType}:${r.advertisingRestrictionId}`),
    )
    .sort();
const rename = (zoneId: number, name: string, as: Who = 'multi') => () =>
  t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as, payload: { name, typeId: 1, enabled: true } });

describe("the demo's history", () => {
  it('is true to the demo data: every entry can be undone without a conflict', async () => {
    const entries = await t.db.query<{ id: number; publisherId: number }>(
      'SELECT id, publisher_id AS "publisherId" FROM history WHERE undoes IS NULL ORDER BY id DESC',
    );
    expect(entries.length).toBeGreaterThanOrEqual(5);
    for (const { id, publisherId } of entries) {
      const res = await undo(t, publisherId, id, publisherId === DEMO.publishers.soloMedia ? 'solo' : 'multi');
      expect([id, res.statusCode, res.body]).toEqual([id, 201, expect.any(String)]);
    }
  });
});

describe('undo of each reversible kind', () => {
  it('ZONE: the previous name comes back, and undoing the undo renames it again', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Original name' });
    const change = await entryOf(t, 200, rename(zoneId, 'New name'));
    const back = await undone(change);
    expect(await zoneName(zoneId)).toBe('Original name');
    expect(back).toMatchObject({ zoneId, zoneName: 'Original name', before: { name: 'New name' }, after: { name: 'Original name' } });

    const again = await undone(back);
    expect(await zoneName(zoneId)).toBe('New name');
    expect(again.after).toEqual({ name: 'New name' });
  });

  it("ZONE: staff's review comes back for staff, while the publisher may not undo it (the update's own rule)", async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Reviewed', enabled: false });
    const review = await entryOf(t, 200, () => t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'staff', payload: { name: 'Reviewed', typeId: 1, enabled: true, zoneGradeId: 2 } }));
    await refused(review, 403, 'FORBIDDEN', 'multi');
    await undone(review, 'staff');
    const zone = (await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'staff' })).json();
    expect([zone.enabled, zone.zoneGrade]).toEqual([false, null]);
  });

  it('PRODUCTS: a removed product comes back with its implementation type, an added one goes', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Products' });
    await t.db.query('INSERT INTO zone_services (zone_id, service_id, enabled, implementation_type_id) VALUES ($1, $2, true, 2)', [zoneId, SERVICE.inSlot]);
    await addZoneService(t.db, zoneId, SERVICE.inImage);
    const removal = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `/external/zones/${zoneId}/services/${SERVICE.inSlot}`, as: 'multi' }));
    await undone(removal);
    expect(await services(zoneId)).toEqual([
      [SERVICE.inImage, true, null],
      [SERVICE.inSlot, true, 2],
    ]);

    const other = await insertZone(t.db, { publisherId: ATLAS, name: 'Products too' });
    const put = await entryOf(t, 204, () =>
      t.call({
        method: 'PUT',
        url: '/external/zones/bulk/services',
        as: 'multi',
        payload: { trackingIds: [zoneId, other], services: [{ serviceId: SERVICE.inSlot, implementationTypeId: 1 }, { serviceId: SERVICE.video }] },
      }),
    );
    const back = await undone(put);
    expect(await services(zoneId)).toEqual([
      [SERVICE.inImage, true, null],
      [SERVICE.inSlot, true, 2],
    ]);
    expect(await services(other)).toEqual([]);
    expect(back).toMatchObject({ zoneId: null });
    expect((back.before as { zones: unknown[] }).zones).toHaveLength(2);
  });

  it('BLOCKED_URLS: added patterns go, a removed one is blocked again', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'URLs' });
    const added = await entryOf(t, 201, () =>
      t.call({
        method: 'POST',
        url: `/external/zones/${zoneId}/asset-url-filter-patterns/bulk`,
        as: 'multi',
        payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://one.example.com/a', urlType: 'PAGE', evalType: 'CONTAINS' }, { pattern: 'https://two.example.com/b', urlType: 'IMAGE', evalType: 'CONTAINS' }] },
      }),
    );
    await undone(added);
    expect(await patterns(zoneId)).toEqual([]);

    const kept = await addBlockedUrl(t.db, zoneId, 'https://kept.example.com/', 'IMAGE');
    const removal = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `/external/zones/${zoneId}/asset-url-filter-patterns/${kept}`, as: 'multi' }));
    const back = await undone(removal);
    expect(await patterns(zoneId)).toEqual(['https://kept.example.com/']);
    expect(back.after).toEqual({ urls: [expect.objectContaining({ pattern: 'https://kept.example.com/', urlType: 'IMAGE', evalType: 'CONTAINS' })] });
  });

  it('BLOCKS: added blocks go, removed ones are blocked again, on a zone and on the publisher', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Blocks' });
    const added = await entryOf(t, 201, () =>
      t.call({ method: 'POST', url: `/external/zone/${zoneId}/restrictions/bulk`, as: 'multi', payload: [exclude('advertiser', ['1501']), exclude('iab_category', ['IAB9'])] }),
    );
    await undone(added);
    expect(await blocks('zone', zoneId)).toEqual([]);

    const publisherId = DEMO.firstOtherPublisher + 1;
    const one = await insertRestriction(t.db, { entity: 'publisher', entityId: publisherId, publisherId, type: 'advertiser_domain', value: '*.gone.example' });
    const two = await insertRestriction(t.db, { entity: 'publisher', entityId: publisherId, publisherId, type: 'iab_category', value: 'IAB11' });
    const before = await blocks('publisher', publisherId, 'staff');
    const removal = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `/external/publisher/${publisherId}/restrictions/bulk`, as: 'staff', payload: [one, two] }));
    await undone(removal, 'staff');
    expect(await blocks('publisher', publisherId, 'staff')).toEqual(before);
  });

  it('SELF_IDENTIFIERS: each domain gets its previous self identifiers', async () => {
    const url = `/external/publishers/${ATLAS}/zone-domain-self-identifiers`;
    const read = async () =>
      (await t.call({ method: 'GET', url: `${url}?size=100`, as: 'multi' }))
        .json()
        .content.filter((row: { zoneDomainId: number }) => [DEMO.zoneDomains.atlas, DEMO.zoneDomains.atlasPlain].includes(row.zoneDomainId as 10010))
        .map((row: { zoneDomainId: number; selfIdentifiers: { id: number }[] }) => [row.zoneDomainId, row.selfIdentifiers.map((s) => s.id)]);
    const before = await read();
    const save = await entryOf(t, 204, () =>
      t.call({
        method: 'POST',
        url,
        as: 'multi',
        payload: [
          { zoneDomainId: DEMO.zoneDomains.atlas, selfIdentifierIds: [4] },
          { zoneDomainId: DEMO.zoneDomains.atlasPlain, selfIdentifierIds: [5, 7] },
        ],
      }),
    );
    await undone(save);
    expect(await read()).toEqual(before);
  });
});

describe('undo refused, nothing written', () => {
  it('when what the entry changed has changed since, naming each difference', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Conflicts' });
    const first = await entryOf(t, 200, rename(zoneId, 'First'));
    await entryOf(t, 200, rename(zoneId, 'Second'));
    expect((await refused(first, 409, 'UNDO_CONFLICT')).details).toEqual([{ field: '/after/name', message: 'has changed since', value: 'Second' }]);
    expect(await zoneName(zoneId)).toBe('Second');

    const added = await entryOf(t, 201, () =>
      t.call({ method: 'POST', url: `/external/zone/${zoneId}/restrictions/bulk`, as: 'multi', payload: [exclude('advertiser_domain', ['kept.example', 'dropped.example'])] }),
    );
    await t.db.query("DELETE FROM restrictions WHERE entity_type = 'zone' AND entity_id = $1 AND value = '*.dropped.example'", [zoneId]);
    expect((await refused(added, 409, 'UNDO_CONFLICT')).details).toEqual([{ field: '/after/blocks/1', message: 'is no longer blocked', value: '*.dropped.example' }]);
    expect(await blocks('zone', zoneId)).toEqual(['advertiser_domain:*.kept.example']);

    const url = await addBlockedUrl(t.db, zoneId, 'https://back.example.com/');
    const removal = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `/external/zones/${zoneId}/asset-url-filter-patterns/${url}`, as: 'multi' }));
    await addBlockedUrl(t.db, zoneId, 'https://back.example.com/');
    expect((await refused(removal, 409, 'UNDO_CONFLICT')).details).toEqual([{ field: '/before/urls/0', message: 'is blocked again', value: 'https://back.example.com/' }]);

    const product = await entryOf(t, 204, () =>
      t.call({ method: 'PUT', url: '/external/zones/bulk/services', as: 'multi', payload: { trackingIds: [zoneId], services: [{ serviceId: SERVICE.inImage }] } }),
    );
    await addZoneService(t.db, zoneId, SERVICE.video);
    expect((await refused(product, 409, 'UNDO_CONFLICT')).details).toEqual([{ field: '/after/zones/0', message: 'has other products since' }]);

    const save = await entryOf(t, 204, () =>
      t.call({ method: 'POST', url: `/external/publishers/${ATLAS}/zone-domain-self-identifiers`, as: 'multi', payload: [{ zoneDomainId: DEMO.zoneDomains.atlasPlain, selfIdentifierIds: [8] }] }),
    );
    await t.db.query('INSERT INTO zone_domain_self_identifiers (zone_domain_id, self_identifier_id) VALUES ($1, 1)', [DEMO.zoneDomains.atlasPlain]);
    expect((await refused(save, 409, 'UNDO_CONFLICT')).details).toEqual([
      expect.objectContaining({ field: '/after/domains/0', message: 'has other self identifiers since' }),
    ]);
  });

  it('when the entry was undone already', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Once' });
    const change = await entryOf(t, 200, rename(zoneId, 'Twice'));
    await undone(change);
    await refused(change, 409, 'ALREADY_UNDONE');
    expect(await zoneName(zoneId)).toBe('Once');
  });

  it('when two undos of one entry race: one undoes it, the other is told it is undone already', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Raced' });
    const change = await entryOf(t, 200, rename(zoneId, 'Raced again'));
    const answers = await Promise.all([undo(t, ATLAS, change.id, 'multi'), undo(t, ATLAS, change.id, 'multi')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().code).toBe('ALREADY_UNDONE');
    expect(await t.db.query('SELECT id FROM history WHERE undoes = $1', [change.id])).toHaveLength(1);
    expect(await zoneName(zoneId)).toBe('Raced');
  });

  it('for a zone creation, slot requests and the GDPR acceptance', async () => {
    const created = await entryOf(t, 201, () =>
      t.call({ method: 'POST', url: '/external/request', as: 'multi', payload: { userId: DEMO.users.multi, publisherId: ATLAS, name: 'New', domains: ['undo-test.com'], typeId: 1, services: [] } }),
    );
    await refused(created, 409, 'NOT_REVERSIBLE');
    const slots = await entryOf(t, 200, () =>
      t.call({
        method: 'PUT',
        url: `/external/zones/${created.zoneId}/slots/bulk`,
        as: 'multi',
        payload: { trackingId: created.zoneId, slots: [{ trackingId: created.zoneId, name: 'S', slotSizeId: 4, implementationTypeId: 1, placementId: null, enabled: true }] },
      }),
    );
    await refused(slots, 409, 'NOT_REVERSIBLE');
    const gdpr = await entryOf(t, 200, () => t.call({ method: 'PATCH', url: `/external/publishers/${DEMO.publishers.sakuraPress}/accept-gdpr`, as: 'multi' }));
    await refused(gdpr, 409, 'NOT_REVERSIBLE');
  });

  it("by the original write's rules: staff and advertiser blocks, an inclusion list, a legacy just-premium publisher", async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Rules' });
    const advertiser = await entryOf(t, 201, () => t.call({ method: 'POST', url: `/external/zone/${zoneId}/restrictions/bulk`, as: 'multi', payload: [exclude('advertiser', ['1502'])] }));
    await refused(advertiser, 403, 'FORBIDDEN', 'staff');
    expect(await blocks('zone', zoneId)).toEqual(['advertiser:1502']);

    const domain = await insertRestriction(t.db, { entity: 'zone', entityId: zoneId, publisherId: ATLAS, type: 'advertiser_domain', value: '*.included.example' });
    const removal = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `/external/zone/${zoneId}/restrictions/bulk`, as: 'multi', payload: [domain] }));
    await setClusivity(t.db, 'zone', zoneId, 'advertiser_domain', 'INCLUDE');
    await refused(removal, 409, 'CLUSIVITY_CONFLICT');

    const publisherId = DEMO.firstOtherPublisher + 2;
    const block = await entryOf(t, 201, () => t.call({ method: 'POST', url: `/external/publisher/${publisherId}/restrictions/bulk`, as: 'staff', payload: [exclude('iab_category', ['IAB12'])] }));
    await t.db.query('UPDATE publishers SET business_unit_id = $2 WHERE id = $1', [publisherId, LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID]);
    await refused(block, 403, 'FORBIDDEN', 'staff');
    expect(await lastEntryId(t.db)).toBe(block.id);
  });
});
