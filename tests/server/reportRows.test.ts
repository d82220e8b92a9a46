// The report data API (issue 29) shows the dashboards' figures: for a period, its rows by day, by zone and by
// advertiser equal, figure for figure, the tables the dashboard frames show for the same period (their CSVs), for
// the report types' own scopes (every zone, slot zones). Paging, the CSV, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { createTestApp, type TestApp } from '../support/serverHarness';

const ATLAS = DEMO.publishers.atlasNews;
let t: TestApp;
let from: string;
let to: string;

beforeAll(async () => {
  t = await createTestApp();
  const day = await t.db.one<{ to: string; from: string }>("SELECT to_char(current_date - 1, 'YYYY-MM-DD') AS to, to_char(current_date - 30, 'YYYY-MM-DD') AS from");
  ({ from, to } = day!);
});
afterAll(() => t.close());

type Row = { day?: string; zone?: { id: number; name: string }; advertiser?: { id: number; name: string }; impressions: number; clicks: number; revenue: number; ctr: number; ecpm: number };
interface RowPage {
  content: Row[];
  totalElements: number;
  totalPages: number;
  totals: Omit<Row, 'day' | 'zone' | 'advertiser'>;
  currency: string;
}

/** Every row of the API for the report and dimensions, page after page. */
async function apiRows(reportType: string, groupBy: string): Promise<{ rows: Row[]; first: RowPage }> {
  const rows: Row[] = [];
  let first: RowPage | undefined;
  for (let page = 0; ; page++) {
    const res = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/reports/${reportType}/rows?from=${from}&to=${to}&groupBy=${groupBy}&size=100&page=${page}`, as: 'viewer' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RowPage;
    first ??= body;
    rows.push(...body.content);
    if (page + 1 >= body.totalPages) return { rows, first };
  }
}

/** A table of the dashboard frame for the same period, as its CSV writes it: key, then the five figures. */
async function frameTable(reportId: number, table: string): Promise<Map<string, number[]>> {
  const token = t.app.services.frames.sign({ kind: 'dashboard', target: String(reportId), publisherId: ATLAS, userId: DEMO.users.multi }).token;
  const res = await t.call({ method: 'GET', url: `/frames/dashboard/${reportId}/export?token=${token}&range=custom&from=${from}&to=${to}&table=${table}`, as: null });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const lines = res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).slice(1);
  return new Map(
    lines.map((line) => {
      const cells = line.split(',');
      // periods: day, 5 figures; zones and advertisers: name, id, 5 figures (names here hold no comma).
      return table === 'periods' ? [cells[0]!, cells.slice(1).map(Number)] : [cells[1]!, cells.slice(2).map(Number)];
    }),
  );
}

const figures = (row: Row) => [row.impressions, row.clicks, row.ctr, row.revenue, row.ecpm];

describe('the same figures as the dashboards', () => {
  it.each([
    ['reporting', 5, 'day', 'periods', (row: Row) => row.day!],
    ['custom', 9, 'zone', 'zones', (row: Row) => String(row.zone!.id)],
    ['slot-revenue', 8, 'zone', 'zones', (row: Row) => String(row.zone!.id)],
    ['advertiser-spend', 4, 'advertiser', 'advertisers', (row: Row) => String(row.advertiser!.id)],
  ] as const)('%s by %s equals dashboard %s’s %s table', async (reportType, reportId, groupBy, table, keyOf) => {
    const { rows } = await apiRows(reportType, groupBy);
    const frame = await frameTable(reportId, table);
    // The dashboard lists every day of the period, with or without rows; the API the days that have rows.
    const shown = new Map([...frame].filter(([, values]) => table !== 'periods' || values[0]! > 0));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Map(rows.map((row) => [keyOf(row), figures(row)]))).toEqual(shown);
  });

  it('adds up, day by zone, to the days and the totals', async () => {
    const { rows, first } = await apiRows('reporting', 'day&groupBy=zone');
    const byDay = await apiRows('reporting', 'day');
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(row.day!, (sums.get(row.day!) ?? 0) + row.impressions);
    expect(sums).toEqual(new Map(byDay.rows.map((row) => [row.day!, row.impressions])));
    expect(first.totals.impressions).toBe(rows.reduce((sum, row) => sum + row.impressions, 0));
    expect(first.totalElements).toBe(rows.length);
    expect(first.currency).toBe('USD');
  });
});

describe('pages and CSV', () => {
  it('answers a page past the end empty with the count and totals, and the CSV with every row', async () => {
    const past = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/reports/reporting/rows?from=${from}&to=${to}&page=5000`, as: 'multi' });
    const body = past.json() as RowPage;
    expect(body.content).toEqual([]);
    expect(body.totalElements).toBeGreaterThan(0);
    expect(body.totals.impressions).toBeGreaterThan(0);
    const csv = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/reports/reporting/rows/export?fileType=CSV&from=${from}&to=${to}&direction=DESC`, as: 'multi' });
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="report-reporting-.*\.csv"$/);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines.length).toBe(body.totalElements + 1);
    expect(lines[1]!.startsWith(to)).toBe(true);
  });

  it('refuses a report the publisher may not see (403), a dimension the report lacks, a reversed or too long period (400)', async () => {
    const call = (path: string) => t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/reports/${path}`, as: 'multi' });
    expect((await call(`historical-jp-reporting/rows?from=${from}&to=${to}`)).statusCode).toBe(403);
    const dimension = await call(`custom/rows?from=${from}&to=${to}&groupBy=advertiser`);
    expect([dimension.statusCode, dimension.json().details[0].field]).toEqual([400, '/query/groupBy']);
    expect((await call(`reporting/rows?from=${to}&to=${from}`)).statusCode).toBe(400);
    expect((await call('reporting/rows?from=2024-01-01&to=2026-01-02')).statusCode).toBe(400);
    expect((await call('reporting/rows?from=2024-02-30&to=2024-03-01')).statusCode).toBe(400);
  });
});
