// Revenue alerts as the server answers them, for the alerts' component tests.
import type { RevenueAlertDetailRecord, RevenueAlertRecord } from '../../../../src/dataProvider/resources';
import { entry } from '../history/historyEntries';

export const blockEntry = entry({
  id: 42,
  kind: 'BLOCKS',
  operation: 'createRestrictions',
  zone: null,
  before: { blocks: [] },
  after: { blocks: [{ type: 'advertiser', id: '1091', name: 'Green Pine Motors' }] },
  author: { id: 3, name: 'Max Multi', email: 'multi@publisher.example', internal: false },
});

export const renameEntry = entry({
  id: 41,
  kind: 'ZONE',
  before: { name: 'Atlas Front Page' },
  after: { name: 'Atlas Homepage' },
  author: { id: 1, name: 'Sam Staff', email: null, internal: true },
});

export function alert(overrides: Partial<RevenueAlertRecord> = {}): RevenueAlertRecord {
  return {
    id: 1,
    type: 'REVENUE',
    day: '2026-11-22',
    peakDay: '2026-11-23',
    metric: 'REVENUE',
    zone: null,
    value: 1658.58,
    baseline: 2868.58,
    dropPercent: 42.2,
    dropAmount: 1210,
    currency: 'USD',
    read: false,
    dismissed: false,
    raisedAt: '2026-11-27T06:00:00.000Z',
    changeCount: 2,
    topCause: { effect: 'BLOCK', revenueAtStake: 26413.57, share: 0.374, entry: blockEntry, adsTxtChange: null },
    adsTxt: null,
    ...overrides,
  };
}

export const zoneAlert = alert({
  id: 2,
  metric: 'IMPRESSIONS',
  zone: { id: 1001, name: 'Atlas Homepage' },
  value: 8000,
  baseline: 20000,
  dropPercent: 60,
  dropAmount: 12000,
  read: true,
  changeCount: 0,
  topCause: null,
});

export function detail(overrides: Partial<RevenueAlertDetailRecord> = {}) {
  const { causes, causesAvailable, otherChanges, ...rest } = {
    ...alert(),
    causes: [
      { effect: 'BLOCK' as const, revenueAtStake: 26413.57, share: 0.374, entry: blockEntry, adsTxtChange: null },
      { effect: 'NONE' as const, revenueAtStake: 0, share: null, entry: renameEntry, adsTxtChange: null },
    ],
    causesAvailable: true,
    otherChanges: 0,
    ...overrides,
  };
  return { alert: rest, causes, causesAvailable, otherChanges };
}

/** An ads.txt alert (issue 27): atlasnews.com lost a line, and is authorised again. */
export const adsTxtAlert = alert({
  id: 3,
  type: 'ADS_TXT',
  day: '2026-11-24',
  peakDay: '2026-11-24',
  value: 0,
  baseline: 0,
  dropPercent: 0,
  dropAmount: 0,
  changeCount: 0,
  topCause: null,
  adsTxt: {
    siteId: 7,
    domain: 'atlasnews.com',
    kind: 'ads.txt',
    statusBefore: 'AUTHORISED',
    status: 'MISSING_LINES',
    currentStatus: 'AUTHORISED',
    linesLost: ['adnetwork.example, pub-1001, DIRECT, f08c47fec0942fa0'],
    resolvedAt: '2026-11-25T08:00:00.000Z',
  },
});

/** The same lost line, as the cause of a revenue drop. */
export const adsTxtCause = {
  effect: 'ADS_TXT_LINES_LOST' as const,
  revenueAtStake: 512.4,
  share: 0.25,
  entry: null,
  adsTxtChange: {
    id: 9,
    siteId: 7,
    domain: 'atlasnews.com',
    kind: 'ads.txt' as const,
    at: '2026-11-24T08:00:00.000Z',
    statusBefore: 'AUTHORISED' as const,
    statusAfter: 'MISSING_LINES' as const,
    linesLost: ['adnetwork.example, pub-1001, DIRECT, f08c47fec0942fa0'],
  },
};
