// The stand-in reporting dashboards, one definition per report id: what the report type is about (its scope of
// zones or advertiser, and its tables), over a period and optionally one zone the page's own form chooses; and the
// data a dashboard shows, loaded once for its page (dashboardPage.ts) and for the CSV of each table
// (dashboardCsv.ts).
import type { Queryable } from '../../../db/db';
import type { DashboardReportId } from '../../../../../src/lib/reports';
import type { Currency } from '../../../../../src/lib/payments';
import { MAX_ID } from '../../../../../src/lib/limits';
import {
  EMPTY,
  loadAdvertisers,
  loadSeries,
  loadZones,
  sumOf,
  zoneNames,
  type AdvertiserFigures,
  type FigureQuery,
  type Metrics,
  type Scope,
  type ZoneFigures,
} from './figures';
import { parsePeriod, periodKeys, type Period, type Range } from './period';
import type { FrameLanguage } from './text';

export interface Dashboard {
  scope: Scope;
  defaultRange: Range;
  /** The zones table: the ten largest, or every zone. */
  zones: 'top' | 'all' | null;
  /** The advertisers: the ten largest in a table, or every one with a chart of the ten largest. */
  advertisers: 'top' | 'chart' | null;
}

export const DASHBOARDS: Readonly<Record<DashboardReportId, Dashboard>> = {
  5: { scope: 'all', defaultRange: '30', zones: 'top', advertisers: 'top' },
  4: { scope: 'all', defaultRange: '30', zones: null, advertisers: 'chart' },
  9: { scope: 'all', defaultRange: '30', zones: 'all', advertisers: null },
  10: { scope: 'all', defaultRange: 'all', zones: 'all', advertisers: null },
  8: { scope: 'slotZones', defaultRange: '30', zones: 'all', advertisers: null },
  7: { scope: 'passback', defaultRange: '30', zones: 'all', advertisers: null },
  14: { scope: 'inVideoZones', defaultRange: '30', zones: 'top', advertisers: null },
  13: { scope: 'inVideoZones', defaultRange: '30', zones: 'all', advertisers: null },
};

export const TOP = 10;

export interface DashboardPublisher {
  id: number;
  name: string;
  currency: Currency;
  passbackAdvertiser: string | null;
  passbackCampaigns: number;
  /** The database's today ('YYYY-MM-DD'): report rows are dated by it. */
  today: string;
}

export interface DashboardFields {
  range?: string;
  from?: string;
  to?: string;
  zone?: string;
  /** The page of the long list (every zone or every advertiser); the CSV has them all. */
  listPage?: string;
}

export interface DashboardRequest {
  reportId: DashboardReportId;
  publisher: DashboardPublisher;
  language: FrameLanguage;
  fields: DashboardFields;
  /** The token the page's form and links carry (renewed on every page). */
  token: string;
}

interface Row extends Metrics {
  label: string;
}

export interface DashboardData {
  period: Period;
  /** The zone filter; 0 for an id no zone can have. */
  zoneId: number | null;
  keys: string[];
  current: Row[];
  previous: Metrics[];
  totals: Metrics;
  previousTotals: Metrics | null;
  zones: ZoneFigures[];
  zoneOptions: { id: number; name: string }[];
  advertisers: AdvertiserFigures[];
}

function zoneOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : 0;
}

export async function loadDashboard(db: Queryable, request: DashboardRequest): Promise<DashboardData> {
  const dashboard = DASHBOARDS[request.reportId];
  const period = parsePeriod(request.fields, request.publisher.today, dashboard.defaultRange);
  const zoneId = zoneOf(request.fields.zone);
  const query: FigureQuery = { publisherId: request.publisher.id, period, scope: dashboard.scope, zoneId };
  const [series, allZones, advertisers] = await Promise.all([
    loadSeries(db, query),
    loadZones(db, { ...query, zoneId: null }),
    dashboard.advertisers ? loadAdvertisers(db, query) : Promise.resolve([]),
  ]);
  const firstKey = [...series.keys()].sort()[0];
  const from = period.from ?? (firstKey ? `${firstKey.slice(0, 7)}-01` : period.to);
  const keys = periodKeys(from, period.to, period.grouping);
  const current = keys.map((key) => ({ label: key, ...(series.get(key) ?? EMPTY) }));
  const previous = period.previous ? periodKeys(period.previous.from, period.previous.to, period.grouping).map((key) => series.get(key) ?? EMPTY) : [];

  const options = allZones.map((zone) => ({ id: zone.zoneId, name: zone.name }));
  if (zoneId !== null && !options.some((zone) => zone.id === zoneId)) {
    const name = (await zoneNames(db, request.publisher.id, [zoneId])).get(zoneId);
    if (name !== undefined) options.push({ id: zoneId, name });
  }
  options.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    period,
    zoneId,
    keys,
    current,
    previous,
    totals: sumOf(current),
    previousTotals: period.previous ? sumOf(previous) : null,
    zones: zoneId === null ? allZones : allZones.filter((zone) => zone.zoneId === zoneId),
    zoneOptions: options,
    advertisers,
  };
}

export const ctr = (m: Metrics) => (m.impressions > 0 ? m.clicks / m.impressions : null);
export const ecpm = (m: Metrics) => (m.impressions > 0 ? (m.revenue / m.impressions) * 1000 : null);

/** The rows a table of the dashboard shows, on the page and in its CSV. */
export function shownZones(dashboard: Dashboard, data: DashboardData): ZoneFigures[] {
  return dashboard.zones === 'top' ? data.zones.slice(0, TOP) : data.zones;
}
export function shownAdvertisers(dashboard: Dashboard, data: DashboardData): AdvertiserFigures[] {
  return dashboard.advertisers === 'top' ? data.advertisers.slice(0, TOP) : data.advertisers;
}
