import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { entriesOf } from '../support/history';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { insertZone } from '../support/zoneFixtures';
import { clearPublisherRows, insertRestriction, restrictionValues, setClusivity } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';

const SOLO = DEMO.publishers.soloMedia;

let t: TestApp;
let zone: number;
let otherZone: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const [id, name, domain] of [
    [920001, 'Import Alpha Co', 'alpha-import.example'],
    [920002, '=HYPERLINK("http://evil.example")', 'formula.example'],
    [920003, 'Twin Name Co', 'twin1.example'],
    [920004, 'Twin Name Co', 'twin2.example'],
    // The largest id the contract takes (int32): named like any other.
    [2_147_483_647, 'Max Id Co', 'max-id.example'],
  ] as const) {
    await t.db.query('INSERT INTO advertisers (id, name, domain) VALUES ($1, $2, $3)', [id, name, domain]);
  }
});
afterAll(() => t.close());

beforeEach(async () => {
  await clearPublisherRows(t.db, [SOLO]);
  zone = await insertZone(t.db, { publisherId: SOLO, name: 'Import zone' });
  otherZone = await insertZone(t.db, { publisherId: SOLO, name: 'Other zone' });
});

const check = (entity: string, id: number, entries: { type?: string; value: string }[], as: 'solo' | 'staff' = 'solo') =>
  t.call({ method: 'POST', url: `/external/${entity}/${id}/restrictions/import/check`, as, payload: { entries } });
const apply = (entity: string, id: number, entries: { type?: string; value: string }[]) =>
  t.call({ method: 'POST', url: `/external/${entity}/${id}/restrictions/import`, as: 'solo', payload: { entries } });
const exportCsv = (entity: string, id: number) => t.call({ method: 'GET', url: `/external/${entity}/${id}/restrictions/export?fileType=CSV`, as: 'solo' });
const rowsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('advertiser names', () => {
  it('names a block of the largest advertiser id in the list, the export and the history entry of its write', async () => {
    const entries = await entriesOf(t, 201, () => apply('zone', zone, [{ type: 'advertiser', value: '2147483647' }]));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ blocks: [{ type: 'advertiser', id: '2147483647', name: 'Max Id Co' }] });
    const list = await t.call({ method: 'GET', url: `/external/zone/${zone}/restrictions?restrictionType=advertiser`, as: 'solo' });
    expect(JSON.parse(list.body)).toMatchObject([{ restrictionType: 'advertiser', restrictions: [{ advertisingRestrictionId: '2147483647', name: 'Max Id Co' }] }]);
    expect(rowsOf((await exportCsv('zone', zone)).body).slice(1).map((row) => row.slice(0, 3))).toEqual([['advertiser', '2147483647', 'Max Id Co']]);
  });
});

describe('blocklist export', () => {
  it('writes the zone’s blocks and its publisher’s, exclusions only, with type, value, name, scope and created', async () => {
    await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'iab_category', value: 'IAB7-1' });
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'advertiser_domain', value: '*.zone.example' });
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'advertiser', value: '920002' });
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'advertiser', value: '920001', clusivity: 'INCLUDE' });
    const res = await exportCsv('zone', zone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="blocks-zone-${zone}-\\d{8}-\\d{6}\\.csv"`));
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual(['type', 'value', 'name', 'scope', 'created']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      // A spreadsheet would run the name as a formula: it is neutralised.
      ['advertiser', '920002', `'=HYPERLINK("http://evil.example")`, 'zone'],
      ['advertiser_domain', '*.zone.example', '*.zone.example', 'zone'],
      ['iab_category', 'IAB7-1', 'Exercise', 'publisher'],
    ]);
    expect(rows[1]![4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(rowsOf((await exportCsv('publisher', SOLO)).body)).toHaveLength(2);
  });
});

describe('blocklist import', () => {
  it('gives every line a verdict before anything is written', async () => {
    await insertRestriction(t.db, { entity: 'publisher', entityId: SOLO, publisherId: SOLO, type: 'advertiser_domain', value: '*.global.example' });
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'iab_category', value: 'IAB3' });
    const res = await check('zone', zone, [
      { value: 'import alpha co' },
      { value: '920001' },
      { value: 'GLOBAL.example' },
      { value: 'iab3' },
      { value: 'IAB7-1' },
      { type: 'advertiser_domain', value: 'new.example' },
      { value: 'Nobody Such Co' },
      { value: '999999' },
      { value: 'Twin Name Co' },
      { value: '=cmd|calc' },
      { value: 'bad..domain' },
      { type: 'iab_category', value: 'IAB99' },
      { type: 'keyword', value: 'x' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([
      { type: 'advertiser', value: '920001', name: 'Import Alpha Co', verdict: 'new', reason: null, duplicateOf: null },
      { type: 'advertiser', value: '920001', name: 'Import Alpha Co', verdict: 'duplicate', reason: null, duplicateOf: 0 },
      { type: 'advertiser_domain', value: '*.global.example', name: '*.global.example', verdict: 'already_blocked', reason: null, duplicateOf: null },
      { type: 'iab_category', value: 'IAB3', name: 'Business', verdict: 'already_blocked', reason: null, duplicateOf: null },
      { type: 'iab_category', value: 'IAB7-1', name: 'Exercise', verdict: 'new', reason: null, duplicateOf: null },
      { type: 'advertiser_domain', value: '*.new.example', name: '*.new.example', verdict: 'new', reason: null, duplicateOf: null },
      { type: 'advertiser', value: null, name: null, verdict: 'unknown_advertiser', reason: null, duplicateOf: null },
      { type: 'advertiser', value: null, name: null, verdict: 'unknown_advertiser', reason: null, duplicateOf: null },
      { type: 'advertiser', value: null, name: null, verdict: 'invalid', reason: 'ambiguousAdvertiser', duplicateOf: null },
      { type: null, value: null, name: null, verdict: 'invalid', reason: 'formula', duplicateOf: null },
      { type: 'advertiser_domain', value: null, name: null, verdict: 'invalid', reason: 'domain', duplicateOf: null },
      { type: 'iab_category', value: null, name: null, verdict: 'invalid', reason: 'iabCategory', duplicateOf: null },
      { type: null, value: null, name: null, verdict: 'invalid', reason: 'type', duplicateOf: null },
    ]);
    expect(await restrictionValues(t.db, 'zone', zone)).toEqual(['iab_category:IAB3']);
  });

  it('applies the new lines in one call and skips the ones already blocked or repeated', async () => {
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'iab_category', value: 'IAB3' });
    const res = await apply('zone', zone, [{ value: 'IAB3' }, { value: '920001' }, { value: 'import alpha co' }, { value: 'fresh.example' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 2, skipped: 2 });
    expect(await restrictionValues(t.db, 'zone', zone)).toEqual(['advertiser:920001', 'advertiser_domain:*.fresh.example', 'iab_category:IAB3']);
  });

  it('judges a line with a control character (a tab inside a value, a NUL) as one that cannot be blocked, and applies the others', async () => {
    const entries = [{ value: 'tab\tinside.example' }, { value: 'IAB5' }, { value: 'nul\u0000.example' }, { type: 'advertiser\u0000', value: '920001' }, { value: 'fine.example' }];
    const res = await check('publisher', SOLO, entries);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.map((l: { verdict: string; reason: string | null }) => `${l.verdict}:${l.reason}`)).toEqual([
      'invalid:control',
      'new:null',
      'invalid:control',
      'invalid:control',
      'new:null',
    ]);
    // The console applies the lines judged new; the whole list would be refused, naming the others.
    expect((await apply('publisher', SOLO, [entries[1]!, entries[4]!])).json()).toEqual({ created: 2, skipped: 0 });
    const refused = await apply('publisher', SOLO, entries);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/entries/0', '/body/entries/2', '/body/entries/3']);
  });

  it('writes nothing when one line cannot be blocked (400 naming it)', async () => {
    const res = await apply('publisher', SOLO, [{ value: 'IAB5' }, { value: 'ok.example' }, { value: 'Nobody Such Co' }, { value: '@SUM(1)' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/entries/2', '/body/entries/3']);
    expect(await restrictionValues(t.db, 'publisher', SOLO)).toEqual([]);
  });

  it('writes nothing when a type’s clusivity is INCLUDE (409), and says so line by line first', async () => {
    await setClusivity(t.db, 'publisher', SOLO, 'advertiser', 'INCLUDE');
    const entries = [{ value: 'IAB5' }, { value: '920001' }];
    expect((await check('zone', zone, entries)).json().lines.map((l: { reason: string | null }) => l.reason)).toEqual([null, 'clusivity']);
    const res = await apply('zone', zone, entries);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CLUSIVITY_CONFLICT', details: [{ field: '/body/entries/1' }] });
    expect(await restrictionValues(t.db, 'zone', zone)).toEqual([]);
  });

  it('takes back its own export into another zone, and a list larger than the ordinary body limit', async () => {
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'advertiser', value: '920001' });
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: SOLO, type: 'iab_category', value: 'IAB9-1' });
    const rows = rowsOf((await exportCsv('zone', zone)).body).slice(1);
    const domains = Array.from({ length: 12_000 }, (_, i) => ({ type: 'advertiser_domain', value: `bulk-${i}.import.example` }));
    const entries = [...rows.map(([type, value]) => ({ type: type!, value: value! })), ...domains];
    expect(JSON.stringify({ entries }).length).toBeGreaterThan(t.config.bodyLimitBytes);
    const res = await apply('zone', otherZone, entries);
    expect(res.json()).toEqual({ created: 12_002, skipped: 0 });
    const values = await restrictionValues(t.db, 'zone', otherZone);
    expect(values).toHaveLength(12_002);
    expect(values).toEqual(expect.arrayContaining(['advertiser:920001', 'iab_category:IAB9-1', 'advertiser_domain:*.bulk-11999.import.example']));
  });
});
