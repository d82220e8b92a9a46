// The stand-in dashboards show the publisher's own report rows: figures checked against the rows written here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addSlot, addZoneService, insertZone, SERVICE } from '../support/zoneFixtures';
import { clearPublisherRows, insertReportRow } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { escapeHtml } from '../../server/src/routes/frames/html';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;

interface Row {
  publisherId: number;
  zoneId: number;
  advertiserId: number;
  daysAgo: number;
  impressions: number;
  clicks: number;
  revenue: number;
}

let t: TestApp;
const zone: Record<string, number> = {};
const rows: Row[] = [];

async function write(row: Row) {
  rows.push(row);
  await insertReportRow(t.db, row);
}

beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.sakuraPress, P.premiumClassic, NOBODY]);
  await t.db.query('UPDATE publishers SET passback_advertiser_id = 1001, passback_campaigns = 3 WHERE id = $1', [P.atlasNews]);
  zone.soloFront = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Solo Front' });
  zone.soloSports = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Solo <img src=x onerror=alert(1)> Sports' });
  zone.atlasSlots = await insertZone(t.db, { publisherId: P.atlasNews, name: 'Atlas Slots' });
  zone.atlasPlain = await insertZone(t.db, { publisherId: P.atlasNews, name: 'Atlas Plain' });
  await addSlot(t.db, zone.atlasSlots, 'top-1');
  zone.nobodyVideo = await insertZone(t.db, { publisherId: NOBODY, name: 'Nobody Video' });
  zone.nobodyPlain = await insertZone(t.db, { publisherId: NOBODY, name: 'Nobody Plain' });
  await addZoneService(t.db, zone.nobodyVideo, SERVICE.inVideo);
  zone.sakura = await insertZone(t.db, { publisherId: P.sakuraPress, name: 'Sakura Top' });

  await write({ publisherId: P.soloMedia, zoneId: zone.soloFront, advertiserId: 1001, daysAgo: 0, impressions: 1000, clicks: 10, revenue: 12.5 });
  await write({ publisherId: P.soloMedia, zoneId: zone.soloFront, advertiserId: 1002, daysAgo: 3, impressions: 2500, clicks: 20, revenue: 30.25 });
  await write({ publisherId: P.soloMedia, zoneId: zone.soloSports, advertiserId: 1003, daysAgo: 29, impressions: 500, clicks: 1, revenue: 1.25 });
  // Outside the last 30 days: only the historical report may count it.
  await write({ publisherId: P.soloMedia, zoneId: zone.soloSports, advertiserId: 1001, daysAgo: 30, impressions: 9999, clicks: 0, revenue: 500 });
  for (let i = 0; i < 11; i++) {
    await write({ publisherId: P.soloMedia, zoneId: zone.soloSports, advertiserId: 1010 + i, daysAgo: 1, impressions: 100, clicks: 0, revenue: i + 1 });
  }
  await write({ publisherId: P.atlasNews, zoneId: zone.atlasSlots, advertiserId: 1002, daysAgo: 2, impressions: 700, clicks: 7, revenue: 70 });
  await write({ publisherId: P.atlasNews, zoneId: zone.atlasPlain, advertiserId: 1001, daysAgo: 2, impressions: 300, clicks: 3, revenue: 33.33 });
  await write({ publisherId: NOBODY, zoneId: zone.nobodyVideo, advertiserId: 1004, daysAgo: 5, impressions: 4000, clicks: 40, revenue: 80 });
  await write({ publisherId: NOBODY, zoneId: zone.nobodyPlain, advertiserId: 1004, daysAgo: 5, impressions: 1000, clicks: 1, revenue: 20 });
  await write({ publisherId: P.sakuraPress, zoneId: zone.sakura, advertiserId: 1005, daysAgo: 0, impressions: 10, clicks: 0, revenue: 1000 });
  await write({ publisherId: P.sakuraPress, zoneId: zone.sakura, advertiserId: 1005, daysAgo: 70, impressions: 20, clicks: 0, revenue: 2345.5 });
});
afterAll(() => t.close());

async function dashboard(reportId: number, publisherId: number): Promise<string> {
  const token = t.app.services.frames.sign({ kind: 'dashboard', target: String(reportId), publisherId, userId: DEMO.users.staff }).token;
  const res = await t.call({ method: 'GET', url: `/frames/dashboard/${reportId}?token=${token}`, as: null });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const integer = (n: number) => new Intl.NumberFormat('en-US').format(n);
const amount = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const sum = (list: Row[], key: 'impressions' | 'clicks' | 'revenue') => list.reduce((total, row) => total + row[key], 0);
/** The table's Total row: impressions, clicks, revenue. */
const totalRow = (list: Row[]) =>
  `<th scope="row">Total</th><td class="num">${integer(sum(list, 'impressions'))}</td><td class="num">${integer(sum(list, 'clicks'))}</td><td class="num">${amount(sum(list, 'revenue'))}</td>`;
const rowHeader = (label: string) => `<th scope="row">${escapeHtml(label)}</th>`;
const advertiserName = async (id: number) => (await t.db.one<{ name: string }>('SELECT name FROM advertisers WHERE id = $1', [id]))!.name;
const recent = (publisherId: number) => rows.filter((r) => r.publisherId === publisherId && r.daysAgo <= 29);

describe('reporting (5)', () => {
  it('totals the last 30 days of the publisher’s own rows, one table row and one bar per day', async () => {
    const page = await dashboard(5, P.soloMedia);
    const solo = recent(P.soloMedia);
    expect(page).toContain(totalRow(solo));
    expect(page).toContain(`<dt>Revenue</dt><dd>${amount(sum(solo, 'revenue'))}</dd>`);
    expect(page).toContain(`<dt>Impressions</dt><dd>${integer(sum(solo, 'impressions'))}</dd>`);
    expect(page.match(/<tbody>[\s\S]*<\/tbody>/)![0].match(/<tr>/g)).toHaveLength(30);
    expect(page.match(/<rect class="bar"/g)).toHaveLength(30);
    expect(page).toContain('<svg');
    expect(page).toContain('Solo Media');
  });
});

describe('advertiser spend (4)', () => {
  it('ranks the top 10 advertisers by revenue', async () => {
    const page = await dashboard(4, P.soloMedia);
    const byAdvertiser = new Map<number, number>();
    for (const row of recent(P.soloMedia)) byAdvertiser.set(row.advertiserId, (byAdvertiser.get(row.advertiserId) ?? 0) + row.revenue);
    const ranked = [...byAdvertiser.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const shown = await Promise.all(ranked.slice(0, 10).map(advertiserName));
    const positions = shown.map((name) => page.indexOf(rowHeader(name)));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const id of ranked.slice(10)) expect(page).not.toContain(rowHeader(await advertiserName(id)));
    expect(page).toContain(totalRow(recent(P.soloMedia)));
  });
});

describe('custom (9)', () => {
  it('shows revenue and impressions per zone, names escaped', async () => {
    const page = await dashboard(9, P.soloMedia);
    const sports = recent(P.soloMedia).filter((r) => r.zoneId === zone.soloSports);
    expect(page).toContain(
      `${rowHeader(`Solo <img src=x onerror=alert(1)> Sports (${zone.soloSports})`)}<td class="num">${integer(sum(sports, 'impressions'))}</td>`,
    );
    expect(page).not.toContain('<img');
    expect(page).toContain(rowHeader(`Solo Front (${zone.soloFront})`));
  });
});

describe('slot revenue (8) and passback campaigns (7)', () => {
  it('count only the zones with slots', async () => {
    const page = await dashboard(8, P.atlasNews);
    expect(page).toContain(rowHeader(`Atlas Slots (${zone.atlasSlots})`));
    expect(page).not.toContain(`Atlas Plain (${zone.atlasPlain})`);
    expect(page).toContain(totalRow(rows.filter((r) => r.zoneId === zone.atlasSlots)));
  });

  it('count only the passback advertiser’s rows', async () => {
    const page = await dashboard(7, P.atlasNews);
    expect(page).toContain(escapeHtml(await advertiserName(1001)));
    expect(page).toContain(totalRow(rows.filter((r) => r.publisherId === P.atlasNews && r.advertiserId === 1001)));
  });
});

describe('in-video (14 and 13)', () => {
  it('count only the in-video zones', async () => {
    const video = rows.filter((r) => r.zoneId === zone.nobodyVideo);
    expect(await dashboard(14, NOBODY)).toContain(totalRow(video));
    const custom = await dashboard(13, NOBODY);
    expect(custom).toContain(totalRow(video));
    expect(custom).not.toContain('Nobody Plain');
  });
});

describe('historical Japanese reporting (10)', () => {
  it('totals every month of history', async () => {
    const page = await dashboard(10, P.sakuraPress);
    const sakura = rows.filter((r) => r.publisherId === P.sakuraPress);
    expect(page).toContain(totalRow(sakura));
    const month = (await t.db.one<{ m: string }>("SELECT to_char(current_date - 70, 'YYYY-MM') AS m"))!.m;
    expect(page).toContain(rowHeader(month));
  });
});

describe('pages without rows and hostile names', () => {
  it('say that no data is available', async () => {
    const page = await dashboard(5, P.premiumClassic);
    expect(page).toContain('No data is currently available for these parameters.');
    expect(page).not.toContain('<table');
  });

  it('escape the publisher name', async () => {
    await t.db.query('UPDATE publishers SET name = $1 WHERE id = $2', ['<script>alert("x")</script> & Sons', NOBODY]);
    const page = await dashboard(9, NOBODY);
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
  });
});
