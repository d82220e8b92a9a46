// The zones list: paging, sorting, filtering and totals over a few hundred zones of a publisher made for this file,
// checked against the same rules applied in JS to what was inserted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoUser, type TestApp } from '../support/serverHarness';
import { DEMO } from '../../server/src/db/seed/demo';
import { SERVICE, addZoneService, count, insertZone, insertZones } from '../support/zoneFixtures';

let t: TestApp;
/** A publisher of user solo that only this file writes to. */
const PUBLISHER = 900;
const COUNT = 300;

interface Seeded {
  trackingId: number;
  name: string;
  numberOfSlots: number;
}
let zones: Seeded[] = [];

// Names repeat (case varies) so ties and case folding matter; a few carry LIKE wildcards and backslashes.
const BASES = ['alpha', 'Beta', 'GAMMA', 'delta', 'Epsilon', 'zeta'];
function nameOf(index: number): string {
  if (index === 7) return 'Sale 100% off';
  if (index === 8) return 'Sale 100 off';
  if (index === 9) return 'top_banner';
  if (index === 10) return 'topXbanner';
  if (index === 11) return 'path\\to\\zone';
  const base = BASES[index % BASES.length]!;
  return index % 4 === 0 ? base.toUpperCase() : `${base} ${Math.floor(index / 7)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`INSERT INTO publishers (id, name, business_unit_id) VALUES ($1, 'Search Test Media', 1)`, [PUBLISHER]);
  await t.db.query('INSERT INTO user_publishers (user_id, publisher_id) VALUES ($1, $2)', [DEMO.users.solo, PUBLISHER]);
  const ids = await insertZones(t.db, PUBLISHER, COUNT, nameOf, (index) => (index * 7) % 5);
  zones = ids.map((trackingId, index) => ({ trackingId, name: nameOf(index), numberOfSlots: (index * 7) % 5 }));
});
afterAll(() => t.close());

interface Answer {
  content: { trackingId: number; name: string; numberOfSlots: number; publisherId: number; services: unknown[] }[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}

async function search(query: string, as: DemoUser = 'solo', publisherId = PUBLISHER): Promise<Answer> {
  const res = await t.call({ method: 'POST', url: `/external/publishers/${publisherId}/zones/search?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const byName = (a: Seeded, b: Seeded) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.trackingId - b.trackingId;
};
const ids = (list: { trackingId: number }[]) => list.map((zone) => zone.trackingId);

describe('zones list', () => {
  it('answers the first 20 by name by default, with the total of every zone', async () => {
    const answer = await search('');
    expect(answer).toMatchObject({ totalElements: COUNT, totalPages: 15, page: 0, size: 20 });
    expect(ids(answer.content)).toEqual(ids([...zones].sort(byName).slice(0, 20)));
    expect(answer.content.every((zone) => zone.publisherId === PUBLISHER)).toBe(true);
  });

  it.each([['solo'], ['staff']] as const)('pages through every zone exactly once (%s)', async (as) => {
    const seen: number[] = [];
    for (let page = 0; page < 4; page++) {
      const answer = await search(`page=${page}&size=100&sortBy=name`, as);
      expect(answer.totalElements).toBe(COUNT);
      seen.push(...ids(answer.content));
    }
    expect(seen).toEqual(ids([...zones].sort(byName)));
  });

  it('answers a page past the end with no rows but the right totals', async () => {
    const answer = await search('page=30&size=20');
    expect(answer).toMatchObject({ content: [], totalElements: COUNT, totalPages: 15, page: 30 });
  });

  it('sorts by name descending with ties by trackingId descending', async () => {
    const answer = await search('sortBy=name&direction=DESC&size=50&page=1');
    expect(ids(answer.content)).toEqual(ids([...zones].sort(byName).reverse().slice(50, 100)));
  });

  it.each([
    ['trackingId', 'ASC', (a: Seeded, b: Seeded) => a.trackingId - b.trackingId],
    ['trackingId', 'DESC', (a: Seeded, b: Seeded) => b.trackingId - a.trackingId],
    ['numberOfSlots', 'ASC', (a: Seeded, b: Seeded) => a.numberOfSlots - b.numberOfSlots || a.trackingId - b.trackingId],
    ['numberOfSlots', 'DESC', (a: Seeded, b: Seeded) => b.numberOfSlots - a.numberOfSlots || b.trackingId - a.trackingId],
  ] as const)('sorts by %s %s', async (sortBy, direction, compare) => {
    const answer = await search(`sortBy=${sortBy}&direction=${direction}&size=100&page=1`);
    expect(ids(answer.content)).toEqual(ids([...zones].sort(compare).slice(100, 200)));
    expect(answer.content.map((zone) => zone.numberOfSlots)).toEqual([...zones].sort(compare).slice(100, 200).map((z) => z.numberOfSlots));
  });

  it('filters names by any term, case-insensitively, and counts only the matches', async () => {
    const expected = zones.filter((zone) => /gamma|zeta/i.test(zone.name)).sort(byName);
    const answer = await search('names=GaMmA&names=ZETA&size=100');
    expect(answer.totalElements).toBe(expected.length);
    expect(answer.totalPages).toBe(Math.ceil(expected.length / 100));
    expect(ids(answer.content)).toEqual(ids(expected.slice(0, 100)));
  });

  it.each([
    ['%', ['Sale 100% off']],
    ['100%', ['Sale 100% off']],
    ['_', ['top_banner']],
    ['top_b', ['top_banner']],
    ['\\to', ['path\\to\\zone']],
  ])('takes %s in a term literally', async (term, names) => {
    const answer = await search(`names=${encodeURIComponent(term)}`);
    expect(answer.content.map((zone) => zone.name)).toEqual(names);
    expect(answer.totalElements).toBe(names.length);
  });

  it('matches names or tracking ids, never another publisher zone', async () => {
    const foreign = await insertZone(t.db, { publisherId: DEMO.publishers.atlasNews, name: 'alpha foreign' });
    const [first, second] = [...zones].sort((a, b) => a.trackingId - b.trackingId);
    const answer = await search(`names=topXbanner&trackingIds=${first!.trackingId}&trackingIds=${second!.trackingId}&trackingIds=${foreign}`);
    expect(answer.content.map((zone) => zone.name).sort()).toEqual([first!.name, second!.name, 'topXbanner'].sort());
    const everyAlpha = await search('names=alpha&size=100');
    expect(ids(everyAlpha.content)).not.toContain(foreign);
  });

  it('ignores blank terms', async () => {
    const answer = await search('names=%20%20');
    expect(answer.totalElements).toBe(COUNT);
  });

  it("carries each zone's services, disabled ones included, by service id", async () => {
    const zone = [...zones].sort(byName)[0]!;
    await addZoneService(t.db, zone.trackingId, SERVICE.video, false);
    await addZoneService(t.db, zone.trackingId, SERVICE.inImage);
    const [first, second] = (await search('size=2')).content;
    expect(first!.services).toEqual([
      { service: { id: SERVICE.inImage, name: 'InImage Ads' }, enabled: true, implementationTypeId: null },
      { service: { id: SERVICE.video, name: 'Video Ads' }, enabled: false, implementationTypeId: null },
    ]);
    expect(second!.services).toEqual([]);
  });

  it('refuses a page size over 100', async () => {
    const res = await t.call({ method: 'POST', url: `/external/publishers/${PUBLISHER}/zones/search?size=101`, as: 'solo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/query/size');
  });
});

describe('totals without a filter', () => {
  it('follow every write: API requests, direct inserts, deletes and zones moving publisher', async () => {
    const [mine, other] = [901, 902];
    await t.db.query(`INSERT INTO publishers (id, name, business_unit_id) VALUES ($1, 'Totals A', 1), ($2, 'Totals B', 1)`, [mine, other]);
    await t.db.query('INSERT INTO user_publishers (user_id, publisher_id) VALUES ($1, $2), ($1, $3)', [DEMO.users.solo, mine, other]);
    const total = async (publisherId: number) => (await search('', 'solo', publisherId)).totalElements;
    const rows = (publisherId: number) => count(t.db, 'SELECT 1 FROM zones WHERE publisher_id = $1', [publisherId]);

    const ids = await insertZones(t.db, mine, 5, (index) => `Zone ${index}`);
    const created = await t.call({
      method: 'POST',
      url: '/external/request',
      as: 'solo',
      payload: { userId: DEMO.users.solo, publisherId: mine, name: 'Via API', typeId: 1, domains: ['example.com'], services: [] },
    });
    expect(created.statusCode).toBe(201);
    expect(await total(mine)).toBe(6);
    await t.db.query('DELETE FROM zones WHERE tracking_id = ANY ($1::int[])', [ids.slice(0, 2)]);
    await t.db.query('UPDATE zones SET publisher_id = $2 WHERE tracking_id = $1', [ids[4], other]);
    await t.db.query('UPDATE zones SET name = name || $2 WHERE publisher_id = $1', [mine, ' renamed']);
    expect(await total(mine)).toBe(3);
    expect(await total(other)).toBe(1);
    expect(await rows(mine)).toBe(3);
    expect(await rows(other)).toBe(1);
  });
});


describe('totals with a filter', () => {
  it('are counted once and answered again until a zone of the publisher is added, removed, renamed or moved', async () => {
    const [mine, other] = [903, 904];
    await t.db.query(`INSERT INTO publishers (id, name, business_unit_id) VALUES ($1, 'Filtered A', 1), ($2, 'Filtered B', 1)`, [mine, other]);
    await t.db.query('INSERT INTO user_publishers (user_id, publisher_id) VALUES ($1, $2), ($1, $3)', [DEMO.users.solo, mine, other]);
    const total = async (publisherId: number, query = 'names=leader') => (await search(query, 'solo', publisherId)).totalElements;
    const ids = await insertZones(t.db, mine, 6, (index) => (index % 2 ? `Leader ${index}` : `Footer ${index}`));
    expect(await total(mine)).toBe(3);
    // The same filter again, from other pages and sorts: the same exact total.
    expect(await total(mine, 'names=leader&page=1&size=2&sortBy=trackingId&direction=DESC')).toBe(3);

    await t.db.query('UPDATE zones SET name = $2 WHERE tracking_id = $1', [ids[0], 'New leader']);
    expect(await total(mine)).toBe(4);
    await t.db.query('UPDATE zones SET number_of_slots = 3 WHERE publisher_id = $1', [mine]);
    expect(await total(mine)).toBe(4);
    const renamed = await t.call({ method: 'PUT', url: `/external/zones/${ids[1]}`, as: 'solo', payload: { name: 'Plain', typeId: 1, enabled: true } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await total(mine)).toBe(3);
    expect(await total(other)).toBe(0);
    await t.db.query('UPDATE zones SET publisher_id = $2 WHERE tracking_id = $1', [ids[3], other]);
    expect([await total(mine), await total(other)]).toEqual([2, 1]);
    await t.db.query('DELETE FROM zones WHERE tracking_id = $1', [ids[5]]);
    await insertZones(t.db, mine, 2, (index) => `Leaderboard ${index}`);
    expect(await total(mine)).toBe(3);
    expect(await total(mine, 'names=LEADER&names=footer')).toBe(5);
  });
});
