/**
 * Reporting (spec section 2 'Reporting', section 9 report ids): the report types, their dashboard ids, which ones
 * a publisher may see and where an address home/{type} lands. This one list drives the routes, the tabs, the help
 * button and the dashboard ids: the console shows a tab only when `isReportAvailable` says so, and the server
 * refuses a dashboard address for the others, so both follow this one rule.
 *
 * Rules:
 * - reporting, advertiser-spend and custom: every publisher.
 * - slot-revenue: the publisher has slot revenue and is not legacy just-premium.
 * - passback-campaigns (and publisher-campaigns, the same dashboard): a passback advertiser is set, there is at
 *   least one passback campaign, and the publisher is not legacy just-premium.
 * - in-video-dashboard and in-video-custom: the publisher has in-video zones.
 * - historical-jp-reporting: the spec names the report but no condition. Our choice: only publishers of the
 *   Japanese business unit (id 5), whose pre-migration history it holds; its name says so.
 *
 * Section 2 names nine types, section 9 gives eight dashboard ids: passback-campaigns has none of its own, and
 * section 2 lists 'passback campaigns' as the extra tab while naming no tab 'publisher campaigns'. Our choice: the
 * passback tab is /home/passback-campaigns and shows dashboard 7 (publisher-campaigns, the publisher's passback
 * campaigns); /home/publisher-campaigns, the same dashboard, lands on that tab. One tab, one dashboard.
 */
import { isLegacyJustPremium } from './businessUnits';

/** Spec section 2, in the spec's order: the types home/{type} knows. */
export const REPORT_TYPES = [
  'reporting',
  'advertiser-spend',
  'custom',
  'historical-jp-reporting',
  'slot-revenue',
  'publisher-campaigns',
  'passback-campaigns',
  'in-video-dashboard',
  'in-video-custom',
] as const;

export type ReportType = (typeof REPORT_TYPES)[number];

/** Spec section 9: the dashboard of each report type the dashboard service knows. */
export const DASHBOARD_REPORT_IDS = {
  reporting: 5,
  'advertiser-spend': 4,
  custom: 9,
  'historical-jp-reporting': 10,
  'slot-revenue': 8,
  'publisher-campaigns': 7,
  'in-video-dashboard': 14,
  'in-video-custom': 13,
} as const satisfies Partial<Record<ReportType, number>>;

export type DashboardReportType = keyof typeof DASHBOARD_REPORT_IDS;
export type DashboardReportId = (typeof DASHBOARD_REPORT_IDS)[DashboardReportType];

/** The tabs, in tab order: every type but publisher-campaigns, whose dashboard the passback tab shows. */
export const REPORT_TABS = [
  'reporting',
  'advertiser-spend',
  'custom',
  'historical-jp-reporting',
  'slot-revenue',
  'passback-campaigns',
  'in-video-dashboard',
  'in-video-custom',
] as const satisfies readonly ReportType[];

export type ReportTab = (typeof REPORT_TABS)[number];

/** Types that are another tab's address. */
const TAB_OF_ALIAS: Partial<Record<ReportType, ReportTab>> = { 'publisher-campaigns': 'passback-campaigns' };

/** The dashboard each tab shows. */
export const TAB_REPORT_IDS: Readonly<Record<ReportTab, DashboardReportId>> = {
  reporting: DASHBOARD_REPORT_IDS.reporting,
  'advertiser-spend': DASHBOARD_REPORT_IDS['advertiser-spend'],
  custom: DASHBOARD_REPORT_IDS.custom,
  'historical-jp-reporting': DASHBOARD_REPORT_IDS['historical-jp-reporting'],
  'slot-revenue': DASHBOARD_REPORT_IDS['slot-revenue'],
  'passback-campaigns': DASHBOARD_REPORT_IDS['publisher-campaigns'],
  'in-video-dashboard': DASHBOARD_REPORT_IDS['in-video-dashboard'],
  'in-video-custom': DASHBOARD_REPORT_IDS['in-video-custom'],
};

/** Spec section 2: the tabs with the floating help button (the FAQ). */
export const HELP_REPORT_TABS: readonly ReportTab[] = [
  'reporting',
  'advertiser-spend',
  'custom',
  'slot-revenue',
  'passback-campaigns',
  'in-video-dashboard',
  'in-video-custom',
];

export const DEFAULT_REPORT_TAB: ReportTab = 'reporting';

export function isReportType(value: string | undefined): value is ReportType {
  return (REPORT_TYPES as readonly (string | undefined)[]).includes(value);
}

function isReportTab(value: string): value is ReportTab {
  return (REPORT_TABS as readonly string[]).includes(value);
}

/** Business unit whose publishers see the historical Japanese reporting. */
export const JAPAN_BUSINESS_UNIT_ID = 5;

/** The publisher facts the rule needs; the API's Publisher carries each of them. */
export interface ReportingFacts {
  businessUnitId: number;
  isLegacyJustPremium: boolean;
  hasSlotRevenue: boolean;
  hasPassbackAdvertiser: boolean;
  passbackCampaigns: number;
  hasInVideoZones: boolean;
}

const REPORT_TYPE_BY_ID = new Map<number, DashboardReportType>(
  (Object.entries(DASHBOARD_REPORT_IDS) as [DashboardReportType, DashboardReportId][]).map(([type, id]) => [id, type]),
);

export function reportTypeOf(reportId: number): DashboardReportType | undefined {
  return REPORT_TYPE_BY_ID.get(reportId);
}

export function isReportAvailable(type: ReportType, facts: ReportingFacts): boolean {
  switch (type) {
    case 'reporting':
    case 'advertiser-spend':
    case 'custom':
      return true;
    case 'slot-revenue':
      return facts.hasSlotRevenue && !facts.isLegacyJustPremium;
    case 'publisher-campaigns':
    case 'passback-campaigns':
      return facts.hasPassbackAdvertiser && facts.passbackCampaigns > 0 && !facts.isLegacyJustPremium;
    case 'in-video-dashboard':
    case 'in-video-custom':
      return facts.hasInVideoZones;
    case 'historical-jp-reporting':
      return facts.businessUnitId === JAPAN_BUSINESS_UNIT_ID;
  }
}

/** The report tabs a publisher may see, in tab order. */
export function availableReportTabs(facts: ReportingFacts): ReportTab[] {
  return REPORT_TABS.filter((tab) => isReportAvailable(tab, facts));
}

/**
 * The tab an address home/{value} shows: the tab itself, the tab an alias names, or the default tab when the
 * value is no report type or one this publisher may not see (the page then moves the address there).
 */
export function reportTabFor(value: string | undefined, facts: ReportingFacts): ReportTab {
  if (!isReportType(value)) return DEFAULT_REPORT_TAB;
  const tab = TAB_OF_ALIAS[value] ?? (isReportTab(value) ? value : undefined);
  return tab !== undefined && isReportAvailable(tab, facts) ? tab : DEFAULT_REPORT_TAB;
}

/** The facts of a publisher as the API gives it (contract Publisher). */
export function reportingFactsOf(publisher: {
  businessUnit: { id: number };
  hasSlotRevenue: boolean;
  passbackAdvertiser: object | null;
  passbackCampaigns: number;
  hasInVideoZones: boolean;
}): ReportingFacts {
  return {
    businessUnitId: publisher.businessUnit.id,
    isLegacyJustPremium: isLegacyJustPremium(publisher),
    hasSlotRevenue: publisher.hasSlotRevenue,
    hasPassbackAdvertiser: publisher.passbackAdvertiser !== null,
    passbackCampaigns: publisher.passbackCampaigns,
    hasInVideoZones: publisher.hasInVideoZones,
  };
}
