// The stand-in reporting dashboards: one definition per report id, each a grouping of the publisher's daily report
// rows (report_daily) over a period and a scope, rendered as headline figures, a chart and a table.
import type { Queryable } from '../../db/db';
import type { DashboardReportId } from '../../../../src/lib/reports';
import { barChart, columnChart } from './charts';
import { figures, formatAmount, formatInteger, html, notice, NO_DATA_MESSAGE, page, table, type SafeHtml } from './html';

type Grouping = 'day' | 'month' | 'zone' | 'advertiser';
type Scope = 'all' | 'slotZones' | 'passback' | 'inVideoZones';

interface Dashboard {
  title: string;
  description: string;
  grouping: Grouping;
  scope: Scope;
  /** Historical reports cover every row; the others the last 30 days. */
  allTime?: boolean;
  limit?: number;
}

export const DASHBOARDS: Record<DashboardReportId, Dashboard> = {
  5: { title: 'Reporting', description: 'Daily impressions and revenue, last 30 days', grouping: 'day', scope: 'all' },
  4: { title: 'Advertiser spend', description: 'Revenue by advertiser (top 10), last 30 days', grouping: 'advertiser', scope: 'all', limit: 10 },
  9: { title: 'Custom report', description: 'Revenue and impressions by zone, last 30 days', grouping: 'zone', scope: 'all' },
  10: { title: 'Historical reporting (Japan)', description: 'Monthly totals, all history', grouping: 'month', scope: 'all', allTime: true },
  8: { title: 'Slot revenue', description: 'Revenue by zone of the zones with slots, last 30 days', grouping: 'zone', scope: 'slotZones' },
  7: { title: 'Passback campaigns', description: "The passback advertiser's campaigns by zone, last 30 days", grouping: 'zone', scope: 'passback' },
  14: { title: 'In-video dashboard', description: 'Daily figures of the in-video zones, last 30 days', grouping: 'day', scope: 'inVideoZones' },
  13: { title: 'In-video custom report', description: 'Figures by in-video zone, last 30 days', grouping: 'zone', scope: 'inVideoZones' },
};

// Fixed SQL fragments (no caller input) over report_daily aliased r.
const SCOPE_SQL: Record<Scope, string> = {
  all: 'TRUE',
  slotZones: 'EXISTS (SELECT 1 FROM slots s WHERE s.zone_id = r.zone_id)',
  passback: 'r.advertiser_id = (SELECT pp.passback_advertiser_id FROM publishers pp WHERE pp.id = r.publisher_id)',
  inVideoZones: `EXISTS (SELECT 1 FROM zone_services zs WHERE zs.zone_id = r.zone_id AND zs.service_id IN (15, 16) AND zs.enabled)`,
};
const LAST_30_DAYS = 'r.day BETWEEN current_date - 29 AND current_date';
const METRICS = `coalesce(sum(r.impressions), 0)::int8 AS impressions, coalesce(sum(r.clicks), 0)::int8 AS clicks,
  coalesce(sum(r.revenue), 0)::numeric AS revenue`;

interface Figures {
  impressions: number;
  clicks: number;
  revenue: number;
}
interface GroupRow extends Figures {
  label: string;
}

/** The dashboard's rows of publisher $1. */
function whereSql(dashboard: Dashboard): string {
  return `r.publisher_id = $1 AND ${SCOPE_SQL[dashboard.scope]}${dashboard.allTime ? '' : ` AND ${LAST_30_DAYS}`}`;
}

function groupSql(dashboard: Dashboard): string {
  const where = whereSql(dashboard);
  const limit = dashboard.limit ? `LIMIT ${dashboard.limit}` : '';
  switch (dashboard.grouping) {
    case 'day': // every day of the period, so gaps show as empty days
      return `SELECT to_char(d, 'YYYY-MM-DD') AS label, ${METRICS}
                FROM generate_series(current_date - 29, current_date, interval '1 day') AS d
                LEFT JOIN report_daily r ON r.day = d::date AND ${where}
               GROUP BY d ORDER BY d`;
    case 'month':
      return `SELECT to_char(date_trunc('month', r.day), 'YYYY-MM') AS label, ${METRICS}
                FROM report_daily r WHERE ${where} GROUP BY 1 ORDER BY 1`;
    case 'zone':
      return `SELECT z.name || ' (' || z.tracking_id || ')' AS label, ${METRICS}
                FROM report_daily r JOIN zones z ON z.tracking_id = r.zone_id WHERE ${where}
               GROUP BY z.tracking_id, z.name ORDER BY sum(r.revenue) DESC, z.tracking_id ${limit}`;
    case 'advertiser':
      return `SELECT a.name AS label, ${METRICS}
                FROM report_daily r JOIN advertisers a ON a.id = r.advertiser_id WHERE ${where}
               GROUP BY a.id, a.name ORDER BY sum(r.revenue) DESC, a.id ${limit}`;
  }
}

const ecpm = (f: Figures) => (f.impressions > 0 ? formatAmount((f.revenue / f.impressions) * 1000) : '–');

const GROUP_LABEL: Record<Grouping, string> = { day: 'Day', month: 'Month', zone: 'Zone', advertiser: 'Advertiser' };

export interface DashboardPublisher {
  id: number;
  name: string;
  passbackAdvertiser: string | null;
  passbackCampaigns: number;
}

export async function renderDashboard(db: Queryable, reportId: DashboardReportId, publisher: DashboardPublisher): Promise<SafeHtml> {
  const dashboard = DASHBOARDS[reportId];
  const totals = await db.one<Figures & { rows: number; from: string; to: string }>(
    `SELECT count(*)::int AS rows, ${METRICS}, to_char(current_date - 29, 'YYYY-MM-DD') AS "from", to_char(current_date, 'YYYY-MM-DD') AS "to"
       FROM report_daily r WHERE ${whereSql(dashboard)}`,
    [publisher.id],
  );
  const period = dashboard.allTime ? 'All history' : `${totals?.from} to ${totals?.to}`;
  const subtitle = `${publisher.name} · ${dashboard.description} · ${period}`;
  const context =
    dashboard.scope === 'passback'
      ? html`<p>Passback advertiser: <strong>${publisher.passbackAdvertiser ?? 'none'}</strong> · Campaigns: ${formatInteger(publisher.passbackCampaigns)}</p>`
      : '';
  if (!totals || totals.rows === 0) return page(dashboard.title, subtitle, [context, notice(NO_DATA_MESSAGE)]);

  const groups = await db.query<GroupRow>(groupSql(dashboard), [publisher.id]);
  const chartTitle = `Revenue by ${GROUP_LABEL[dashboard.grouping].toLowerCase()}`;
  const points = groups.map((g) => ({ label: g.label, value: g.revenue }));
  const chart =
    dashboard.grouping === 'day' || dashboard.grouping === 'month'
      ? columnChart(points, { title: chartTitle, format: formatAmount })
      : barChart(points, { title: chartTitle, format: formatAmount });
  const columns = [
    { label: GROUP_LABEL[dashboard.grouping] },
    { label: 'Impressions', numeric: true },
    { label: 'Clicks', numeric: true },
    { label: 'Revenue', numeric: true },
    { label: 'eCPM', numeric: true },
  ];
  const line = (label: string, f: Figures) => [label, formatInteger(f.impressions), formatInteger(f.clicks), formatAmount(f.revenue), ecpm(f)];
  return page(dashboard.title, subtitle, [
    context,
    figures([
      { label: 'Impressions', value: formatInteger(totals.impressions) },
      { label: 'Clicks', value: formatInteger(totals.clicks) },
      { label: 'Revenue', value: formatAmount(totals.revenue) },
      { label: 'eCPM', value: ecpm(totals) },
    ]),
    html`<h2>${chartTitle}</h2>`,
    chart,
    table(`${dashboard.title}${dashboard.limit ? ` (top ${dashboard.limit})` : ''}`, columns, groups.map((g) => line(g.label, g)), line('Total', totals)),
  ]);
}
