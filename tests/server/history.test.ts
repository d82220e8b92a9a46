// Reading the change history (issue 12): the publisher's page newest first with its filters and exact totals, the
// authors, who may read it (another publisher's history answers like a missing one), what an external caller sees
// of network staff, the retention, and the table refusing to be changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { expectAccessMatrix } from '../support/accessMatrix';
import { lastEntryId, listHistory, undo } from '../support/history';
import { insertZone } from '../support/zoneFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { applyHistoryRetention } from '../../server/src/history/retention';
import type { components } from '../../openapi/portal';

// A publisher no external user has: staff writes its whole history here, so every expectation is exact.
const QUIET = DEMO.firstOtherPublisher + 3;
const ATLAS = DEMO.publishers.atlasNews;
const SAKURA = DEMO.publishers.sakuraPress;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Entry = components['schemas']['HistoryEntry'];

const rename = (zoneId: number, name: string, as: 'staff' | 'multi' = 'staff') =>
  t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as, payload: { name, typeId: 1, enabled: true } });
const block = (entity: 'publisher' | 'zone', entityId: number, value: string, as: 'staff' | 'multi' = 'staff') =>
  t.call({ method: 'POST', url: `/external/${entity}/${entityId}/restrictions/bulk`, as, payload: [{ clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: [value] }] });

async function page(publisherId: number, as: 'staff' | 'multi' | 'solo', query = '') {
  const res = await listHistory(t, publisherId, as, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: Entry[]; totalElements: number; totalPages: number; page: number; size: number };
}

describe('the names of IAB categories', () => {
  // Another quiet publisher: its history holds only this block.
  const OTHER = DEMO.firstOtherPublisher + 4;
  it('names the IAB categories of blocks in the language asked for, by their id (issue 21)', async () => {
    const created = await t.call({
      method: 'POST',
      url: `/external/publisher/${OTHER}/restrictions/bulk`,
      as: 'staff',
      payload: [{ clusivity: 'EXCLUDE', type: 'iab_category', restrictions: ['IAB7-44'] }],
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const named = async (language: string) =>
      (await page(OTHER, 'staff', `kind=BLOCKS&size=1&language=${language}`)).content[0]?.after as { blocks: { id: string; name: string }[] };
    expect((await named('en')).blocks).toEqual([expect.objectContaining({ id: 'IAB7-44', name: 'Weight Loss' })]);
    expect((await named('fr')).blocks).toEqual([expect.objectContaining({ id: 'IAB7-44', name: 'Perte de poids' })]);
    expect((await named('es')).blocks).toEqual([expect.objectContaining({ id: 'IAB7-44', name: 'Pérdida de peso' })]);
    expect((await named('ja')).blocks).toEqual([expect.objectContaining({ id: 'IAB7-44', name: 'ダイエット・減量' })]);
  });

});

describe("a publisher's history", () => {
  let zoneA: number;
  let zoneB: number;
  beforeAll(async () => {
    zoneA = await insertZone(t.db, { publisherId: QUIET, name: 'Quiet A' });
    zoneB = await insertZone(t.db, { publisherId: QUIET, name: 'Quiet B' });
    // Five changes: three renames of A, a zone block on B, a publisher block; the last one an hour "later" below.
    for (const [index, call] of [
      () => rename(zoneA, 'Quiet A1'),
      () => block('zone', zoneB, 'one.blocked-example.com'),
      () => rename(zoneA, 'Quiet A2'),
      () => block('publisher', QUIET, 'two.blocked-example.com'),
      () => rename(zoneA, 'Quiet A3'),
    ].entries()) {
      expect((await call()).statusCode, `change ${index}`).toBeLessThan(300);
    }
  });

  it('is newest first, paged, each entry with its zone, author and whether it can be undone', async () => {
    const first = await page(QUIET, 'staff', 'page=0&size=2');
    expect([first.totalElements, first.totalPages, first.page, first.size]).toEqual([5, 3, 0, 2]);
    expect(first.content.map((entry) => [entry.operation, entry.zone?.name ?? null])).toEqual([
      ['updateZone', 'Quiet A3'],
      ['createRestrictions', null],
    ]);
    const [latest] = first.content;
    expect(latest).toMatchObject({
      kind: 'ZONE',
      zone: { id: zoneA, name: 'Quiet A3' },
      author: { id: DEMO.users.staff, name: 'Sam Staff', email: 'staff@adnetwork.example', internal: true },
      before: { name: 'Quiet A2' },
      after: { name: 'Quiet A3' },
      undoes: null,
      undoneBy: null,
      reversible: true,
    });
    const all = (await page(QUIET, 'staff', 'size=100')).content;
    expect(all.map((entry) => entry.at)).toEqual([...all.map((entry) => entry.at)].sort().reverse());
    const last = await page(QUIET, 'staff', 'page=2&size=2');
    expect(last.content.map((entry) => entry.after)).toEqual([{ name: 'Quiet A1' }]);
    expect((await page(QUIET, 'staff', 'page=9&size=2')).content).toEqual([]);
  });

  it('filters by zone, kind, author and UTC days, alone and together, with exact totals', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const cases: [string, number][] = [
      [`zoneId=${zoneA}`, 3],
      [`zoneId=${zoneB}`, 1],
      ['kind=BLOCKS', 2],
      ['kind=SLOTS', 0],
      [`authorId=${DEMO.users.staff}`, 5],
      [`authorId=${DEMO.users.multi}`, 0],
      [`from=${today}&to=${today}`, 5],
      [`to=${yesterday}`, 0],
      [`from=${today}`, 5],
      [`zoneId=${zoneA}&kind=ZONE`, 3],
      [`zoneId=${zoneB}&kind=ZONE`, 0],
      [`kind=BLOCKS&authorId=${DEMO.users.staff}&from=${today}`, 2],
    ];
    for (const [query, total] of cases) {
      const answer = await page(QUIET, 'staff', `${query}&size=100`);
      expect([query, answer.totalElements, answer.content.length]).toEqual([query, total, total]);
    }
    const zone = await page(QUIET, 'staff', `zoneId=${zoneA}`);
    expect(zone.content.every((entry) => entry.zone?.id === zoneA)).toBe(true);
  });

  it('counts a date range exactly by the ranks of its first and last entry', async () => {
    const ats = (await page(QUIET, 'staff', 'size=100')).content.map((entry) => entry.at);
    // Inside one UTC day the filter cannot cut; the same rule at its edges: entries of today only.
    const kinds = await page(QUIET, 'staff', `kind=ZONE&from=${ats[0]!.slice(0, 10)}&to=${ats[0]!.slice(0, 10)}`);
    expect(kinds.totalElements).toBe(3);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await listHistory(t, QUIET, 'staff', 'from=2026-05-02&to=2026-05-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: '/query/to' })]);
  });

  it("answers another publisher's zone as a zone without entries, and lists no password changes", async () => {
    expect((await page(ATLAS, 'multi', `zoneId=${zoneA}`)).totalElements).toBe(0);
    expect((await page(QUIET, 'staff', 'kind=PASSWORD')).totalElements).toBe(0);
  });

  it('lists its authors by name, and undo marks both entries', async () => {
    const authors = await t.call({ method: 'GET', url: `/external/publishers/${QUIET}/history/authors`, as: 'staff' });
    expect(authors.json()).toEqual([{ id: DEMO.users.staff, name: 'Sam Staff', email: 'staff@adnetwork.example', internal: true }]);

    const [latest] = (await page(QUIET, 'staff', 'size=1')).content;
    const undone = await undo(t, QUIET, latest!.id, 'staff');
    expect(undone.statusCode, undone.body).toBe(201);
    const [undoEntry, original] = (await page(QUIET, 'staff', 'size=2')).content;
    expect(undoEntry).toMatchObject({ id: undone.json().id, operation: 'undoHistoryEntry', kind: 'ZONE', undoes: latest!.id, undoneBy: null, reversible: true });
    expect(original).toMatchObject({ id: latest!.id, undoneBy: undoEntry!.id, reversible: false });
  });
});

describe('writes at the same time', () => {
  it("number a publisher's entries without gaps or repeats, so the totals stay exact", async () => {
    const publisherId = DEMO.firstOtherPublisher + 7;
    const zones = await Promise.all(Array.from({ length: 8 }, (_, index) => insertZone(t.db, { publisherId, name: `Parallel ${index}` })));
    const answers = await Promise.all(zones.map((zoneId, index) => rename(zoneId, `Parallel ${index} renamed`)));
    expect(answers.map((res) => res.statusCode)).toEqual(zones.map(() => 200));
    const ranks = await t.db.query<{ rank: number; at: string }>('SELECT publisher_rank AS rank, at FROM history WHERE publisher_id = $1 ORDER BY at, id', [publisherId]);
    expect(ranks.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await page(publisherId, 'staff')).totalElements).toBe(8);
  });
});

describe('who may read it, and what they see', () => {
  it("answers another publisher's history, authors and entries exactly like a missing publisher's", async () => {
    const targets = { solo: DEMO.publishers.soloMedia, multi: ATLAS, nobody: DEMO.firstOtherPublisher, missing: 99_999 };
    await expectAccessMatrix(t, targets, (id) => ({ method: 'GET', url: `/external/publishers/${id}/history` }), 200);
    await expectAccessMatrix(t, targets, (id) => ({ method: 'GET', url: `/external/publishers/${id}/history/authors` }), 200);
  });

  it('is not for legacy just-premium publishers, whose account settings are billing, password update and ads.txt', async () => {
    const classic = DEMO.publishers.premiumClassic;
    const answers = await Promise.all([
      listHistory(t, classic, 'multi'),
      t.call({ method: 'GET', url: `/external/publishers/${classic}/history/authors`, as: 'multi' }),
      undo(t, classic, await lastEntryId(t.db), 'multi'),
      listHistory(t, classic, 'staff'),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(Array(4).fill([403, 'FORBIDDEN']));
  });

  it("answers an entry of another publisher, also one the caller may read elsewhere, like a missing entry", async () => {
    const zoneId = await insertZone(t.db, { publisherId: SAKURA, name: 'Sakura entry' });
    expect((await rename(zoneId, 'Sakura entry 2', 'multi')).statusCode).toBe(200);
    const entryId = await lastEntryId(t.db);
    const viaAtlas = await undo(t, ATLAS, entryId, 'multi');
    const missing = await undo(t, ATLAS, 99_999, 'multi');
    const viaSolo = await undo(t, DEMO.publishers.soloMedia, entryId, 'solo');
    const foreignPublisher = await undo(t, SAKURA, entryId, 'solo');
    expect([viaAtlas.statusCode, missing.statusCode, viaSolo.statusCode, foreignPublisher.statusCode]).toEqual([404, 404, 404, 404]);
    expect(viaAtlas.body).toBe(missing.body);
    expect(viaSolo.body).toBe(missing.body);
    expect(foreignPublisher.body).toBe((await undo(t, 99_999, entryId, 'solo')).body);
  });

  it("shows an external caller network staff's changes as staff, by name, without the e-mail", async () => {
    const zoneId = await insertZone(t.db, { publisherId: ATLAS, name: 'Staff acted here' });
    expect((await rename(zoneId, 'Staff renamed it', 'staff')).statusCode).toBe(200);
    expect((await rename(zoneId, 'Multi renamed it', 'multi')).statusCode).toBe(200);
    const [own, staff] = (await page(ATLAS, 'multi', `zoneId=${zoneId}`)).content;
    expect(staff!.author).toEqual({ id: DEMO.users.staff, name: 'Sam Staff', email: null, internal: true });
    expect(own!.author).toEqual({ id: DEMO.users.multi, name: 'Max Multi', email: 'multi@publisher.example', internal: false });
    expect((await page(ATLAS, 'staff', `zoneId=${zoneId}`)).content[1]!.author.email).toBe('staff@adnetwork.example');
    const authors = (await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/history/authors`, as: 'multi' })).json();
    expect(authors).toEqual(
      expect.arrayContaining([
        { id: DEMO.users.staff, name: 'Sam Staff', email: null, internal: true },
        { id: DEMO.users.multi, name: 'Max Multi', email: 'multi@publisher.example', internal: false },
      ]),
    );
  });
});

describe('keeping the history', () => {
  it('removes only the entries older than the retention period, and undo entries lose only their link', async () => {
    const publisherId = DEMO.firstOtherPublisher + 5;
    const zoneId = await insertZone(t.db, { publisherId, name: 'Retained 0' });
    expect((await rename(zoneId, 'Retained 1')).statusCode).toBe(200);
    expect((await undo(t, publisherId, await lastEntryId(t.db), 'staff')).statusCode).toBe(201);
    expect((await rename(zoneId, 'Retained 2')).statusCode).toBe(200);
    const ats = await t.db.query<{ id: number; at: string }>('SELECT id, at FROM history WHERE publisher_id = $1 ORDER BY id', [publisherId]);
    expect(ats).toHaveLength(3);
    // 400 days after a moment between the first and the second entry: only the first is older than that.
    const between = (Date.parse(ats[0]!.at) + Date.parse(ats[1]!.at)) / 2;
    const now = new Date(between + 400 * 86_400_000);
    expect(Date.parse(ats[1]!.at)).toBeGreaterThan(between);

    const removed = await applyHistoryRetention(t.db, 400, now);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await page(publisherId, 'staff', 'size=100');
    expect(left.content.map((entry) => entry.id)).toEqual([ats[2]!.id, ats[1]!.id]);
    expect(left.totalElements).toBe(2);
    expect((await page(publisherId, 'staff', `zoneId=${zoneId}`)).totalElements).toBe(2);
    expect(left.content[1]).toMatchObject({ operation: 'undoHistoryEntry', undoes: null });
    expect(await t.db.one('SELECT 1 FROM history WHERE id = $1', [ats[0]!.id])).toBeUndefined();
    expect(await applyHistoryRetention(t.db, 400)).toBe(0);
  });

  it('refuses in the database any UPDATE, DELETE or TRUNCATE of an entry', async () => {
    const id = await lastEntryId(t.db);
    for (const sql of [`UPDATE history SET operation = 'edited' WHERE id = ${id}`, `DELETE FROM history WHERE id = ${id}`, 'TRUNCATE history']) {
      await expect(t.db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect(await t.db.one('SELECT operation FROM history WHERE id = $1', [id])).toEqual({ operation: expect.not.stringMatching('edited') });
  });
});
