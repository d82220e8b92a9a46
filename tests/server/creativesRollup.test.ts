// The ad review list's rollup (issue 28, migration 0022): through HTTP, listCreatives answers exactly what the
// daily rows sum to (every period, with a zone, an advertiser and a category filter, each sort both ways, totals
// and paging), reads the rollup (not the daily rows) while it is fresh, and sees new daily rows, deleted ones, a
// creative's new first-seen time and a new day after its rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { createTestApp, type TestApp } from '../support/serverHarness';
import type { components } from '../../openapi/portal';

type Creative = components['schemas']['Creative'];
type CreativePage = components['schemas']['CreativePage'];

const ATLAS = DEMO.publishers.atlasNews;
const ZONE = DEMO.zones.atlas;
const list = `/external/publishers/${ATLAS}/creatives`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function page(query: string): Promise<CreativePage> {
  const res = await t.call({ method: 'GET', url: `${list}?${query}`, as: 'multi' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every row of the list for a query, page by page (100 a page), and its total. */
async function all(query: string): Promise<{ rows: Creative[]; total: number; from: string; to: string }> {
  const rows: Creative[] = [];
  for (let n = 0; ; n++) {
    const answer = await page(`${query}&size=100&page=${n}`);
    rows.push(...answer.content);
    if (n + 1 >= answer.totalPages) return { rows, total: answer.totalElements, from: answer.from, to: answer.to };
  }
}

interface Expected {
  id: number;
  impressions: number;
  revenue: number;
  firstSeen: string;
}

/** The list as the daily rows sum it, without any rollup: the figures per creative over the window, sorted. */
async function direct(options: { from: string; to: string; zoneId?: number; advertiserId?: number; category?: string; sortBy?: 'impressions' | 'revenue' | 'newest'; asc?: boolean }): Promise<Expected[]> {
  const rows = await t.db.query<{ id: number; impressions: string; revenue: string; firstSeen: string }>(
    `SELECT c.id, sum(d.impressions)::int8 AS impressions, sum(d.revenue)::numeric AS revenue, c.first_seen_at AS "firstSeen"
       FROM creative_daily d JOIN creatives c ON c.id = d.creative_id AND c.publisher_id = $1
      WHERE d.publisher_id = $1 AND d.day BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR d.zone_id = $4)
        AND ($5::int IS NULL OR c.advertiser_id = $5) AND ($6::text IS NULL OR $6 = ANY (c.iab_categories))
      GROUP BY c.id`,
    [ATLAS, options.from, options.to, options.zoneId ?? null, options.advertiserId ?? null, options.category ?? null],
  );
  const key = (row: Expected) =>
    options.sortBy === 'revenue' ? row.revenue : options.sortBy === 'newest' ? Date.parse(row.firstSeen) : row.impressions;
  const sign = options.asc ? 1 : -1;
  return rows
    .map((row) => ({ id: row.id, impressions: Number(row.impressions), revenue: Number(row.revenue), firstSeen: new Date(row.firstSeen).toISOString() }))
    .sort((a, b) => sign * (key(a) - key(b) || a.id - b.id));
}

const figures = (rows: readonly Creative[]) => rows.map((c) => ({ id: c.id, impressions: c.impressions, revenue: c.revenue }));
const expectedFigures = (rows: readonly Expected[]) => rows.map(({ id, impressions, revenue }) => ({ id, impressions, revenue }));

describe('the creative list from its rollup', () => {
  /** The list for each case equals the direct sums, rows, order and total; how many rows were compared. */
  async function compare(cases: readonly { period: '1' | '7' | '30'; filter: { zoneId?: number; advertiserId?: number; category?: string }; sortBy: 'impressions' | 'revenue' | 'newest'; asc: boolean }[]) {
    let compared = 0;
    for (const { period, filter, sortBy, asc } of cases) {
      const query = new URLSearchParams({ period, sortBy, direction: asc ? 'ASC' : 'DESC', ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])) });
      const answer = await all(query.toString());
      const expected = await direct({ from: answer.from, to: answer.to, ...filter, sortBy, asc });
      expect(figures(answer.rows), query.toString()).toEqual(expectedFigures(expected));
      expect(answer.total).toBe(expected.length);
      compared += expected.length;
    }
    return compared;
  }

  async function filters() {
    const advertiser = (await t.db.one<{ id: number }>(
      'SELECT advertiser_id AS id FROM creatives WHERE publisher_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
      [ATLAS],
    ))!.id;
    const category = (await t.db.one<{ id: string }>(
      'SELECT iab_categories[1] AS id FROM creatives WHERE publisher_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
      [ATLAS],
    ))!.id;
    return [{}, { zoneId: ZONE }, { advertiserId: advertiser }, { category }, { zoneId: ZONE, advertiserId: advertiser }];
  }

  it('answers exactly what the daily rows sum to in every period, with zone, advertiser and category filters', async () => {
    const every = await filters();
    const compared = await compare((['1', '7', '30'] as const).flatMap((period) => every.map((filter) => ({ period, filter, sortBy: 'impressions' as const, asc: false }))));
    // The comparison compared something: hundreds of creatives over 30 days, and some on one day.
    expect(compared).toBeGreaterThan(500);
    expect((await page('period=1&size=1')).totalElements).toBeGreaterThan(0);
  });

  it('answers exactly what the daily rows sum to in each sort, both ways, unfiltered, by zone and by advertiser', async () => {
    const some = (await filters()).slice(0, 3);
    const compared = await compare(
      some.flatMap((filter) => (['impressions', 'revenue', 'newest'] as const).flatMap((sortBy) => [false, true].map((asc) => ({ period: '30' as const, filter, sortBy, asc })))),
    );
    expect(compared).toBeGreaterThan(500);
  });

  it('gives an empty page and the right total past the end, and no rows for a zone without creatives', async () => {
    const first = await page('size=10&zoneId=' + ZONE);
    const past = await page(`size=10&zoneId=${ZONE}&page=${first.totalPages + 2}`);
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(first.totalElements);
    expect((await page(`zoneId=${DEMO.zones.solo}`)).totalElements).toBe(0);
  });

  it('reads the rollup while it is fresh, and the daily rows again once they change', async () => {
    const before = (await page('size=1')).content[0]!;
    // Only the rollup is altered: a fresh rollup is what the list answers.
    await t.db.query('UPDATE creative_rollup SET impressions = impressions + 1000000 WHERE publisher_id = $1 AND period = 30 AND zone_id = 0 AND creative_id = $2', [ATLAS, before.id]);
    expect((await page('size=1')).content[0]).toMatchObject({ id: before.id, impressions: before.impressions + 1_000_000 });
    // A write of the publisher's daily rows makes it stale: the next list rebuilds it from the rows.
    const zone = (await t.db.one<{ zoneId: number; day: string }>(
      `SELECT zone_id AS "zoneId", to_char(max(day), 'YYYY-MM-DD') AS day FROM creative_daily WHERE creative_id = $1 GROUP BY zone_id ORDER BY 1 LIMIT 1`,
      [before.id],
    ))!;
    await t.db.query('UPDATE creative_daily SET impressions = impressions + 7, revenue = revenue + 0.0003 WHERE creative_id = $1 AND zone_id = $2 AND day = $3', [before.id, zone.zoneId, zone.day]);
    const after = (await page('size=1')).content[0]!;
    expect(after).toMatchObject({ id: before.id, impressions: before.impressions + 7 });
    expect(after.revenue).toBeCloseTo(before.revenue + 0.0003, 4);
  });

  it('sees new daily rows of yesterday, a creative new to the period, and deleted rows after the rebuild', async () => {
    const { to, from } = await page('size=1');
    // A creative that served before the period only, now with a big day yesterday on the zone: first by impressions.
    const old = await t.db.one<{ id: number }>(
      `SELECT c.id FROM creatives c WHERE c.publisher_id = $1
          AND NOT EXISTS (SELECT 1 FROM creative_daily d WHERE d.creative_id = c.id AND d.day >= $2::date - 7) ORDER BY c.id LIMIT 1`,
      [ATLAS, to],
    );
    expect(old).toBeDefined();
    expect((await all(`period=7&zoneId=${ZONE}`)).rows.map((c) => c.id)).not.toContain(old!.id);
    await t.db.query(
      'INSERT INTO creative_daily (creative_id, day, zone_id, publisher_id, impressions, revenue) VALUES ($1, $2, $3, $4, 50000000, 12345.6789)',
      [old!.id, to, ZONE, ATLAS],
    );
    for (const query of ['period=1', 'period=7', `period=7&zoneId=${ZONE}`, 'period=30&sortBy=revenue']) {
      const top = (await page(`${query}&size=1`)).content[0]!;
      expect(top.id, query).toBe(old!.id);
      const answer = await all(query);
      const params = new URLSearchParams(query);
      expect(figures(answer.rows)).toEqual(
        expectedFigures(await direct({ from: answer.from, to: answer.to, zoneId: params.has('zoneId') ? ZONE : undefined, sortBy: params.get('sortBy') === 'revenue' ? 'revenue' : 'impressions' })),
      );
    }
    // Gone again once its rows are deleted.
    await t.db.query('DELETE FROM creative_daily WHERE creative_id = $1 AND day = $2', [old!.id, to]);
    expect((await all('period=1')).rows.map((c) => c.id)).not.toContain(old!.id);
    const thirty = await all('period=30');
    expect(thirty.from).toBe(from);
    expect(figures(thirty.rows)).toEqual(expectedFigures(await direct({ from, to })));
  });

  it('follows a creative whose first-seen time changes, in the newest sort', async () => {
    const oldest = (await all('sortBy=newest')).rows.at(-1)!;
    const newest = (await page('sortBy=newest&size=1')).content[0]!;
    expect(oldest.id).not.toBe(newest.id);
    await t.db.query(
      `UPDATE creatives SET first_seen_at = $2::timestamptz + interval '1 second', last_seen_at = greatest(last_seen_at, $2::timestamptz + interval '1 second')
        WHERE id = $1`,
      [oldest.id, newest.firstSeen],
    );
    const now = (await page('sortBy=newest&size=1')).content[0]!;
    expect(now.id).toBe(oldest.id);
    expect(Date.parse(now.firstSeen)).toBe(Date.parse(newest.firstSeen) + 1000);
  });

  it('rebuilds a rollup made as of an earlier day (a new day came) before answering', async () => {
    const { from, to } = await page('size=1');
    // As if built yesterday, with yesterday's figures: the list must not answer them today.
    await t.db.query('UPDATE creative_rollup_state SET as_of = as_of - 1 WHERE publisher_id = $1', [ATLAS]);
    await t.db.query('UPDATE creative_rollup SET impressions = 1, revenue = 0 WHERE publisher_id = $1', [ATLAS]);
    const answer = await all('period=30');
    expect(figures(answer.rows)).toEqual(expectedFigures(await direct({ from, to })));
    const state = await t.db.one<{ asOf: string }>(
      `SELECT to_char(as_of, 'YYYY-MM-DD') AS "asOf" FROM creative_rollup_state WHERE publisher_id = $1 AND period = 30`,
      [ATLAS],
    );
    expect(state?.asOf).toBe(to);
  });
});
