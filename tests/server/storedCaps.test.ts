// The contract bounds every list an answer carries (issue 31): the stored ones the server keeps within them by
// refusing a write that would pass the cap (400 naming the body, nothing written), while one that reaches it
// exactly is taken. The rows up to the cap are made in SQL, the last ones through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';
import { MAX_BLOCKED_URLS_PER_ZONE, MAX_BLOCKS_PER_TYPE, MAX_SLOTS_PER_ZONE } from '../../src/lib/limits';
import { SIZE_300X250, count, insertZone } from '../support/zoneFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const solo = DEMO.publishers.soloMedia;

describe('stored lists stay within the contract', () => {
  it('a zone blocks at most MAX_BLOCKED_URLS_PER_ZONE URLs', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    await t.db.query(
      `INSERT INTO asset_url_filter_patterns (zone_id, pattern, url_type, eval_type)
       SELECT $1, 'https://blocked' || g || '.example/', 'PAGE', 'CONTAINS' FROM generate_series(1, $2::int) AS g`,
      [zone, MAX_BLOCKED_URLS_PER_ZONE - 1],
    );
    const add = (patterns: string[]) =>
      t.call({
        method: 'POST',
        url: `/external/zones/${zone}/asset-url-filter-patterns/bulk`,
        as: 'solo',
        payload: { zoneAssetUrlFilterPatternParamList: patterns.map((pattern) => ({ pattern, urlType: 'PAGE', evalType: 'CONTAINS' })) },
      });
    const over = await add(['https://example.com/one', 'https://example.com/two']);
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual([expect.objectContaining({ field: '/body/zoneAssetUrlFilterPatternParamList' })]);
    expect(await count(t.db, 'SELECT 1 FROM asset_url_filter_patterns WHERE zone_id = $1', [zone])).toBe(MAX_BLOCKED_URLS_PER_ZONE - 1);
    expect((await add(['https://example.com/one'])).statusCode).toBe(201);
  });

  it('a zone has at most MAX_SLOTS_PER_ZONE slots', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    await t.db.query(
      `INSERT INTO slots (zone_id, name, slot_size_id, implementation_type_id, placement_id, enabled)
       SELECT $1, 'Slot-' || g, $3, 2, NULL, true FROM generate_series(1, $2::int) AS g`,
      [zone, MAX_SLOTS_PER_ZONE - 1, SIZE_300X250],
    );
    const row = (name: string) => ({ trackingId: zone, slotSizeId: SIZE_300X250, name, implementationTypeId: 2, placementId: null, enabled: true });
    const request = (names: string[]) => t.call({ method: 'PUT', url: `/external/zones/${zone}/slots/bulk`, as: 'solo', payload: { trackingId: zone, slots: names.map(row) } });
    const over = await request(['Extra-1', 'Extra-2']);
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual([expect.objectContaining({ field: '/body/slots' })]);
    expect(await count(t.db, 'SELECT 1 FROM slots WHERE zone_id = $1', [zone])).toBe(MAX_SLOTS_PER_ZONE - 1);
    expect((await request(['Extra-1'])).statusCode).toBe(200);
  });

  it('a publisher or zone has at most MAX_BLOCKS_PER_TYPE blocks of one type', async () => {
    const zone = await insertZone(t.db, { publisherId: solo });
    await t.db.query(
      `INSERT INTO restrictions (entity_type, entity_id, publisher_id, restriction_type, value, clusivity)
       SELECT 'zone', $1, $2, 'advertiser_domain', '*.d' || g || '.example', 'EXCLUDE' FROM generate_series(1, $3::int) AS g`,
      [zone, solo, MAX_BLOCKS_PER_TYPE - 1],
    );
    // changeRestrictions answers counts, not the 100,000 blocks createRestrictions would list back.
    const block = (domains: string[]) =>
      t.call({ method: 'PATCH', url: `/external/zone/${zone}/restrictions/bulk`, as: 'solo', payload: { add: [{ type: 'advertiser_domain', restrictions: domains }], remove: [] } });
    const blocks = () => count(t.db, "SELECT 1 FROM restrictions WHERE entity_type = 'zone' AND entity_id = $1", [zone]);
    const over = await block(['one.example', 'two.example']);
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual([expect.objectContaining({ field: '/body' })]);
    expect(await blocks()).toBe(MAX_BLOCKS_PER_TYPE - 1);
    expect((await block(['one.example'])).json()).toEqual({ added: 1, removed: 0 });
    expect(await blocks()).toBe(MAX_BLOCKS_PER_TYPE);
  });
});
