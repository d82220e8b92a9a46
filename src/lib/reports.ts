/**
 * Reporting (spec section 2 'Reporting', section 9 report ids): the report types, their dashboard ids, and which
 * ones a publisher may see. This one list drives the routes (home/{type}), the tabs and the dashboard ids: the
 * console shows a tab only when `isReportAvailable` says so, and the server refuses a dashboard address for the
 * others, so both follow this one rule.
 *
 * Rules:
 * - reporting, advertiser-spend and custom: every publisher.
 * - slot-revenue: the publisher has slot revenue and is not legacy just-premium.
 * - publisher-campaigns and passback-campaigns (the 'passback campaigns' tab): a passback advertiser is set,
 *   there is at least one passback campaign, and the publisher is not legacy just-premium.
 * - in-video-dashboard and in-video-custom: the publisher has in-video zones.
 * - historical-jp-reporting: the spec names the report but no condition. Our choice: only publishers of the
 *   Japanese business unit (id 5), whose pre-migration history it holds; its name says so.
 *
 * Section 2 names nine types, section 9 gives eight dashboard ids: passback-campaigns has no id of its own. It is
 * a route of the list, and has a tab only once it is given a dashboard (the tabs are the types with an id).
 */

/** Spec section 2, in tab order. */
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

/** Spec section 9: the dashboard of each report type that has one. */
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

export function isReportType(value: string | undefined): value is ReportType {
  return (REPORT_TYPES as readonly (string | undefined)[]).includes(value);
}

function hasDashboard(type: ReportType): type is DashboardReportType {
  return Object.hasOwn(DASHBOARD_REPORT_IDS, type);
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

/** The report tabs a publisher may see, in the spec's tab order. */
export function availableReportTypes(facts: ReportingFacts): DashboardReportType[] {
  return REPORT_TYPES.filter(hasDashboard).filter((type) => isReportAvailable(type, facts));
}
