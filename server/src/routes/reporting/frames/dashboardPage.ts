// A stand-in dashboard's page: the key figures with their change on the previous period, revenue over time with
// that period dashed behind it, and the tables of its type, each with a data table and a CSV of what it shows. No
// script: the form is a plain GET, the charts static SVG.
import type { Queryable } from '../../../db/db';
import type { Metrics } from './figures';
import type { DashboardTable } from './dashboardCsv';
import { ctr, DASHBOARDS, ecpm, loadDashboard, shownAdvertisers, shownZones, TOP, type Dashboard, type DashboardData, type DashboardRequest } from './dashboards';
import { figures, html, notice, page, table, type Interpolation, type SafeHtml } from './html';
import { RANGES } from './period';
import { fill, formatsFor, FRAME_TEXT, type Formats, type FrameText } from './text';

function query(request: DashboardRequest, extra: Record<string, string>): string {
  const params = new URLSearchParams({ token: request.token, lang: request.language });
  for (const [name, value] of Object.entries({ ...request.fields, ...extra })) if (value) params.set(name, value);
  return params.toString();
}

function filterForm(request: DashboardRequest, data: DashboardData, t: FrameText): SafeHtml {
  const { period } = data;
  const custom = period.range === 'custom';
  const ranges = RANGES.filter((range) => range !== 'all' || DASHBOARDS[request.reportId].defaultRange === 'all');
  const selected = (on: boolean) => (on ? html` selected` : '');
  return html`<form class="filters" method="get" action="/frames/dashboard/${request.reportId}" aria-label="${t.filters}">
<input type="hidden" name="token" value="${request.token}"><input type="hidden" name="lang" value="${request.language}">
<label>${t.period}<select name="range">${ranges.map((range) => html`<option value="${range}"${selected(range === period.range)}>${t.ranges[range]}</option>`)}</select></label>
<label>${t.from}<input type="date" name="from" value="${custom ? period.from : ''}"></label>
<label>${t.to}<input type="date" name="to" value="${custom ? period.to : ''}"></label>
<label>${t.zone}<select name="zone"><option value="">${t.allZones}</option>${data.zoneOptions.map(
    (zone) => html`<option value="${zone.id}"${selected(zone.id === data.zoneId)}>${zone.name} (${zone.id})</option>`,
  )}</select></label>
<button type="submit">${t.apply}</button>
</form>`;
}

function periodLine(data: DashboardData, t: FrameText, f: Formats): SafeHtml {
  const { period } = data;
  const label = (day: string) => (period.grouping === 'month' && period.range === 'all' ? f.month(day) : f.day(day));
  const shown = period.from === null ? `${t.allHistory} (${fill(t.periodText, { from: label(data.keys[0] ?? period.to), to: label(period.to) })})` : fill(t.periodText, { from: f.day(period.from), to: f.day(period.to) });
  const compared = period.previous ? ` · ${fill(t.comparedWith, { from: f.day(period.previous.from), to: f.day(period.previous.to) })}` : '';
  return html`<p class="period">${shown}${compared}</p>`;
}

function change(current: number | null, previous: number | null, t: FrameText, f: Formats): Interpolation {
  if (current === null && previous === null) return '';
  if (!previous) return current ? t.change.none : t.change.same;
  const ratio = ((current ?? 0) - previous) / previous;
  if (Math.abs(ratio) < 0.0005) return t.change.same;
  const up = ratio > 0;
  return html`<span class="${up ? 'up' : 'down'}"><span aria-hidden="true">${up ? '▲' : '▼'} ${f.change(ratio)}</span><span class="visually-hidden">${fill(up ? t.change.up : t.change.down, { change: f.change(ratio) })}</span></span>`;
}

function keyFigures(data: DashboardData, t: FrameText, f: Formats): SafeHtml {
  const now = data.totals;
  const before = data.previousTotals;
  const tile = (label: string, value: number | null, previous: number | null, format: (n: number) => string) => ({
    label,
    value: value === null ? '–' : format(value),
    note: before ? change(value, previous, t, f) : undefined,
  });
  return html`<section aria-labelledby="key-figures"><h2 id="key-figures">${t.keyFigures}</h2>${figures([
    tile(t.impressions, now.impressions, before?.impressions ?? null, f.integer),
    tile(t.clicks, now.clicks, before?.clicks ?? null, f.integer),
    tile(t.ctr, ctr(now), before ? ctr(before) : null, f.percent),
    tile(t.revenue, now.revenue, before?.revenue ?? null, f.money),
    tile(t.ecpm, ecpm(now), before ? ecpm(before) : null, f.money),
  ])}</section>`;
}

function metricColumns(t: FrameText) {
  return [
    { label: t.impressions, numeric: true },
    { label: t.clicks, numeric: true },
    { label: t.ctr, numeric: true },
    { label: t.revenue, numeric: true },
    { label: t.ecpm, numeric: true },
  ];
}

function metricCells(m: Metrics, f: Formats): string[] {
  const dash = (n: number | null, format: (v: number) => string) => (n === null ? '–' : format(n));
  return [f.integer(m.impressions), f.integer(m.clicks), dash(ctr(m), f.percent), f.money(m.revenue), dash(ecpm(m), f.money)];
}

function download(request: DashboardRequest, which: DashboardTable, t: FrameText, what: string): SafeHtml {
  return html`<p class="downloads"><a href="/frames/dashboard/${request.reportId}/export?${query(request, { table: which })}">${t.downloadCsv}<span class="visually-hidden">: ${what}</span></a></p>`;
}

/** A section's heading with its CSV link beside it (a line less than under the table). */
function sectionHead(id: string, title: string, link: SafeHtml): SafeHtml {
  return html`<div class="section-head"><h2 id="${id}">${title}</h2>${link}</div>`;
}

/** Rows of a long list on one page: the list stays within the frame's height, its links move page by page. */
export const LIST_PAGE_ROWS = 10;

function listPage<T>(rows: readonly T[], request: DashboardRequest, t: FrameText, f: Formats): { rows: readonly T[]; nav: SafeHtml | '' } {
  if (rows.length <= LIST_PAGE_ROWS) return { rows, nav: '' };
  const pages = Math.ceil(rows.length / LIST_PAGE_ROWS);
  const asked = Number(request.fields.listPage ?? 1);
  const current = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  const first = (current - 1) * LIST_PAGE_ROWS;
  const shown = rows.slice(first, first + LIST_PAGE_ROWS);
  const link = (to: number, label: string) => html`<a href="/frames/dashboard/${request.reportId}?${query(request, { listPage: String(to) })}">${label}</a>`;
  const range = fill(t.listRange, { from: f.integer(first + 1), to: f.integer(first + shown.length), total: f.integer(rows.length) });
  const previous = current > 1 ? link(current - 1, fill(t.previousRows, { count: String(LIST_PAGE_ROWS) })) : '';
  const next = current < pages ? link(current + 1, fill(t.nextRows, { count: String(LIST_PAGE_ROWS) })) : '';
  return { rows: shown, nav: html`<nav class="list-pages" aria-label="${t.listPages}"><span>${range}</span>${previous}${next}</nav>` };
}

function revenueSection(charts: Charts, request: DashboardRequest, data: DashboardData, t: FrameText, f: Formats): SafeHtml {
  const title = t.revenueBy[data.period.grouping];
  const label = data.period.grouping === 'day' ? f.shortDay : f.month;
  const series: { label: string; values: number[]; dashed?: boolean }[] = [{ label: t.revenue, values: data.current.map((row) => row.revenue) }];
  if (data.previous.length) series.push({ label: t.previousPeriod, values: data.keys.map((_, i) => data.previous[i]?.revenue ?? 0), dashed: true });
  const chart = charts.lineChart({
    id: 'revenue',
    title,
    description: `${title}: ${fill(t.periodText, { from: label(data.keys[0] ?? data.period.to), to: label(data.period.to) })}`,
    labels: data.keys.map(label),
    series,
    format: f.money,
    axisFormat: f.compactMoney,
  });
  const rows = data.current.map((row) => [data.period.grouping === 'day' ? f.day(row.label) : f.month(row.label), ...metricCells(row, f)]);
  return html`<section aria-labelledby="revenue-title">${sectionHead('revenue-title', title, download(request, 'periods', t, title))}
<figure class="chart" tabindex="0" aria-labelledby="revenue-title">${chart}</figure>
<details><summary>${t.dataTable}: ${title}</summary>${table(title, [{ label: data.period.grouping === 'day' ? t.day : t.month }, ...metricColumns(t)], rows, [t.total, ...metricCells(data.totals, f)])}</details></section>`;
}

function zonesSection(request: DashboardRequest, dashboard: Dashboard, data: DashboardData, t: FrameText, f: Formats): SafeHtml {
  const title = dashboard.zones === 'top' ? t.topZones : t.zones;
  const paged = listPage(shownZones(dashboard, data), request, t, f);
  const rows = paged.rows.map((zone) => [`${zone.name} (${zone.zoneId})`, ...metricCells(zone, f)]);
  return html`<section aria-labelledby="zones-title">${sectionHead('zones-title', title, download(request, 'zones', t, title))}
${table(title, [{ label: t.zone }, ...metricColumns(t)], rows, [t.total, ...metricCells(data.totals, f)])}${paged.nav}</section>`;
}

function advertisersSection(charts: Charts, request: DashboardRequest, dashboard: Dashboard, data: DashboardData, t: FrameText, f: Formats): SafeHtml {
  const title = dashboard.advertisers === 'top' ? t.topAdvertisers : t.spendByAdvertiser;
  const shown = shownAdvertisers(dashboard, data);
  const top = data.advertisers.slice(0, TOP);
  const chart =
    dashboard.advertisers === 'chart' && top.length
      ? html`<figure class="chart" tabindex="0" aria-labelledby="advertisers-title">${charts.rankingChart({
          id: 'advertisers',
          title: t.topAdvertisers,
          description: t.topAdvertisers,
          labels: top.map((a) => a.name),
          values: top.map((a) => a.revenue),
          seriesLabel: t.revenue,
          format: f.money,
          axisFormat: f.compactMoney,
        })}</figure>`
      : '';
  const paged = listPage(shown, request, t, f);
  const rows = paged.rows.map((a) => [a.name, ...metricCells(a, f)]);
  return html`<section aria-labelledby="advertisers-title">${sectionHead('advertisers-title', title, download(request, 'advertisers', t, title))}${chart}
${table(title, [{ label: t.advertiser }, ...metricColumns(t)], rows, [t.total, ...metricCells(data.totals, f)])}${paged.nav}</section>`;
}

/**
 * The charts (React, react-dom/server and @mui/x-charts) are loaded at the first dashboard, not at the server's
 * start: loading them took about 1 s of every start, and most instances of a test run never draw a dashboard.
 */
type Charts = typeof import('./charts');

export async function renderDashboard(db: Queryable, request: DashboardRequest): Promise<SafeHtml> {
  const charts = await import('./charts');
  const dashboard = DASHBOARDS[request.reportId];
  const t = FRAME_TEXT[request.language];
  const f = formatsFor(request.language, request.publisher.currency);
  const data = await loadDashboard(db, request);
  const { title, description } = t.reports[request.reportId];
  const { publisher } = request;
  const problem = data.period.problem ? html`<p class="notice warning" role="status">${t.problems[data.period.problem]}</p>` : '';
  const context =
    dashboard.scope === 'passback'
      ? html`<p>${t.passbackAdvertiser}: <strong>${publisher.passbackAdvertiser ?? t.none}</strong> · ${t.campaigns}: ${f.integer(publisher.passbackCampaigns)}</p>`
      : '';
  const head = [filterForm(request, data, t), problem, periodLine(data, t, f), context];
  const hasRows = data.current.some((row) => row.impressions > 0 || row.revenue !== 0 || row.clicks > 0);
  const body = hasRows
    ? [
        ...head,
        html`<div class="overview">${keyFigures(data, t, f)}${revenueSection(charts, request, data, t, f)}</div>`,
        dashboard.advertisers ? advertisersSection(charts, request, dashboard, data, t, f) : '',
        dashboard.zones ? zonesSection(request, dashboard, data, t, f) : '',
      ]
    : [...head, notice(t.noData)];
  return page(title, `${publisher.name} · ${description}`, body, request.language);
}
