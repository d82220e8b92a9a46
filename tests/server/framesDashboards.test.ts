// The stand-in dashboards show the publisher's own report rows: every figure is checked against SQL sums over
// report_daily written here (not the rollups the pages read), for the default and chosen periods, a zone, each
// report type's scope, and the CSV of each table; another publisher's rows never reach a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addSlot, addZoneService, insertZone, SERVICE } from '../support/zoneFixtures';
import { clearPublisherRows, insertReportRow } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { escapeHtml } from '../../server/src/routes/reporting/frames/html';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;
/** A figure no test row of the publishers under test has: it must never show on their pages. */
const FOREIGN_IMPRESSIONS = 987_654;

let t: TestApp;
const zone: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.sakuraPress, P.premiumClassic, NOBODY]);
  await t.db.query('UPDATE publishers SET passback_advertiser_id = 1001, passback_campaigns = 3 WHERE id = $1', [P.atlasNews]);
  zone.soloFront = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Solo Front' });
  zone.soloSports = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Solo <img src=x onerror=alert(1)> Sports' });
  zone.soloFormula = await insertZone(t.db, { publisherId: P.soloMedia, name: '=HYPERLINK("http://evil.example")' });
  zone.atlasSlots = await insertZone(t.db, { publisherId: P.atlasNews, name: 'Atlas Slots' });
  zone.atlasPlain = await insertZone(t.db, { publisherId: P.atlasNews, name: 'Atlas Plain' });
  await addSlot(t.db, zone.atlasSlots, 'top-1');
  zone.nobodyVideo = await insertZone(t.db, { publisherId: NOBODY, name: 'Nobody Video' });
  zone.nobodyPlain = await insertZone(t.db, { publisherId: NOBODY, name: 'Nobody Secret Zone' });
  await addZoneService(t.db, zone.nobodyVideo, SERVICE.inVideo);
  zone.sakura = await insertZone(t.db, { publisherId: P.sakuraPress, name: 'Sakura Top' });

  const solo = (zoneId: number, advertiserId: number, daysAgo: number, impressions: number, clicks: number, revenue: number) =>
    insertReportRow(t.db, { publisherId: P.soloMedia, zoneId, advertiserId, daysAgo, impressions, clicks, revenue });
  await solo(zone.soloFront, 1001, 1, 1000, 10, 12.5);
  await solo(zone.soloFront, 1002, 3, 2500, 20, 30.25);
  await solo(zone.soloSports, 1003, 8, 500, 1, 1.25);
  await solo(zone.soloSports, 1001, 30, 700, 7, 7.5);
  // Outside the last 30 days, inside the 30 before them (the comparison), and far back.
  await solo(zone.soloSports, 1001, 31, 9999, 0, 500);
  await solo(zone.soloFront, 1004, 45, 400, 4, 4.4);
  await solo(zone.soloFront, 1004, 200, 50, 0, 0.5);
  // Today's rows are not complete yet: no preset period counts them.
  await solo(zone.soloFront, 1005, 0, 111, 1, 1.11);
  for (let i = 0; i < 12; i++) await solo(zone.soloFormula, 1010 + i, 2, 100, 1, i + 1);
  const row = (publisherId: number, zoneId: number, advertiserId: number, daysAgo: number, impressions: number, revenue: number) =>
    insertReportRow(t.db, { publisherId, zoneId, advertiserId, daysAgo, impressions, clicks: 3, revenue });
  await row(P.atlasNews, zone.atlasSlots, 1002, 2, 700, 70);
  await row(P.atlasNews, zone.atlasPlain, 1001, 2, 300, 33.33);
  await row(P.atlasNews, zone.atlasSlots, 1001, 4, 200, 20);
  await row(NOBODY, zone.nobodyVideo, 1004, 5, 4000, 80);
  await row(NOBODY, zone.nobodyPlain, 1001, 3, FOREIGN_IMPRESSIONS, 4321.98);
  await row(P.sakuraPress, zone.sakura, 1005, 1, 10, 1000);
  await row(P.sakuraPress, zone.sakura, 1005, 70, 20, 2345);
});
afterAll(() => t.close());

function sign(reportId: number, publisherId: number, userId: number = DEMO.users.staff) {
  return t.app.services.frames.sign({ kind: 'dashboard', target: String(reportId), publisherId, userId }).token;
}

async function dashboard(reportId: number, publisherId: number, query = ''): Promise<string> {
  const res = await t.call({ method: 'GET', url: `/frames/dashboard/${reportId}?token=${sign(reportId, publisherId)}${query}`, as: null });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
}

async function csv(reportId: number, publisherId: number, query: string): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: `/frames/dashboard/${reportId}/export?token=${sign(reportId, publisherId)}${query}`, as: null });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="dashboard-${reportId}-\\w+-\\d{8}-\\d{6}\\.csv"$`));
  return res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
}

interface Sums {
  impressions: number;
  clicks: number;
  revenue: number;
}

/** SQL sums of report_daily rows of a publisher between daysAgo bounds (inclusive), with an extra condition. */
async function sums(publisherId: number, fromDaysAgo: number, toDaysAgo: number, where = 'TRUE'): Promise<Sums> {
  const row = await t.db.one<Sums>(
    `SELECT coalesce(sum(impressions), 0)::int8 AS impressions, coalesce(sum(clicks), 0)::int8 AS clicks, coalesce(sum(revenue), 0)::float8 AS revenue
       FROM report_daily r WHERE publisher_id = $1 AND day BETWEEN current_date - $2::int AND current_date - $3::int AND ${where}`,
    [publisherId, fromDaysAgo, toDaysAgo],
  );
  return row!;
}

const integer = (n: number) => new Intl.NumberFormat('en-US').format(n);
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const tile = (page: string, label: string) => page.match(new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`))?.[1];
const totalRow = (page: string) => page.match(/<tfoot[^>]*><tr[^>]*>([\s\S]*?)<\/tr><\/tfoot>/)?.[1];
const rowHeader = (label: string) => `<th role="rowheader" scope="row">${escapeHtml(label)}</th>`;
/** A number cell of a table: its column's name rides along for the stacked cards of a phone (issue 21). */
const numberCell = (column: string, value: string) => `<td role="cell" class="num" data-label="${column}">${value}</td>`;
const isoDaysAgo = async (days: number) => (await t.db.one<{ d: string }>(`SELECT to_char(current_date - $1::int, 'YYYY-MM-DD') AS d`, [days]))!.d;

function expectFigures(page: string, expected: Sums) {
  expect(tile(page, 'Impressions')).toBe(integer(expected.impressions));
  expect(tile(page, 'Clicks')).toBe(integer(expected.clicks));
  expect(tile(page, 'Revenue')).toBe(usd(expected.revenue));
  expect(tile(page, 'eCPM')).toBe(usd((expected.revenue / expected.impressions) * 1000));
}

describe('figures', () => {
  it('are the SQL sums of the last 30 days before today by default, compared with the 30 before', async () => {
    const page = await dashboard(5, P.soloMedia);
    expectFigures(page, await sums(P.soloMedia, 30, 1));
    expect(totalRow(page)).toContain(usd((await sums(P.soloMedia, 30, 1)).revenue));
    // Revenue 500 + 4.4 in the previous 30 days against 188.5 now: down.
    const before = await sums(P.soloMedia, 60, 31);
    const now = await sums(P.soloMedia, 30, 1);
    const change = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs((now.revenue - before.revenue) / before.revenue));
    expect(page).toContain(`down ${change} on the previous period`);
    expect(page).toContain(`${await isoDaysAgo(30)}`.slice(0, 4));
  });

  it('follow the period chosen: 7 days, 90 days, a custom period', async () => {
    expectFigures(await dashboard(5, P.soloMedia, '&range=7'), await sums(P.soloMedia, 7, 1));
    expectFigures(await dashboard(5, P.soloMedia, '&range=90'), await sums(P.soloMedia, 90, 1));
    const custom = await dashboard(5, P.soloMedia, `&range=custom&from=${await isoDaysAgo(45)}&to=${await isoDaysAgo(0)}`);
    expectFigures(custom, await sums(P.soloMedia, 45, 0));
    // The form shows what was chosen.
    expect(custom).toMatch(/<option value="custom" selected>Custom period<\/option>/);
    expect(custom).toContain(`name="from" value="${await isoDaysAgo(45)}"`);
  });

  it('show one zone when the filter names it, and list every zone with rows in the filter', async () => {
    const page = await dashboard(5, P.soloMedia, `&range=90&zone=${zone.soloSports}`);
    expectFigures(page, await sums(P.soloMedia, 90, 1, `zone_id = ${zone.soloSports}`));
    expect(page).toContain(`<option value="${zone.soloSports}" selected>`);
    expect(page).toContain(`<option value="${zone.soloFront}">Solo Front (${zone.soloFront})</option>`);
  });

  it('say when a custom period cannot be used, and show the default one', async () => {
    const reversed = await dashboard(5, P.soloMedia, `&range=custom&from=${await isoDaysAgo(1)}&to=${await isoDaysAgo(9)}`);
    expect(reversed).toContain('The start of the period is after its end: showing the last 30 days.');
    expectFigures(reversed, await sums(P.soloMedia, 30, 1));
    expect(await dashboard(5, P.soloMedia, '&range=custom&from=&to=')).toContain('A custom period needs a start and an end');
    expect(await dashboard(5, P.soloMedia, '&range=custom&from=2020-01-01&to=2026-01-01')).toContain('at most two years');
  });

  it('stay exact after report rows change (the rollups follow every insert, update and delete)', async () => {
    const extra = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Solo Later' });
    await insertReportRow(t.db, { publisherId: P.soloMedia, zoneId: extra, advertiserId: 1001, daysAgo: 2, impressions: 321, clicks: 2, revenue: 3.21 });
    await t.db.query('UPDATE report_daily SET revenue = revenue * 2, impressions = impressions + 1 WHERE publisher_id = $1 AND zone_id = $2', [P.soloMedia, zone.soloFront]);
    expectFigures(await dashboard(5, P.soloMedia), await sums(P.soloMedia, 30, 1));
    await t.db.query('DELETE FROM zones WHERE tracking_id = $1', [extra]);
    await t.db.query('UPDATE report_daily SET revenue = revenue / 2, impressions = impressions - 1 WHERE publisher_id = $1 AND zone_id = $2', [P.soloMedia, zone.soloFront]);
    const page = await dashboard(5, P.soloMedia);
    expectFigures(page, await sums(P.soloMedia, 30, 1));
    expect(page).not.toContain('Solo Later');
  });
});

describe('another publisher', () => {
  it('never shows its figures, zones or advertisers on any page, table or CSV', async () => {
    for (const reportId of [4, 5, 7, 8, 9, 10, 13, 14]) {
      for (const publisherId of [P.soloMedia, P.atlasNews]) {
        const page = await dashboard(reportId, publisherId, '&range=180');
        expect(page).not.toContain(integer(FOREIGN_IMPRESSIONS));
        expect(page).not.toContain('Nobody Secret Zone');
        for (const table of ['periods', 'zones', 'advertisers']) {
          expect((await csv(reportId, publisherId, `&range=180&table=${table}`)).join('\n')).not.toContain(String(FOREIGN_IMPRESSIONS));
        }
      }
    }
  });

  it('shows nothing for a zone filter naming its zone, not even the name', async () => {
    const page = await dashboard(5, P.soloMedia, `&range=180&zone=${zone.nobodyPlain}`);
    expect(page).toContain('No data is currently available for these parameters.');
    expect(page).not.toContain('Nobody Secret Zone');
    expect(page).not.toContain(integer(FOREIGN_IMPRESSIONS));
    // An id beyond any zone's is no zone either, not an error.
    expect(await dashboard(5, P.soloMedia, '&zone=9999999999')).toContain('No data is currently available');
  });
});

describe('each report type', () => {
  it('advertiser spend (4) ranks every advertiser by revenue and charts the ten largest', async () => {
    const page = await dashboard(4, P.soloMedia);
    const ranked = await t.db.query<{ name: string }>(
      `SELECT a.name FROM report_daily r JOIN advertisers a ON a.id = r.advertiser_id
        WHERE r.publisher_id = $1 AND r.day BETWEEN current_date - 30 AND current_date - 1
        GROUP BY a.id, a.name ORDER BY sum(r.revenue) DESC, a.id`,
      [P.soloMedia],
    );
    expect(ranked.length).toBeGreaterThan(10);
    expect(page.match(/<svg[^>]*MuiChartsSurface-root/g)).toHaveLength(2);
    // Every advertiser in rank order, ten to a page so the page fits its 1300 px frame (issue 21); the links
    // move from page to page, carrying the period and a renewed token, and a page past the end shows the last.
    const pages: string[] = [page];
    for (let n = 2; n <= Math.ceil(ranked.length / 10); n++) pages.push(await dashboard(4, P.soloMedia, `&listPage=${n}`));
    const shown = pages.flatMap((html) => ranked.filter((a) => html.includes(rowHeader(a.name))).map((a) => a.name));
    expect(shown).toEqual(ranked.map((a) => a.name));
    for (const html of pages) {
      const positions = ranked.map((a) => html.indexOf(rowHeader(a.name))).filter((p) => p > 0);
      expect(positions.length).toBeLessThanOrEqual(10);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
    expect(page).toContain(`1–10 of ${ranked.length}`);
    expect(page).toMatch(/<a href="\/frames\/dashboard\/4\?token=[^"&]+&amp;lang=en&amp;listPage=2">Next 10<\/a>/);
    expect(page).not.toContain('Previous 10');
    expect(await dashboard(4, P.soloMedia, '&listPage=999')).toContain(`of ${ranked.length}</span><a href`);
    // The list's CSV has every advertiser.
    expect((await csv(4, P.soloMedia, '&table=advertisers')).length).toBe(ranked.length + 1);
  });

  it('custom (9) lists every zone with its sums, names escaped', async () => {
    const page = await dashboard(9, P.soloMedia);
    const front = await sums(P.soloMedia, 30, 1, `zone_id = ${zone.soloFront}`);
    expect(page).toContain(`${rowHeader(`Solo Front (${zone.soloFront})`)}${numberCell('Impressions', integer(front.impressions))}`);
    expect(page).toContain(rowHeader(`Solo <img src=x onerror=alert(1)> Sports (${zone.soloSports})`));
    expect(page).not.toContain('<img');
  });

  it('slot revenue (8) counts only the zones with slots', async () => {
    const page = await dashboard(8, P.atlasNews);
    expect(page).toContain(rowHeader(`Atlas Slots (${zone.atlasSlots})`));
    expect(page).not.toContain(`Atlas Plain (${zone.atlasPlain})`);
    expectFigures(page, await sums(P.atlasNews, 30, 1, `zone_id = ${zone.atlasSlots}`));
  });

  it('passback campaigns (7) counts only the passback advertiser’s rows', async () => {
    const page = await dashboard(7, P.atlasNews);
    const name = (await t.db.one<{ name: string }>('SELECT name FROM advertisers WHERE id = 1001'))!.name;
    expect(page).toContain(`<strong>${escapeHtml(name)}</strong> · Campaigns: 3`);
    expectFigures(page, await sums(P.atlasNews, 30, 1, 'advertiser_id = 1001'));
  });

  it('the in-video reports (14, 13) count only the in-video zones', async () => {
    const video = await sums(NOBODY, 30, 1, `zone_id = ${zone.nobodyVideo}`);
    expectFigures(await dashboard(14, NOBODY), video);
    const custom = await dashboard(13, NOBODY);
    expectFigures(custom, video);
    expect(custom).not.toContain('Nobody Secret Zone');
  });

  it('historical Japanese reporting (10) totals every month of history in yen', async () => {
    const page = await dashboard(10, P.sakuraPress);
    const yen = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(3345);
    expect(tile(page, 'Revenue')).toBe(yen);
    expect(page).toContain('<option value="all" selected>All history</option>');
    expect(page).toContain('Revenue by month');
  });
});

describe('the page', () => {
  it('draws the revenue chart as SVG with a title, the previous period dashed, and a data table', async () => {
    const page = await dashboard(5, P.soloMedia);
    expect(page).toMatch(/<figure class="chart" tabindex="0" aria-labelledby="revenue-title">[\s\S]*?<svg[^>]*MuiChartsSurface-root[^>]*><title>Revenue by day<\/title><desc>/);
    expect(page).toContain('data-series="revenue-1-dashed"');
    expect(page).toContain('<summary>Data table: Revenue by day</summary>');
    // One data row per day of the period.
    const details = page.match(/<details>[\s\S]*?<\/details>/)![0];
    expect(details.match(/<tbody[^>]*>[\s\S]*<\/tbody>/)![0].match(/<tr[ >]/g)).toHaveLength(30);
    // Charts and all, the page runs no script.
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/<[^>]*\son\w+=/i);
    expect(page).not.toMatch(/<[^>]*javascript:/i);
  });

  it('uses the language asked for: texts, numbers, dates, the currency', async () => {
    const fr = await dashboard(5, P.soloMedia, '&lang=fr');
    const now = await sums(P.soloMedia, 30, 1);
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('<dt>Revenus</dt>');
    expect(tile(fr, 'Revenus')).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD' }).format(now.revenue));
    const ja = await dashboard(10, P.sakuraPress, '&lang=ja');
    expect(tile(ja, '収益')).toBe(new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(3345));
    // The form keeps the language.
    expect(ja).toContain('<input type="hidden" name="lang" value="ja">');
  });

  it('carries a renewed token, valid 30 minutes, in its form and links', async () => {
    const page = await dashboard(5, P.soloMedia);
    const token = page.match(/name="token" value="([^"]+)"/)![1]!;
    const claims = t.app.services.frames.verify(token);
    expect(claims).toMatchObject({ kind: 'dashboard', target: '5', publisherId: P.soloMedia });
    expect(claims!.exp * 1000 - Date.now()).toBeGreaterThan(25 * 60 * 1000);
    expect(page).toContain(`/frames/dashboard/5/export?token=${encodeURIComponent(token)}`);
  });

  it('says when there is no data, and keeps the form to choose another period', async () => {
    const page = await dashboard(5, P.premiumClassic);
    expect(page).toContain('No data is currently available for these parameters.');
    expect(page).not.toContain('<table');
    expect(page).toContain('<form class="filters"');
  });

  it('escapes the publisher name', async () => {
    await t.db.query('UPDATE publishers SET name = $1 WHERE id = $2', ['<script>alert("x")</script> & Sons', NOBODY]);
    const page = await dashboard(9, NOBODY);
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
  });
});

describe('CSV of what the page shows', () => {
  it('days of the period with raw numbers', async () => {
    const lines = await csv(5, P.soloMedia, '&range=7&table=periods');
    expect(lines[0]).toBe('Day,Impressions,Clicks,CTR,Revenue (USD),eCPM (USD)');
    expect(lines).toHaveLength(8);
    const day = await isoDaysAgo(3);
    const front = await sums(P.soloMedia, 3, 3);
    expect(lines).toContain(`${day},${front.impressions},${front.clicks},${front.clicks / front.impressions},${front.revenue},${(front.revenue / front.impressions) * 1000}`);
  });

  it('the zones table, formulas neutralised; the top ten only where the page shows ten', async () => {
    const custom = await csv(9, P.soloMedia, '&table=zones');
    expect(custom[0]).toBe('Zone,ID,Impressions,Clicks,CTR,Revenue (USD),eCPM (USD)');
    expect(custom).toContain(`"'=HYPERLINK(""http://evil.example"")",${zone.soloFormula},1200,12,0.01,78,65`);
    const advertisers = await csv(5, P.soloMedia, '&table=advertisers');
    expect(advertisers).toHaveLength(11);
    expect((await csv(4, P.soloMedia, '&table=advertisers')).length).toBeGreaterThan(11);
  });

  it('in the page’s language', async () => {
    expect((await csv(5, P.soloMedia, '&table=zones&lang=es'))[0]).toBe('Zona,ID,Impresiones,Clics,CTR,Ingresos (USD),eCPM (USD)');
  });
});
