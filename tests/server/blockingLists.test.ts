// The blocked lists paged and filtered by the server (searchRestrictions), a removal of every block a filter
// matches in one change (deleteMatchingRestrictions), and an add-and-remove as one change (changeRestrictions:
// issue 21 defect 2, the IAB edit): one entry each, whose undo restores exactly the state before.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type DemoUser, type TestApp } from '../support/serverHarness';
import { entriesOf, entryOf, undo } from '../support/history';
import { insertZone } from '../support/zoneFixtures';
import { clearPublisherRows, insertRestriction, restrictionValues, setClusivity } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const SOLO = DEMO.publishers.soloMedia;
const ATLAS = DEMO.publishers.atlasNews;
const SAKURA = DEMO.publishers.sakuraPress;

let t: TestApp;
let zone: number;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await clearPublisherRows(t.db, [SOLO, ATLAS]);
  zone = await insertZone(t.db, { publisherId: ATLAS, name: 'Atlas lists' });
});

const search = (entity: 'publisher' | 'zone', id: number, query: string, as: DemoUser = 'multi') =>
  t.call({ method: 'GET', url: `/external/${entity}/${id}/restrictions/search?${query}`, as });

async function page(entity: 'publisher' | 'zone', id: number, query: string, as: DemoUser = 'multi') {
  const res = await search(entity, id, query, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    clusivity: string | null;
    content: { id: number; advertisingRestrictionId: string; name: string; parentId: string | null; tag: string | null; clusivity: string }[];
    totalElements: number;
    totalPages: number;
    removableElements: number;
    page: number;
    size: number;
  };
}

const block = (entity: 'publisher' | 'zone', entityId: number, type: 'advertiser' | 'advertiser_domain' | 'iab_category', value: string, clusivity?: 'INCLUDE') =>
  insertRestriction(t.db, { entity, entityId, publisherId: ATLAS, type, value, clusivity });

async function advertiserNames(ids: number[]): Promise<Map<string, string>> {
  const rows = await t.db.query<{ id: string; name: string }>('SELECT id::text AS id, name FROM advertisers WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

describe('one page of a blocked list', () => {
  it('pages a domain list in order, counts every match, and filters by a part of the value', async () => {
    for (let i = 0; i < 25; i++) await block('publisher', ATLAS, 'advertiser_domain', `*.d${String(i).padStart(2, '0')}.example`);
    const first = await page('publisher', ATLAS, 'restrictionType=advertiser_domain&size=10');
    expect(first.content.map((row) => row.advertisingRestrictionId)).toEqual(Array.from({ length: 10 }, (_, i) => `*.d0${i}.example`));
    expect(first).toMatchObject({ totalElements: 25, totalPages: 3, removableElements: 25, page: 0, size: 10, clusivity: null });
    const last = await page('publisher', ATLAS, 'restrictionType=advertiser_domain&size=10&page=2');
    expect(last.content.map((row) => row.advertisingRestrictionId)).toEqual(['*.d20.example', '*.d21.example', '*.d22.example', '*.d23.example', '*.d24.example']);
    // Matches itself: % and _ are no wildcards; case does not matter.
    const filtered = await page('publisher', ATLAS, `restrictionType=advertiser_domain&searchTerm=${encodeURIComponent(' D1 ')}`);
    expect(filtered.totalElements).toBe(10);
    expect((await page('publisher', ATLAS, 'restrictionType=advertiser_domain&searchTerm=%25')).totalElements).toBe(0);
    expect((await page('publisher', ATLAS, 'restrictionType=advertiser_domain&page=9')).content).toEqual([]);
  });

  it('orders advertisers by name and finds them by name or id; a renamed advertiser moves with its name', async () => {
    const ids = [1001, 1002, 1003, 1004];
    for (const id of ids) await block('publisher', ATLAS, 'advertiser', String(id));
    const names = await advertiserNames(ids);
    const listed = await page('publisher', ATLAS, 'restrictionType=advertiser');
    const byName = [...names.entries()].sort(([a, x], [b, y]) => x.toLowerCase().localeCompare(y.toLowerCase()) || Number(a) - Number(b));
    expect(listed.content.map((row) => [row.advertisingRestrictionId, row.name])).toEqual(byName);

    const [id, name] = byName[2]!;
    const word = name.split(/\s+/)[0]!.toUpperCase();
    const found = await page('publisher', ATLAS, `restrictionType=advertiser&searchTerm=${encodeURIComponent(word)}`);
    expect(found.content.map((row) => row.advertisingRestrictionId)).toContain(id);
    expect((await page('publisher', ATLAS, 'restrictionType=advertiser&searchTerm=1003')).content.map((row) => row.advertisingRestrictionId)).toEqual(['1003']);

    await t.db.query("UPDATE advertisers SET name = 'AAA first now' WHERE id = 1004");
    expect((await page('publisher', ATLAS, 'restrictionType=advertiser')).content[0]).toMatchObject({ advertisingRestrictionId: '1004', name: 'AAA first now' });
    expect((await page('publisher', ATLAS, 'restrictionType=advertiser&searchTerm=aaa%20first')).totalElements).toBe(1);
  });

  it('keeps IAB categories in taxonomy order and filters them by the name in the language', async () => {
    await block('publisher', ATLAS, 'iab_category', 'IAB7-1');
    await block('publisher', ATLAS, 'iab_category', 'IAB3');
    await block('publisher', ATLAS, 'iab_category', 'IAB7');
    const listed = await page('publisher', ATLAS, 'restrictionType=iab_category&language=en');
    expect(listed.content.map((row) => [row.advertisingRestrictionId, row.parentId])).toEqual([['IAB3', null], ['IAB7', null], ['IAB7-1', 'IAB7']]);
    const ja = await t.db.one<{ name: string }>("SELECT name_ja AS name FROM iab_categories WHERE id = 'IAB7-1'");
    const found = await page('publisher', ATLAS, `restrictionType=iab_category&language=ja&searchTerm=${encodeURIComponent(ja!.name)}`);
    expect(found.content.map((row) => [row.advertisingRestrictionId, row.name])).toEqual([['IAB7-1', ja!.name]]);
    expect((await page('publisher', ATLAS, 'restrictionType=iab_category&searchTerm=iab7')).totalElements).toBe(2);
  });

  it('shows a zone its publisher’s blocks as Global (not removable), merged in order, or hides them', async () => {
    await block('publisher', ATLAS, 'advertiser_domain', '*.b.example');
    await block('zone', zone, 'advertiser_domain', '*.a.example');
    await block('zone', zone, 'advertiser_domain', '*.c.example');
    const listed = await page('zone', zone, 'restrictionType=advertiser_domain');
    expect(listed.content.map((row) => [row.advertisingRestrictionId, row.tag])).toEqual([
      ['*.a.example', null],
      ['*.b.example', 'Global'],
      ['*.c.example', null],
    ]);
    expect(listed).toMatchObject({ totalElements: 3, removableElements: 2 });
    const hidden = await page('zone', zone, 'restrictionType=advertiser_domain&hideGlobal=true');
    expect(hidden.content.map((row) => row.advertisingRestrictionId)).toEqual(['*.a.example', '*.c.example']);
  });

  it('lists inclusions to staff only, never as removable, with the applicable clusivity', async () => {
    await setClusivity(t.db, 'publisher', ATLAS, 'advertiser_domain', 'INCLUDE');
    await block('publisher', ATLAS, 'advertiser_domain', '*.included.example', 'INCLUDE');
    expect(await page('publisher', ATLAS, 'restrictionType=advertiser_domain')).toMatchObject({ clusivity: 'INCLUDE', totalElements: 0, content: [] });
    const staff = await page('publisher', ATLAS, 'restrictionType=advertiser_domain', 'staff');
    expect(staff).toMatchObject({ clusivity: 'INCLUDE', totalElements: 1, removableElements: 0 });
    expect(staff.content[0]).toMatchObject({ advertisingRestrictionId: '*.included.example', clusivity: 'INCLUDE' });
  });

  it('counts no advertiser block as removable for staff', async () => {
    await block('publisher', ATLAS, 'advertiser', '1001');
    expect(await page('publisher', ATLAS, 'restrictionType=advertiser', 'staff')).toMatchObject({ totalElements: 1, removableElements: 0 });
  });

  it('counts a list without a filter from the kept counts, equal to the rows through every kind of write', async () => {
    const raw = () =>
      t.db.query<{ key: string }>(
        `SELECT entity_type || ':' || entity_id || ':' || restriction_type || ':' || clusivity || '=' || count(*) AS key
           FROM restrictions GROUP BY entity_type, entity_id, restriction_type, clusivity ORDER BY 1`,
      );
    const kept = () => t.db.query<{ key: string }>(`SELECT entity_type || ':' || entity_id || ':' || restriction_type || ':' || clusivity || '=' || n AS key FROM restriction_counts ORDER BY 1`);
    for (let i = 0; i < 12; i++) await block('publisher', ATLAS, 'advertiser_domain', `*.c${i}.example`);
    await block('zone', zone, 'advertiser_domain', '*.z.example', 'INCLUDE');
    await t.call({ method: 'POST', url: `/external/zone/${zone}/restrictions/bulk`, as: 'multi', payload: [{ clusivity: 'EXCLUDE', type: 'iab_category', restrictions: ['IAB3', 'IAB4'] }] });
    await t.call({ method: 'PUT', url: `/external/zone/${zone}/restrictions/bulk`, as: 'multi', payload: [{ clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: ['*.z.example'] }] });
    await t.call({ method: 'POST', url: `/external/publisher/${ATLAS}/restrictions/delete-matching`, as: 'multi', payload: { restrictionType: 'advertiser_domain', searchTerm: 'c1', expectedCount: 3 } });
    await t.db.query("UPDATE advertisers SET name = name || ' renamed' WHERE id = 1001");
    expect((await kept()).map((row) => row.key)).toEqual((await raw()).map((row) => row.key));
    expect(await page('zone', zone, 'restrictionType=advertiser_domain')).toMatchObject({ totalElements: 10, removableElements: 1 });
    expect(await page('zone', zone, 'restrictionType=advertiser_domain&hideGlobal=true')).toMatchObject({ totalElements: 1, removableElements: 1 });
  });

  it('answers another publisher’s entity like a missing one, and refuses a legacy just-premium publisher', async () => {
    const foreign = await search('publisher', ATLAS, 'restrictionType=advertiser', 'solo');
    const missing = await search('publisher', 999_999, 'restrictionType=advertiser', 'solo');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await search('publisher', DEMO.publishers.premiumClassic, 'restrictionType=advertiser')).statusCode).toBe(403);
    expect((await search('publisher', ATLAS, 'restrictionType=nope')).statusCode).toBe(400);
  });
});

describe('removing every block a filter matches', () => {
  const deleteMatching = (payload: object, entity: 'publisher' | 'zone' = 'publisher', id: number = ATLAS, as: DemoUser = 'multi') =>
    t.call({ method: 'POST', url: `/external/${entity}/${id}/restrictions/delete-matching`, as, payload });

  it('removes the matching blocks of the entity in one entry, and its undo blocks them all again', async () => {
    for (let i = 0; i < 30; i++) await block('publisher', ATLAS, 'advertiser_domain', `*.wrong${i}.example`);
    await block('publisher', ATLAS, 'advertiser_domain', '*.keep.example');
    const entry = await entryOf(t, 200, () => deleteMatching({ restrictionType: 'advertiser_domain', searchTerm: 'wrong', expectedCount: 30 }));
    expect(entry).toMatchObject({ kind: 'BLOCKS', operation: 'deleteMatchingRestrictions', after: { blocks: [] } });
    expect((entry.before as { blocks: unknown[] }).blocks).toHaveLength(30);
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toEqual(['advertiser_domain:*.keep.example']);

    const back = await entryOf(t, 201, () => undo(t, ATLAS, entry.id, 'multi'));
    expect((back.after as { blocks: unknown[] }).blocks).toHaveLength(30);
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toHaveLength(31);
  });

  it('removes nothing when another number matches than the one confirmed', async () => {
    await block('publisher', ATLAS, 'advertiser_domain', '*.one.example');
    await block('publisher', ATLAS, 'advertiser_domain', '*.two.example');
    const res = await deleteMatching({ restrictionType: 'advertiser_domain', expectedCount: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LIST_CHANGED', details: [{ field: '/body/expectedCount', value: 2 }] });
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toHaveLength(2);
  });

  it('leaves a zone’s Global blocks and inclusions, and refuses advertiser blocks to staff', async () => {
    await block('publisher', ATLAS, 'advertiser_domain', '*.global.example');
    await block('zone', zone, 'advertiser_domain', '*.own.example');
    await block('zone', zone, 'advertiser_domain', '*.included.example', 'INCLUDE');
    expect((await entriesOf(t, 200, () => deleteMatching({ restrictionType: 'advertiser_domain', expectedCount: 1 }, 'zone', zone)))).toHaveLength(1);
    expect(await restrictionValues(t.db, 'zone', zone)).toEqual(['advertiser_domain:*.included.example']);
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toEqual(['advertiser_domain:*.global.example']);

    await block('publisher', ATLAS, 'advertiser', '1001');
    expect(await entriesOf(t, 403, () => deleteMatching({ restrictionType: 'advertiser', expectedCount: 1 }, 'publisher', ATLAS, 'staff'))).toEqual([]);
  });
});

describe('adding and removing blocks in one change', () => {
  const change = (payload: object, entity: 'publisher' | 'zone' = 'publisher', id: number = ATLAS, as: DemoUser = 'multi') =>
    t.call({ method: 'PATCH', url: `/external/${entity}/${id}/restrictions/bulk`, as, payload });

  it('records the IAB edit of a parent as one entry, and undoing it restores exactly the blocks before', async () => {
    const children = (await t.db.query<{ id: string }>("SELECT id FROM iab_categories WHERE parent_id = 'IAB8' ORDER BY position")).map((row) => row.id);
    const [last, ...others] = [...children].reverse();
    for (const id of others) await block('publisher', ATLAS, 'iab_category', id);
    const before = await restrictionValues(t.db, 'publisher', ATLAS);

    // Ticking the last child: the parent replaces its children.
    const entry = await entryOf(t, 200, () => change({ add: [{ type: 'iab_category', restrictions: ['IAB8'] }], remove: [{ type: 'iab_category', restrictions: others }] }));
    expect(entry).toMatchObject({ kind: 'BLOCKS', operation: 'changeRestrictions', after: { blocks: [{ type: 'iab_category', id: 'IAB8' }] } });
    expect((entry.before as { blocks: { id: string }[] }).blocks.map((b) => b.id).sort()).toEqual([...others].sort());
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toEqual(['iab_category:IAB8']);
    expect(last).toBeDefined();

    const back = await entryOf(t, 201, () => undo(t, ATLAS, entry.id, 'multi'));
    expect(back.operation).toBe('undoHistoryEntry');
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toEqual(before);
  });

  it('skips a value the entity does not block, and answers what changed', async () => {
    await block('publisher', ATLAS, 'advertiser_domain', '*.global.example');
    const res = await change({ add: [{ type: 'advertiser_domain', restrictions: ['New.example'] }], remove: [{ type: 'advertiser_domain', restrictions: ['*.global.example', '*.never.example'] }] }, 'zone', zone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ added: 1, removed: 0 });
    expect(await restrictionValues(t.db, 'zone', zone)).toEqual(['advertiser_domain:*.new.example']);
    expect(await restrictionValues(t.db, 'publisher', ATLAS)).toEqual(['advertiser_domain:*.global.example']);
  });

  it('refuses whole, writing nothing: a value added and removed, nothing at all, an inclusion, staff and advertisers, an INCLUDE type', async () => {
    await block('publisher', ATLAS, 'iab_category', 'IAB3');
    const refused = async (status: number, payload: object, as: DemoUser = 'multi', id: number = ATLAS) => {
      const values = await restrictionValues(t.db, 'publisher', id);
      expect(await entriesOf(t, status, () => change(payload, 'publisher', id, as))).toEqual([]);
      expect(await restrictionValues(t.db, 'publisher', id)).toEqual(values);
    };
    await refused(400, { add: [{ type: 'iab_category', restrictions: ['IAB3'] }], remove: [{ type: 'iab_category', restrictions: ['IAB3'] }] });
    await refused(400, { add: [], remove: [] });
    await refused(400, { add: [{ type: 'iab_category', restrictions: ['IAB999'] }], remove: [{ type: 'iab_category', restrictions: ['IAB3'] }] });
    await block('publisher', ATLAS, 'advertiser_domain', '*.inc.example', 'INCLUDE');
    await refused(409, { add: [], remove: [{ type: 'advertiser_domain', restrictions: ['*.inc.example'] }] });
    await refused(403, { add: [{ type: 'advertiser', restrictions: ['1001'] }], remove: [] }, 'staff');
    await setClusivity(t.db, 'publisher', SAKURA, 'advertiser', 'INCLUDE');
    await refused(409, { add: [{ type: 'advertiser', restrictions: ['1001'] }], remove: [] }, 'multi', SAKURA);
    expect((await change({ add: [], remove: [{ type: 'iab_category', restrictions: ['IAB3'] }] }, 'publisher', ATLAS, 'solo')).statusCode).toBe(404);
  });
});
