// Every CSV the server writes, read as a spreadsheet would: with ',' (the file's own separator) and with ';' (Excel
// in German or French locales), and with '|' and tab, by a real CSV parser (papaparse, which honours quotes as
// spreadsheets do). Hostile names are planted in every text column first: slot names through the API, zone,
// advertiser, IAB category and domain names and ledger descriptions (some with tabs and line breaks, which no
// API takes) in the database. No cell of any file may start like a formula (=, +, -, @, |, tab or CR, after any
// spaces or quotes); a plain number is a number. Which operations write CSV is read from the contract, so a new
// export is called here or this test fails.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { insertLedgerRow, insertReportRow, insertRestriction } from '../support/publisherFixtures';
import { addSlot, insertZone } from '../support/zoneFixtures';
import { loadContract } from '../../server/src/http/contract';
import { DEMO } from '../../server/src/db/seed/demo';
import { DASHBOARDS } from '../../server/src/routes/reporting/frames/dashboards';
import { mailSigner, type MailSigner } from '../../server/src/mail/mailTokens';

const P = DEMO.publishers.soloMedia;

/** Names the API takes (PlainText): formulas at the start, after a ';', a '|', spaces or quotes. */
const HOSTILE = [
  ";=cmd|' /C calc'!A0;",
  'x;=HYPERLINK("http://evil.example/","go")',
  '=1+1',
  '+1+1 bonus',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1,1)',
  "|cmd' /C calc'!A0",
  'a|=1+1',
  'a; =1+1',
  'a;"=1+1"',
  '"=1+1"',
  ' =1+1',
  'a,=1+1;+2',
  'a;;@x',
  'quoted "a;-1"',
];
/** Text only the database holds (no API takes a control character): tabs and line breaks before a formula. */
const HOSTILE_CONTROLS = ['\t=1+1', '\r=1+1', 'a\r\n=1+1', 'a\n;=1+1', 'a;\t=1+1', 'line\n-1+1'];
const ALL_HOSTILE = [...HOSTILE, ...HOSTILE_CONTROLS];

const SEPARATORS = [',', ';', '|', '\t'];
/** A cell a spreadsheet would run: a formula character first, after any spaces or quotes it may drop. */
const LIVE = /^[ "]*[=+\-@|\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

let t: TestApp;
let zone: number;
let advertisers: number[];
let signer: MailSigner;
beforeAll(async () => {
  t = await createTestApp();
  signer = await mailSigner(t.db);
  // Zones named like formulas, each with report rows of advertisers named like formulas (the dashboards' tables).
  const zones = [];
  for (const name of ALL_HOSTILE) zones.push(await insertZone(t.db, { publisherId: P, name }));
  zone = zones[0]!;
  advertisers = (await t.db.query<{ id: number }>('SELECT id FROM advertisers ORDER BY id LIMIT $1', [ALL_HOSTILE.length])).map((row) => row.id);
  for (const [i, name] of ALL_HOSTILE.entries()) {
    await t.db.query('UPDATE advertisers SET name = $2 WHERE id = $1', [advertisers[i], name]);
    await insertReportRow(t.db, { publisherId: P, zoneId: zones[i]!, advertiserId: advertisers[i]!, daysAgo: 2, impressions: 1000 + i, clicks: 3, revenue: 10 + i });
  }
  // Slots through the API (as a publisher names them), and with control characters in the database.
  const slots = HOSTILE.map((name, i) => ({ trackingId: zone, slotSizeId: 1, name, implementationTypeId: 1 + (i % 4), placementId: null, enabled: true }));
  const res = await t.call({ method: 'PUT', url: `/external/zones/${zone}/slots/bulk`, as: 'solo', payload: { trackingId: zone, slots } });
  expect(res.statusCode, res.body).toBe(200);
  for (const name of HOSTILE_CONTROLS) await addSlot(t.db, zone, name);
  // Ledger descriptions; blocked advertisers (their names), IAB categories (their English names) and domains.
  for (const [i, description] of ALL_HOSTILE.entries()) await insertLedgerRow(t.db, { publisherId: P, date: `2026-0${1 + (i % 9)}-15`, description, amount: i % 2 ? -12.5 : 40 });
  const res2 = await t.call({
    method: 'POST',
    url: `/external/publisher/${P}/restrictions/bulk`,
    as: 'solo',
    payload: [{ clusivity: 'EXCLUDE', type: 'advertiser', restrictions: advertisers.map(String) }],
  });
  expect(res2.statusCode, res2.body).toBeLessThan(300);
  const categories = (await t.db.query<{ id: string }>("SELECT id FROM iab_categories WHERE parent_id IS NOT NULL ORDER BY position LIMIT 3")).map((row) => row.id);
  for (const [i, id] of categories.entries()) {
    await t.db.query('UPDATE iab_categories SET name_en = $2 WHERE id = $1', [id, ALL_HOSTILE[i]]);
    await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: P, type: 'iab_category', value: id });
  }
  for (const value of ALL_HOSTILE) await insertRestriction(t.db, { entity: 'zone', entityId: zone, publisherId: P, type: 'advertiser_domain', value });
});
afterAll(() => t.close());

const frameToken = (reportId: number) => t.app.services.frames.sign({ kind: 'dashboard', target: String(reportId), publisherId: P, userId: DEMO.users.solo }).token;

const EXPORTS = ['exportSlotEmbedCodes', 'exportPaymentLedger', 'exportRestrictions', 'exportDashboardFrame', 'downloadWeeklySummary', 'exportReportRows'] as const;

/** The Monday of the week that holds the planted report rows (two days ago), as a weekly summary names its week. */
function weekOfReportRows(): string {
  const day = new Date(Date.now() - 2 * 86_400_000);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Every export, by operation: the addresses to call (as Solo Media's user, or with a frame token). */
function exports(): Record<(typeof EXPORTS)[number], string[]> {
  const dashboards = Object.keys(DASHBOARDS).flatMap((reportId) =>
    ['periods', 'zones', 'advertisers'].map((table) => `/frames/dashboard/${reportId}/export?token=${frameToken(Number(reportId))}&table=${table}&range=90`),
  );
  return {
    exportSlotEmbedCodes: [`/external/zones/${zone}/slots/embed-codes/export?fileType=CSV`],
    exportPaymentLedger: [`/external/publishers/${P}/payment-ledger/export?fileType=CSV`],
    exportRestrictions: [`/external/publisher/${P}/restrictions/export?fileType=CSV`, `/external/zone/${zone}/restrictions/export?fileType=CSV`],
    exportDashboardFrame: dashboards,
    // The report data API (issue 29): zones and advertisers of the planted rows, by day.
    exportReportRows: [`/external/publishers/${P}/reports/reporting/rows/export?fileType=CSV&from=${day(-7)}&to=${day(0)}&groupBy=day&groupBy=zone&groupBy=advertiser`],
    // The weekly summary e-mail's download link (zone names in its rows).
    downloadWeeklySummary: [`/mail/weekly-summary?token=${signer.sign({ purpose: 'weekly-summary', userId: DEMO.users.solo, publisherId: P, week: weekOfReportRows() })}`],
  };
}

async function download(url: string): Promise<string> {
  // The frame and e-mail links carry their own signed token; the rest are Solo Media's user's calls.
  const res = await t.call({ method: 'GET', url, as: url.startsWith('/frames/') || url.startsWith('/mail/') ? null : 'solo' });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body.slice(1);
}

const cells = (text: string, delimiter: string) => Papa.parse<string[]>(text, { delimiter, newline: '\r\n' }).data.flat();

describe('CSV exports read with any separator a spreadsheet may pick', () => {
  it('covers every operation of the contract that answers text/csv', () => {
    const writesCsv = loadContract()
      .operations.filter((operation) => {
        const item = (loadContract().document.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>)[operation.path]!;
        return Object.values(item[operation.method.toLowerCase()]!.responses).some((response) => response.content && 'text/csv' in response.content);
      })
      .map((operation) => operation.operationId);
    expect([...EXPORTS].sort()).toEqual(writesCsv.sort());
  });

  it.each(EXPORTS)('%s: no cell starts a formula, whichever separator', async (operationId) => {
    for (const url of exports()[operationId]) {
      const text = await download(url);
      const live = Object.fromEntries(SEPARATORS.map((delimiter) => [delimiter, cells(text, delimiter).filter((cell) => LIVE.test(cell) && !NUMBER.test(cell))]));
      expect(live, `${operationId}, live cells by separator (${url.replace(/token=[^&]+/, 'token=…')})`).toEqual(Object.fromEntries(SEPARATORS.map((d) => [d, []])));
    }
  });

  it.each([
    ['exportSlotEmbedCodes', 0, ALL_HOSTILE],
    ['exportPaymentLedger', 0, ALL_HOSTILE],
    ['exportRestrictions', 1, ALL_HOSTILE],
    ['exportDashboardFrame', -1, ALL_HOSTILE],
    ['exportReportRows', 0, ALL_HOSTILE],
  ] as const)('%s: the planted names are there, readable (read with ",", only apostrophes were added)', async (operationId, which, names) => {
    const urls = exports()[operationId];
    const files = await Promise.all((which < 0 ? urls : [urls[which]!]).map(download));
    // Apostrophes aside (the ones added, and the names' own), and spaces at either end (a slot name is trimmed).
    const plain = (text: string) => text.replaceAll("'", '').trim();
    const written = new Set(files.flatMap((text) => cells(text, ',')).map(plain));
    for (const name of names) expect(written, JSON.stringify(name)).toContain(plain(name));
  });
});
