// Recording (issue 12): every write of the contract appends exactly one history entry, with who, where and the
// before and after of what changed, in the transaction of the change; a failing write leaves none; reads and
// read-only POSTs none. The lists of server/src/history/operations.ts are checked against the contract itself, so
// a new write operation fails here until it says how it records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { entriesOf, entryOf } from '../support/history';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, loginToken, requestReset } from '../support/auth';
import { SERVICE, addBlockedUrl, addZoneService, insertZone } from '../support/zoneFixtures';
import { insertRestriction, setClusivity } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { loadContract } from '../../server/src/http/contract';
import { conflict } from '../../server/src/http/errors';
import type { Handlers } from '../../server/src/http/handlers';
import { RECORDED, RECORDS_NOTHING } from '../../server/src/history/operations';
import { handlers } from '../../server/src/routes';

const ATLAS = DEMO.publishers.atlasNews;
const SOLO = DEMO.publishers.soloMedia;
const MULTI = { authorId: DEMO.users.multi, authorName: 'Max Multi', authorEmail: 'multi@publisher.example', authorInternal: false };
const STAFF = { authorId: DEMO.users.staff, authorName: 'Sam Staff', authorEmail: 'staff@adnetwork.example', authorInternal: true };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const advertiserName = async (id: number) => (await t.db.one<{ name: string }>('SELECT name FROM advertisers WHERE id = $1', [id]))!.name;
const iabName = async (id: string) => (await t.db.one<{ name: string }>('SELECT name_en AS name FROM iab_categories WHERE id = $1', [id]))!.name;
const exclude = (type: string, restrictions: string[]) => ({ clusivity: 'EXCLUDE', type, restrictions });

describe('which calls record', () => {
  const operations = loadContract().operations;
  const recorded = Object.keys(RECORDED);
  const nothing: readonly string[] = RECORDS_NOTHING;

  it('knows every write of the contract: each call that is not a GET records, or is listed as recording nothing', () => {
    const writes = operations.filter((operation) => operation.method !== 'GET').map((operation) => operation.operationId);
    const unknown = writes.filter((id) => !recorded.includes(id) && !nothing.includes(id));
    expect(unknown, 'writes without a place in server/src/history/operations.ts').toEqual([]);
    expect(writes.filter((id) => recorded.includes(id) && nothing.includes(id)), 'in both lists').toEqual([]);
  });

  it('lists only operations of the contract that can write', () => {
    const byId = new Map(operations.map((operation) => [operation.operationId, operation.method]));
    expect([...recorded, ...nothing].filter((id) => byId.get(id) === undefined || byId.get(id) === 'GET')).toEqual([]);
  });
});

describe('every write records one entry with its before and after', () => {
  it('requestZone: the new zone with every field, nothing before', async () => {
    let zoneId = 0;
    const entry = await entryOf(t, 201, async () => {
      const res = await t.call({
        method: 'POST',
        url: '/external/request',
        as: 'multi',
        payload: { userId: DEMO.users.multi, publisherId: ATLAS, name: ' History desk ', domains: ['www.historydesk.com'], typeId: 1, services: [SERVICE.inScreen, SERVICE.inImage] },
      });
      zoneId = res.json().trackingId;
      return res;
    });
    expect(entry).toMatchObject({ kind: 'ZONE', operation: 'requestZone', publisherId: ATLAS, zoneId, zoneName: 'History desk', ...MULTI, undoes: null, before: null });
    expect(entry.after).toEqual({
      name: 'History desk',
      enabled: false,
      typeId: 1,
      verticalId: null,
      zoneGradeId: null,
      msaStartDate: null,
      domains: ['*.historydesk.com'],
      products: [{ id: SERVICE.inImage, name: 'InImage Ads' }, { id: SERVICE.inScreen, name: 'InScreen Ads' }],
    });
    expect(Math.abs(Date.parse(entry.at) - Date.now())).toBeLessThan(60_000);
  });

  it('updateZone: only the fields that changed; staff is recorded as staff', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Before rename' });
    const update = (as: 'multi' | 'staff', payload: object) => () => t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as, payload });
    const renamed = await entryOf(t, 200, update('multi', { name: 'After rename', typeId: 1, enabled: true }));
    expect(renamed).toMatchObject({ kind: 'ZONE', operation: 'updateZone', publisherId: ATLAS, zoneId, zoneName: 'After rename', ...MULTI });
    expect([renamed.before, renamed.after]).toEqual([{ name: 'Before rename' }, { name: 'After rename' }]);

    const reviewed = await entryOf(t, 200, update('staff', { name: 'After rename', typeId: 1, enabled: false, verticalId: 3 }));
    expect(reviewed).toMatchObject({ ...STAFF, zoneName: 'After rename' });
    expect([reviewed.before, reviewed.after]).toEqual([{ enabled: true, verticalId: null }, { enabled: false, verticalId: 3 }]);
  });

  it('putZoneServices: each zone whose products changed, all of its products before and after; a zone only for one zone', async () => {
    const first = await insertZone(t.db, { publisherId: ATLAS, name: 'Products one' });
    const second = await insertZone(t.db, { publisherId: ATLAS, name: 'Products two' });
    await addZoneService(t.db, first, SERVICE.inScreen);
    await addZoneService(t.db, second, SERVICE.inImage);
    const put = (trackingIds: number[], services: object[]) => () =>
      t.call({ method: 'PUT', url: '/external/zones/bulk/services', as: 'multi', payload: { trackingIds, services } });

    const both = await entryOf(t, 204, put([first, second], [{ serviceId: SERVICE.inImage }]));
    expect(both).toMatchObject({ kind: 'PRODUCTS', operation: 'putZoneServices', publisherId: ATLAS, zoneId: null, zoneName: null });
    expect(both.before).toEqual({
      zones: [{ zone: { id: first, name: 'Products one' }, products: [{ id: SERVICE.inScreen, name: 'InScreen Ads', implementationTypeId: null }] }],
    });
    expect(both.after).toEqual({
      zones: [
        {
          zone: { id: first, name: 'Products one' },
          products: [
            { id: SERVICE.inImage, name: 'InImage Ads', implementationTypeId: null },
            { id: SERVICE.inScreen, name: 'InScreen Ads', implementationTypeId: null },
          ],
        },
      ],
    });

    const one = await entryOf(t, 204, put([second], [{ serviceId: SERVICE.inSlot, implementationTypeId: 1 }]));
    expect(one).toMatchObject({ zoneId: second, zoneName: 'Products two' });
    expect(one.after).toEqual({
      zones: [
        {
          zone: { id: second, name: 'Products two' },
          products: [
            { id: SERVICE.inImage, name: 'InImage Ads', implementationTypeId: null },
            { id: SERVICE.inSlot, name: 'InSlot Ads', implementationTypeId: 1 },
          ],
        },
      ],
    });
  });

  it('deleteZoneService: the zone with its products before and after', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Losing a product' });
    await addZoneService(t.db, zoneId, SERVICE.inImage);
    await addZoneService(t.db, zoneId, SERVICE.video);
    const entry = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `/external/zones/${zoneId}/services/${SERVICE.video}`, as: 'multi' }));
    const zone = { id: zoneId, name: 'Losing a product' };
    const inImage = { id: SERVICE.inImage, name: 'InImage Ads', implementationTypeId: null };
    expect(entry).toMatchObject({ kind: 'PRODUCTS', operation: 'deleteZoneService', zoneId, zoneName: 'Losing a product' });
    expect(entry.before).toEqual({ zones: [{ zone, products: [inImage, { id: SERVICE.video, name: 'Video Ads', implementationTypeId: null }] }] });
    expect(entry.after).toEqual({ zones: [{ zone, products: [inImage] }] });
  });

  it('addBlockedUrls and deleteBlockedUrl: the patterns added and removed', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Blocked URLs' });
    const url = `/external/zones/${zoneId}/asset-url-filter-patterns`;
    let created: { id: number }[] = [];
    const added = await entryOf(t, 201, async () => {
      const res = await t.call({
        method: 'POST',
        url: `${url}/bulk`,
        as: 'multi',
        payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://ads.example.com/x', urlType: 'PAGE', evalType: 'CONTAINS' }] },
      });
      created = res.json();
      return res;
    });
    const pattern = { id: created[0]!.id, pattern: 'https://ads.example.com/x', urlType: 'PAGE', evalType: 'CONTAINS' };
    expect(added).toMatchObject({ kind: 'BLOCKED_URLS', operation: 'addBlockedUrls', zoneId, zoneName: 'Blocked URLs', before: { urls: [] }, after: { urls: [pattern] } });

    const removed = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: `${url}/${pattern.id}`, as: 'multi' }));
    expect(removed).toMatchObject({ kind: 'BLOCKED_URLS', operation: 'deleteBlockedUrl', zoneId, before: { urls: [pattern] }, after: { urls: [] } });
  });

  it('requestSlots: the slots requested', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Slots' });
    let ids: number[] = [];
    const entry = await entryOf(t, 200, async () => {
      const res = await t.call({
        method: 'PUT',
        url: `/external/zones/${zoneId}/slots/bulk`,
        as: 'multi',
        payload: {
          trackingId: zoneId,
          slots: [{ trackingId: zoneId, name: 'Top', slotSizeId: 4, implementationTypeId: 1, placementId: null, enabled: true }],
        },
      });
      ids = res.json().map((slot: { id: number }) => slot.id);
      return res;
    });
    expect(entry).toMatchObject({ kind: 'SLOTS', operation: 'requestSlots', zoneId, before: { slots: [] }, after: { slots: [{ id: ids[0], name: 'Top', size: '300x250', enabled: true }] } });
  });

  it('createRestrictions, updateRestrictions and deleteRestrictions: the blocks added or removed, named; a zone for a zone', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Zone blocks' });
    const base = `/external/zone/${zoneId}/restrictions/bulk`;
    const created = await entryOf(t, 201, () =>
      t.call({ method: 'POST', url: base, as: 'multi', payload: [exclude('advertiser', ['1500']), exclude('iab_category', ['IAB7-1']), exclude('advertiser_domain', ['ads.blocked.example'])] }),
    );
    expect(created).toMatchObject({ kind: 'BLOCKS', operation: 'createRestrictions', publisherId: ATLAS, zoneId, zoneName: 'Zone blocks', before: { blocks: [] } });
    expect(created.after).toEqual({
      blocks: [
        { type: 'advertiser', id: '1500', name: await advertiserName(1500) },
        { type: 'iab_category', id: 'IAB7-1', name: await iabName('IAB7-1') },
        { type: 'advertiser_domain', id: '*.ads.blocked.example', name: '*.ads.blocked.example' },
      ],
    });

    // PUT records what it made an exclusion: the one already excluded is no change.
    const included = await insertRestriction(t.db, { entity: 'zone', entityId: zoneId, publisherId: ATLAS, type: 'iab_category', value: 'IAB2', clusivity: 'INCLUDE' });
    const updated = await entryOf(t, 200, () => t.call({ method: 'PUT', url: base, as: 'staff', payload: [exclude('iab_category', ['IAB7-1', 'IAB2'])] }));
    expect(updated).toMatchObject({ operation: 'updateRestrictions', ...STAFF, before: { blocks: [] }, after: { blocks: [{ type: 'iab_category', id: 'IAB2', name: await iabName('IAB2') }] } });

    const ids = (await t.db.query<{ id: number }>("SELECT id FROM restrictions WHERE entity_type = 'zone' AND entity_id = $1 AND restriction_type <> 'iab_category' ORDER BY id", [zoneId])).map((r) => r.id);
    const deleted = await entryOf(t, 204, () => t.call({ method: 'DELETE', url: base, as: 'multi', payload: ids }));
    expect(deleted).toMatchObject({ operation: 'deleteRestrictions', zoneId, after: { blocks: [] } });
    expect(deleted.before).toEqual({
      blocks: [
        { type: 'advertiser', id: '1500', name: await advertiserName(1500) },
        { type: 'advertiser_domain', id: '*.ads.blocked.example', name: '*.ads.blocked.example' },
      ],
    });
    expect(included).toBeGreaterThan(0);
  });

  it('importRestrictions: the blocks the import added, on the publisher (no zone)', async () => {
    const entry = await entryOf(t, 201, () =>
      t.call({
        method: 'POST',
        url: `/external/publisher/${SOLO}/restrictions/import`,
        as: 'solo',
        payload: { entries: [{ value: 'imported.example' }, { type: 'iab_category', value: 'IAB3' }] },
      }),
    );
    expect(entry).toMatchObject({ kind: 'BLOCKS', operation: 'importRestrictions', publisherId: SOLO, zoneId: null, zoneName: null, before: { blocks: [] } });
    expect(entry.after).toEqual({
      blocks: [
        { type: 'advertiser_domain', id: '*.imported.example', name: '*.imported.example' },
        { type: 'iab_category', id: 'IAB3', name: await iabName('IAB3') },
      ],
    });
  });

  it('saveZoneDomainSelfIdentifiers: each domain whose self identifiers changed, with all of them before and after', async () => {
    const zoneDomainId = DEMO.zoneDomains.atlasPlain;
    const unchanged = DEMO.zoneDomains.atlas;
    const now = (await t.db.query<{ id: number }>('SELECT self_identifier_id AS id FROM zone_domain_self_identifiers WHERE zone_domain_id = $1 ORDER BY 1', [unchanged])).map((r) => r.id);
    const entry = await entryOf(t, 204, () =>
      t.call({
        method: 'POST',
        url: `/external/publishers/${ATLAS}/zone-domain-self-identifiers`,
        as: 'multi',
        payload: [
          { zoneDomainId, selfIdentifierIds: [3, 2] },
          { zoneDomainId: unchanged, selfIdentifierIds: now },
        ],
      }),
    );
    const zone = { id: DEMO.zones.atlas, name: (await t.db.one<{ name: string }>('SELECT name FROM zones WHERE tracking_id = $1', [DEMO.zones.atlas]))!.name };
    const domain = (await t.db.one<{ domain: string }>('SELECT domain FROM zone_domains WHERE id = $1', [zoneDomainId]))!.domain;
    expect(entry).toMatchObject({ kind: 'SELF_IDENTIFIERS', operation: 'saveZoneDomainSelfIdentifiers', publisherId: ATLAS, zoneId: zone.id, zoneName: zone.name });
    expect(entry.before).toEqual({ domains: [{ zoneDomainId, zone, domain, selfIdentifiers: [] }] });
    expect(entry.after).toEqual({ domains: [{ zoneDomainId, zone, domain, selfIdentifiers: [{ id: 2, name: 'UID 2.0' }, { id: 3, name: 'ID5' }] }] });
  });

  it('acceptGdpr: when', async () => {
    let acceptedAt = '';
    const entry = await entryOf(t, 200, async () => {
      const res = await t.call({ method: 'PATCH', url: `/external/publishers/${SOLO}/accept-gdpr`, as: 'solo' });
      acceptedAt = res.json().gdprAcceptedAt;
      return res;
    });
    expect(entry).toMatchObject({ kind: 'GDPR', operation: 'acceptGdpr', publisherId: SOLO, zoneId: null, authorId: DEMO.users.solo, before: null, after: { acceptedAt } });
  });

  it('changePassword and resetPassword: the user, no publisher, and no secret at all', async () => {
    const email = 'history-change@publisher.example';
    const userId = await addUser(t, email);
    const token = await loginToken(t, email);
    const changed = await entryOf(t, 200, () =>
      t.call({ method: 'POST', url: '/auth/change-pwd', headers: { authorization: `Bearer ${token}` }, payload: { email, password: DEMO_PASSWORD, newPassword: NEW_PASSWORD } }),
    );
    expect(changed).toMatchObject({ kind: 'PASSWORD', operation: 'changePassword', publisherId: null, zoneId: null, authorId: userId, authorEmail: email, before: null, after: null });

    const mail = await requestReset(t, email);
    const { pwd } = (await t.call({ method: 'POST', url: '/auth/validate', payload: { tk: mail.tk, ue: mail.ue } })).json().response;
    const reset = await entryOf(t, 200, () => t.call({ method: 'POST', url: '/auth/reset-pwd', payload: { tk: mail.tk, ue: mail.ue, password: pwd, newPassword: 'Another#2028pass' } }));
    expect(reset).toMatchObject({ kind: 'PASSWORD', operation: 'resetPassword', publisherId: null, authorId: userId, authorEmail: email, authorInternal: false });
    for (const secret of [NEW_PASSWORD, 'Another#2028pass', pwd, mail.tk]) expect(JSON.stringify([changed, reset])).not.toContain(secret);
  });
});

describe('what records nothing', () => {
  it('reads, and the POSTs that only read or sign in', async () => {
    const calls = [
      () => t.call({ method: 'GET', url: `/external/zones/${DEMO.zones.atlas}`, as: 'multi' }),
      () => t.call({ method: 'POST', url: `/external/publishers/${ATLAS}/zones/search?page=0&size=20`, as: 'multi' }),
      () => t.call({ method: 'POST', url: `/external/publisher/${ATLAS}/restrictions/import/check`, as: 'multi', payload: { entries: [{ value: 'a.example' }] } }),
      () => t.call({ method: 'POST', url: '/auth/login', payload: { email: 'multi@publisher.example', password: DEMO_PASSWORD } }),
    ];
    const statuses = [200, 200, 200, 200];
    for (const [index, call] of calls.entries()) expect(await entriesOf(t, statuses[index]!, call)).toEqual([]);
  });

  it('a refused write: neither its change nor an entry', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Refusals' });
    await setClusivity(t.db, 'zone', zoneId, 'advertiser', 'INCLUDE');
    const refused = [
      [400, () => t.call({ method: 'POST', url: `/external/zones/${zoneId}/asset-url-filter-patterns/bulk`, as: 'multi', payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'http://localhost/x', urlType: 'PAGE', evalType: 'CONTAINS' }] } })],
      [403, () => t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name: 'Renamed', typeId: 1, enabled: false } })],
      [404, () => t.call({ method: 'PUT', url: '/external/zones/bulk/services', as: 'multi', payload: { trackingIds: [zoneId, DEMO.zones.solo], services: [{ serviceId: SERVICE.inImage }] } })],
      [409, () => t.call({ method: 'POST', url: `/external/zone/${zoneId}/restrictions/bulk`, as: 'multi', payload: [exclude('advertiser', ['1500'])] })],
      [401, () => t.call({ method: 'POST', url: '/auth/change-pwd', as: 'multi', payload: { email: 'multi@publisher.example', password: 'Wrong#2026pass', newPassword: NEW_PASSWORD } })],
    ] as const;
    for (const [status, call] of refused) expect(await entriesOf(t, status, call)).toEqual([]);
    expect((await t.db.one<{ name: string }>('SELECT name FROM zones WHERE tracking_id = $1', [zoneId]))!.name).toBe('Refusals');
  });

  it('a write that fails after its change and its entry: both rolled back', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Rolled back' });
    await addBlockedUrl(t.db, zoneId, 'https://kept.example.com/');
    const failing: Handlers = {
      ...handlers,
      updateZone: async (context) => {
        await handlers.updateZone!(context);
        throw conflict('ALREADY_EXISTS', 'failing after the change');
      },
    };
    const other = await createTestApp({}, { db: t.db, handlers: failing });
    try {
      const call = () => other.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name: 'Changed', typeId: 1, enabled: true } });
      expect(await entriesOf(t, 409, call)).toEqual([]);
      expect((await t.db.one<{ name: string }>('SELECT name FROM zones WHERE tracking_id = $1', [zoneId]))!.name).toBe('Rolled back');
    } finally {
      await other.close();
    }
  });

  it('refuses (500, nothing kept) a write that recorded nothing or twice', async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Unrecorded' });
    const variants: Handlers[] = [
      { ...handlers, updateZone: (context) => handlers.updateZone!({ ...context, record: async () => undefined }) },
      {
        ...handlers,
        updateZone: (context) =>
          handlers.updateZone!({
            ...context,
            record: async (entry) => {
              await context.record(entry);
              await context.record(entry);
            },
          }),
      },
    ];
    for (const variant of variants) {
      const other = await createTestApp({}, { db: t.db, handlers: variant });
      try {
        const call = () => other.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as: 'multi', payload: { name: 'Changed', typeId: 1, enabled: true } });
        expect(await entriesOf(t, 500, call)).toEqual([]);
        expect((await t.db.one<{ name: string }>('SELECT name FROM zones WHERE tracking_id = $1', [zoneId]))!.name).toBe('Unrecorded');
      } finally {
        await other.close();
      }
    }
  });
});
