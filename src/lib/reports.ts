/**
 * Reporting dashboards (spec section 2 'Reporting', section 9 report ids): which report types exist, their
 * dashboard ids, and which ones a publisher may see. The console shows a tab only when `isReportAvailable`
 * says so; the server refuses a dashboard address for the others, so both follow this one rule.
 *
 * Rules:
 * - reporting, advertiser-spend and custom: every publisher.
 * - slot-revenue: the publisher has slot revenue and is not legacy just-premium.
 * - publisher-campaigns (the 'passback campaigns' tab): a passback advertiser is set, there is at least one
 *   passback campaign, and the publisher is not legacy just-premium.
 * - in-video-dashboard and in-video-custom: the publisher has in-video zones.
 * - historical-jp-reporting: the spec names the report but no condition. Our choice: only publishers of the
 *   Japanese business unit (id 5), whose pre-migration history it holds; its name says so.
 */

export const DASHBOARD_REPORT_IDS = {
  reporting: 5,
  'advertiser-spend': 4,
  custom: 9,
  'historical-jp-reporting': 10,
  'slot-revenue': 8,
  'publisher-campaigns': 7,
  'in-video-dashboard': 14,
  'in-video-custom': 13,
} as const;

export type ReportType = keyof typeof DASHBOARD_REPORT_IDS;
export type DashboardReportId = (typeof DASHBOARD_REPORT_IDS)[ReportType];

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

const REPORT_TYPE_BY_ID = new Map<number, ReportType>(
  (Object.entries(DASHBOARD_REPORT_IDS) as [ReportType, DashboardReportId][]).map(([type, id]) => [id, type]),
);

export function reportTypeOf(reportId: number): ReportType | undefined {
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
      return facts.hasPassbackAdvertiser && facts.passbackCampaigns > 0 && !facts.isLegacyJustPremium;
    case 'in-video-dashboard':
    case 'in-video-custom':
      return facts.hasInVideoZones;
    case 'historical-jp-reporting':
      return facts.businessUnitId === JAPAN_BUSINESS_UNIT_ID;
  }
}

/** The report types a publisher may see, in the spec's tab order. */
export function availableReportTypes(facts: ReportingFacts): ReportType[] {
  return (Object.keys(DASHBOARD_REPORT_IDS) as ReportType[]).filter((type) => isReportAvailable(type, facts));
}
