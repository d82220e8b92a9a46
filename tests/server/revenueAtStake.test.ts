import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { insertZone } from '../support/zoneFixtures';
import { clearPublisherRows, insertReportRow } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { revenueWindow } from '../../server/src/routes/blocking/revenueAtStake';

const SOLO = DEMO.publishers.soloMedia;
const SAKURA = DEMO.publishers.sakuraPress;

// Advertisers no generated one resembles: two under one domain, two of one IAB parent in different sub-categories.
const ADVERTISERS = [
  { id: 910001, name: 'Stake Alpha', domain: 'alpha.example', parent: 'IAB8', sub: 'IAB8-5' },
  { id: 910002, name: 'Stake Alpha Ads', domain: 'ads.alpha.example', parent: 'IAB8', sub: 'IAB8-18' },
  { id: 910003, name: 'Stake Beta', domain: 'beta.example', parent: 'IAB7', sub: 'IAB7-1' },
  { id: 910004, name: 'Stake Gamma', domain: 'notalpha.example', parent: 'IAB20', sub: 'IAB20-3' },
];

let t: TestApp;
let front: number;
let sports: number;

beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [SOLO, SAKURA]);
  for (const a of ADVERTISERS) {
    await t.db.query('INSERT INTO advertisers (id, name, domain, iab_category_id, iab_sub_category_id) VALUES ($1, $2, $3, $4, $5)', [
      a.id, a.name, a.domain, a.parent, a.sub,
    ]);
  }
  front = await insertZone(t.db, { publisherId: SOLO, name: 'Front' });
  sports = await insertZone(t.db, { publisherId: SOLO, name: 'Sports' });
  const row = (zoneId: number, advertiserId: number, daysAgo: number, revenue: number, impressions: number) =>
    insertReportRow(t.db, { publisherId: SOLO, zoneId, advertiserId, daysAgo, revenue, impressions });
  // In the window (1 to 30 days ago): publisher total 100.00 and 10,000 impressions.
  await row(front, 910001, 1, 40, 4000);
  await row(sports, 910001, 30, 10, 1000);
  await row(front, 910002, 5, 20, 2000);
  await row(sports, 910003, 12, 25, 2500);
  await row(front, 910004, 3, 5, 500);
  // Outside it: today and 31 days ago never count.
  await row(front, 910003, 0, 1000, 100_000);
  await row(front, 910004, 31, 1000, 100_000);
});
afterAll(() => t.close());

const stake = (entity: string, id: number, items: { type: string; value: string }[], as: 'solo' | 'multi' = 'solo') =>
  t.call({ method: 'POST', url: `/external/${entity}/${id}/restrictions/revenue-at-stake`, as, payload: { items } });

describe('revenue at stake', () => {
  it('answers each value’s revenue and share of the publisher’s last 30 days, and the selection counting each advertiser once', async () => {
    const res = await stake('publisher', SOLO, [
      { type: 'advertiser', value: '910001' },
      { type: 'advertiser_domain', value: '*.alpha.example' },
      { type: 'iab_category', value: 'IAB8' },
      { type: 'iab_category', value: 'IAB8-18' },
      { type: 'advertiser_domain', value: 'beta.example' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ currency: 'USD', ...revenueWindow(), total: { revenue: 100, impressions: 10_000 } });
    expect(body.items).toEqual([
      { type: 'advertiser', value: '910001', revenue: 50, impressions: 5000, revenueShare: 0.5, impressionShare: 0.5 },
      // alpha.example and the host under it, not notalpha.example.
      { type: 'advertiser_domain', value: '*.alpha.example', revenue: 70, impressions: 7000, revenueShare: 0.7, impressionShare: 0.7 },
      { type: 'iab_category', value: 'IAB8', revenue: 70, impressions: 7000, revenueShare: 0.7, impressionShare: 0.7 },
      { type: 'iab_category', value: 'IAB8-18', revenue: 20, impressions: 2000, revenueShare: 0.2, impressionShare: 0.2 },
      { type: 'advertiser_domain', value: 'beta.example', revenue: 25, impressions: 2500, revenueShare: 0.25, impressionShare: 0.25 },
    ]);
    expect(body.sum).toEqual({ revenue: 95, impressions: 9500, revenueShare: 0.95, impressionShare: 0.95 });
  });

  it('counts only the zone’s own rows for a zone', async () => {
    const body = (await stake('zone', sports, [{ type: 'advertiser', value: '910001' }, { type: 'iab_category', value: 'IAB7-1' }])).json();
    expect(body.total).toEqual({ revenue: 35, impressions: 3500 });
    expect(body.items.map((i: { revenue: number }) => i.revenue)).toEqual([10, 25]);
  });

  it('answers nothing at stake for unknown values and for a publisher without report rows, in its currency', async () => {
    const body = (await stake('publisher', SAKURA, [{ type: 'advertiser', value: '999999' }, { type: 'iab_category', value: 'IAB99' }], 'multi')).json();
    expect(body.currency).toBe('JPY');
    expect(body.total).toEqual({ revenue: 0, impressions: 0 });
    expect(body.sum).toEqual({ revenue: 0, impressions: 0, revenueShare: 0, impressionShare: 0 });
  });

  it('refuses malformed values with a 400 naming each', async () => {
    const res = await stake('publisher', SOLO, [
      { type: 'advertiser', value: 'Stake Alpha' },
      { type: 'advertiser_domain', value: 'not a domain' },
      { type: 'iab_category', value: 'IAB8' },
      { type: 'iab_category', value: '=IAB8' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/items/0/value', '/body/items/1/value', '/body/items/3/value']);
  });

  it('follows changes of the report rows (the per-advertiser rollup is kept by triggers)', async () => {
    await t.db.query('UPDATE report_daily SET revenue = revenue + 50 WHERE zone_id = $1 AND advertiser_id = 910002', [front]);
    await t.db.query('DELETE FROM report_daily WHERE zone_id = $1 AND advertiser_id = 910004', [front]);
    const body = (await stake('publisher', SOLO, [{ type: 'iab_category', value: 'IAB8' }])).json();
    expect(body.total.revenue).toBe(145);
    expect(body.items[0].revenue).toBe(120);
    const rollup = await t.db.query('SELECT 1 FROM report_advertiser_daily WHERE publisher_id = $1 AND advertiser_id = 910004', [SOLO]);
    expect(rollup).toEqual([]);
  });

  it('keeps the 30-day sums equal to the report rows after inserts, updates, deletes and a deleted zone', async () => {
    const side = await insertZone(t.db, { publisherId: SOLO, name: 'Side' });
    const other = await insertZone(t.db, { publisherId: SOLO, name: 'Other side' });
    await t.db.query(
      `INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
       SELECT $1, current_date - d, z, 910003, 100 * d, 0, d FROM generate_series(0, 40) AS d CROSS JOIN unnest($2::int[]) AS z`,
      [SOLO, [side, other]],
    );
    // Days moved out of the window and into it, another advertiser, rows deleted one way and through their zone.
    await t.db.query('UPDATE report_daily SET day = day - 45 WHERE zone_id = $1 AND day > current_date - 15', [side]);
    await t.db.query('UPDATE report_daily SET day = day + 30 WHERE zone_id = $1 AND day BETWEEN current_date - 40 AND current_date - 31', [side]);
    await t.db.query('UPDATE report_daily SET advertiser_id = 910001, revenue = revenue * 2 WHERE zone_id = $1 AND day = current_date - 7', [other]);
    await t.db.query('DELETE FROM report_daily WHERE zone_id = $1 AND day BETWEEN current_date - 12 AND current_date - 9', [other]);
    await t.db.query('DELETE FROM zones WHERE tracking_id = $1', [other]);
    const sums = `publisher_id, advertiser_id, last_day::text, rows, impressions::int8, revenue::float8`;
    const kept = await t.db.query(`SELECT ${sums} FROM report_advertiser_30_days ORDER BY 1, 2, 3`);
    const recounted = await t.db.query(
      `SELECT ${sums} FROM (SELECT publisher_id, advertiser_id, day + k AS last_day, count(*)::int AS rows, sum(impressions) AS impressions,
                                   sum(revenue) AS revenue
                              FROM report_daily CROSS JOIN generate_series(0, 29) AS k GROUP BY 1, 2, 3) r
        ORDER BY 1, 2, 3`,
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recounted);
    // What the call answers is what the report rows say for the window.
    const [raw] = await t.db.query<{ revenue: number }>(
      'SELECT coalesce(sum(revenue), 0)::float8 AS revenue FROM report_daily WHERE publisher_id = $1 AND advertiser_id = 910003 AND day BETWEEN $2 AND $3',
      [SOLO, revenueWindow().from, revenueWindow().to],
    );
    const body = (await stake('publisher', SOLO, [{ type: 'advertiser', value: '910003' }])).json();
    expect(body.items[0].revenue).toBeCloseTo(raw!.revenue, 4);
  });
});
