// The report data API (issue 29): the figures a report type's dashboard shows, as rows by day, zone and (where the
// dashboard has them) advertiser over a date range, paged as JSON or whole as CSV. The rows are summed by the
// dashboards' own source() over the same daily rollups and scopes (frames/figures.ts), so both show the same figures
// (tests/server/reportRows.test.ts holds them equal to what the dashboard frames show).
import { publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { badRequest, forbidden } from '../../http/errors';
import { sendCsv, type CsvCell } from '../../http/csv';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { Handlers, QueryParams } from '../../http/handlers';
import { DASHBOARD_REPORT_IDS, isReportAvailable, type DashboardReportType } from '../../../../src/lib/reports';
import { DASHBOARDS, ctr, ecpm } from './frames/dashboards';
import { METRICS, REPORT_TABLE_KEYS, source, type Grain, type Metrics } from './frames/figures';
import { MAX_CUSTOM_DAYS } from './frames/period';
import { reportingFacts } from './reporting';
import type { components } from '../../../../openapi/portal';

type Dimension = 'day' | 'zone' | 'advertiser';
type ReportRow = components['schemas']['ReportRow'];
type RowsQuery = QueryParams<'listReportRows'>;

const DEFAULT_GROUP_BY: readonly Dimension[] = ['day', 'zone'];
const DAY_MS = 86_400_000;

const COLUMN: Record<Dimension, string> = { day: 'r.day', zone: 'r.zone_id', advertiser: 'r.advertiser_id' };

interface RowRequest {
  publisherId: number;
  reportType: DashboardReportType;
  currency: string;
  from: string;
  to: string;
  groupBy: Dimension[];
  zoneId: number | null;
  direction: 'ASC' | 'DESC';
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The figures of a row as the dashboards' CSV writes them (dashboardCsv.ts): CTR to 6 decimals, money to 4. */
function figures(m: Metrics) {
  return { impressions: m.impressions, clicks: m.clicks, revenue: round(m.revenue, 4), ctr: round(ctr(m) ?? 0, 6), ecpm: round(ecpm(m) ?? 0, 4) };
}

/** The request's checks: a report the publisher may see, a range of at most 731 days, its own dimensions only. */
async function rowRequest(db: Queryable, principal: Parameters<typeof publisherFor>[1], publisherId: number, reportType: DashboardReportType, query: Omit<RowsQuery, 'page' | 'size'>): Promise<RowRequest> {
  const publisher = await publisherFor(db, principal, publisherId);
  if (!isReportAvailable(reportType, await reportingFacts(db, publisher.id))) {
    throw forbidden('This report is not available for the publisher');
  }
  const days = Math.round((Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days < 1) throw badRequest('The period ends before it starts', [{ field: '/query/to', message: 'must not be before from' }]);
  if (days > MAX_CUSTOM_DAYS) throw badRequest(`The period is longer than ${MAX_CUSTOM_DAYS} days`, [{ field: '/query/to', message: `must be at most ${MAX_CUSTOM_DAYS - 1} days after from` }]);
  const groupBy = [...new Set((query.groupBy ?? DEFAULT_GROUP_BY) as Dimension[])];
  if (groupBy.includes('advertiser') && DASHBOARDS[DASHBOARD_REPORT_IDS[reportType]].advertisers === null) {
    throw badRequest('This report has no advertiser dimension', [{ field: '/query/groupBy', message: 'advertiser is a dimension of reporting and advertiser-spend only' }]);
  }
  const currency = await db.one<{ currency: string }>('SELECT currency FROM publishers WHERE id = $1', [publisher.id]);
  return {
    publisherId: publisher.id,
    reportType,
    currency: currency!.currency,
    from: query.from,
    to: query.to,
    groupBy: (['day', 'zone', 'advertiser'] as const).filter((dimension) => groupBy.includes(dimension)),
    zoneId: query.zoneId ?? null,
    direction: query.direction ?? 'ASC',
  };
}

interface RowOut extends Metrics {
  day: string | null;
  zoneId: number | null;
  zoneName: string | null;
  advertiserId: number | null;
  advertiserName: string | null;
}

/**
 * The rows, ordered by day, zone and advertiser: a page of them, or all. When the dimensions are exactly what a
 * rollup's rows are keyed by (day and zone: report_zone_daily), its rows are the answer and the page is read along
 * its primary key; otherwise they are summed first (zones over the period, or a scope's zones by day).
 */
async function loadRows(db: Queryable, request: RowRequest, page: { limit: number; offset: number } | null): Promise<RowOut[]> {
  const dims = request.groupBy;
  const { sql, params, natural } = rowSource(request);
  const order = [
    ...(dims.includes('day') ? [`day ${request.direction === 'DESC' ? 'DESC' : 'ASC'}`] : []),
    ...(dims.includes('zone') ? ['zone'] : []),
    ...(dims.includes('advertiser') ? ['advertiser'] : []),
  ];
  const inner = natural
    ? `SELECT ${dims.map((dimension) => `${COLUMN[dimension]} AS ${dimension}`).join(', ')}, r.impressions::int8 AS impressions, r.clicks::int8 AS clicks,
              r.revenue::float8 AS revenue ${sql}`
    : `SELECT ${dims.map((dimension) => `${COLUMN[dimension]} AS ${dimension}`).join(', ')}, ${METRICS} ${sql} GROUP BY ${dims.map((dimension) => COLUMN[dimension]).join(', ')}`;
  // Fixed fragments only: the direction is one of two words the contract allows.
  const paging = page ? `LIMIT $${params.length + 1} OFFSET $${params.length + 2}` : '';
  return db.query<RowOut>(
    `SELECT ${dims.includes('day') ? "to_char(p.day, 'YYYY-MM-DD')" : 'NULL'} AS day, ${dims.includes('zone') ? 'p.zone' : 'NULL::int'} AS "zoneId",
            z.name AS "zoneName", ${dims.includes('advertiser') ? 'p.advertiser' : 'NULL::int'} AS "advertiserId", a.name AS "advertiserName",
            p.impressions, p.clicks, p.revenue
       FROM (SELECT g.* FROM (${inner}) g ORDER BY ${order.map((term) => `g.${term}`).join(', ')} ${paging}) p
       LEFT JOIN zones z ON z.tracking_id = ${dims.includes('zone') ? 'p.zone' : 'NULL'}
       LEFT JOIN advertisers a ON a.id = ${dims.includes('advertiser') ? 'p.advertiser' : 'NULL'}
      ORDER BY ${order.map((term) => `p.${term}`).join(', ')}`,
    page ? [...params, page.limit, page.offset] : params,
  );
}

/** The source of the rows (frames/figures.ts) and whether its rows are already one per value of the dimensions. */
function rowSource(request: RowRequest) {
  const dims = request.groupBy;
  const grain: Grain = dims.includes('advertiser') ? (dims.includes('zone') ? 'zoneAdvertiser' : 'advertiser') : dims.includes('zone') ? 'zone' : 'day';
  const scope = DASHBOARDS[DASHBOARD_REPORT_IDS[request.reportType]].scope;
  const source_ = source({ publisherId: request.publisherId, scope, zoneId: request.zoneId }, request.from, request.to, grain);
  const keys: readonly string[] = REPORT_TABLE_KEYS[source_.table];
  return { ...source_, natural: keys.length === dims.length && keys.every((key) => (dims as string[]).includes(key)) };
}

/** How many rows there are, and their sums. */
async function loadTotals(db: Queryable, request: RowRequest): Promise<Metrics & { total: number }> {
  const dims = request.groupBy;
  const { sql, params, natural } = rowSource(request);
  const row = await db.one<Metrics & { total: number }>(
    natural
      ? `SELECT count(*)::int AS total, coalesce(sum(r.impressions), 0)::int8 AS impressions, coalesce(sum(r.clicks), 0)::int8 AS clicks,
                coalesce(sum(r.revenue), 0)::float8 AS revenue ${sql}`
      : `SELECT count(*)::int AS total, coalesce(sum(g.impressions), 0)::int8 AS impressions, coalesce(sum(g.clicks), 0)::int8 AS clicks,
                coalesce(sum(g.revenue), 0)::float8 AS revenue
           FROM (SELECT ${METRICS} ${sql} GROUP BY ${dims.map((dimension) => COLUMN[dimension]).join(', ')}) g`,
    params,
  );
  return row!;
}

function rowJson(row: RowOut, dims: readonly Dimension[]): ReportRow {
  return {
    ...(dims.includes('day') ? { day: row.day! } : {}),
    ...(dims.includes('zone') ? { zone: { id: row.zoneId!, name: row.zoneName ?? '' } } : {}),
    ...(dims.includes('advertiser') ? { advertiser: { id: row.advertiserId!, name: row.advertiserName ?? '' } } : {}),
    ...figures(row),
  };
}

export const reportRowHandlers: Handlers = {
  async listReportRows({ db, principal, params, query }) {
    const request = await rowRequest(db, principal, params.publisherId, params.reportType, query);
    const paged = pageRequest(query, 20);
    const [limit, offset] = limitOffset(paged);
    const [rows, totals] = [await loadRows(db, request, { limit, offset }), await loadTotals(db, request)];
    return {
      reportType: request.reportType,
      currency: request.currency,
      from: request.from,
      to: request.to,
      groupBy: request.groupBy,
      totals: figures(totals),
      ...pageOf(
        rows.map((row) => rowJson(row, request.groupBy)),
        totals.total,
        paged,
      ),
    };
  },

  async exportReportRows({ db, principal, params, query, reply }) {
    const request = await rowRequest(db, principal, params.publisherId, params.reportType, query);
    const rows = await loadRows(db, request, null);
    const dims = request.groupBy;
    const header = [
      ...(dims.includes('day') ? ['Day'] : []),
      ...(dims.includes('zone') ? ['Zone ID', 'Zone'] : []),
      ...(dims.includes('advertiser') ? ['Advertiser ID', 'Advertiser'] : []),
      'Impressions',
      'Clicks',
      'CTR',
      'Revenue',
      'eCPM',
      'Currency',
    ];
    const cells = rows.map((row): CsvCell[] => {
      const f = figures(row);
      return [
        ...(dims.includes('day') ? [row.day] : []),
        ...(dims.includes('zone') ? [row.zoneId, row.zoneName] : []),
        ...(dims.includes('advertiser') ? [row.advertiserId, row.advertiserName] : []),
        f.impressions,
        f.clicks,
        f.ctr,
        f.revenue,
        f.ecpm,
        request.currency,
      ];
    });
    return sendCsv(reply, `report-${request.reportType}-${request.from}-${request.to}`, header, cells);
  },
};
