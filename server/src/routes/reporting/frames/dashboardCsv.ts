// A dashboard table as CSV: what the page's table shows, as raw numbers (a spreadsheet formats them), headers in
// the page's language.
import type { Queryable } from '../../../db/db';
import type { CsvCell } from '../../../http/csv';
import type { Metrics } from './figures';
import { ctr, DASHBOARDS, ecpm, loadDashboard, shownAdvertisers, shownZones, type DashboardRequest } from './dashboards';
import { FRAME_TEXT } from './text';

export type DashboardTable = 'periods' | 'zones' | 'advertisers';

/** One table of the page as CSV cells: raw numbers (a spreadsheet formats them), headers in the page's language. */
export async function exportDashboard(db: Queryable, request: DashboardRequest, which: DashboardTable) {
  const dashboard = DASHBOARDS[request.reportId];
  const data = await loadDashboard(db, request);
  const t = FRAME_TEXT[request.language];
  const money = `${t.revenue} (${request.publisher.currency})`;
  const values = (m: Metrics): CsvCell[] => [m.impressions, m.clicks, round(ctr(m) ?? 0, 6), round(m.revenue, 4), round(ecpm(m) ?? 0, 4)];
  const metricHeader = [t.impressions, t.clicks, t.ctr, money, `${t.ecpm} (${request.publisher.currency})`];
  let header: string[];
  let rows: CsvCell[][];
  if (which === 'periods') {
    header = [data.period.grouping === 'day' ? t.day : t.month, ...metricHeader];
    rows = data.current.map((row) => [row.label, ...values(row)]);
  } else if (which === 'zones') {
    header = [t.zone, 'ID', ...metricHeader];
    rows = (dashboard.zones ? shownZones(dashboard, data) : []).map((zone) => [zone.name, zone.zoneId, ...values(zone)]);
  } else {
    header = [t.advertiser, 'ID', ...metricHeader];
    rows = (dashboard.advertisers ? shownAdvertisers(dashboard, data) : []).map((a) => [a.name, a.advertiserId, ...values(a)]);
  }
  return { base: `dashboard-${request.reportId}-${which}`, header, rows };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
