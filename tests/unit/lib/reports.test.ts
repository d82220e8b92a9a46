import { describe, expect, it } from 'vitest';
import {
  availableReportTabs,
  DASHBOARD_REPORT_IDS,
  HELP_REPORT_TABS,
  isReportAvailable,
  isReportType,
  REPORT_TABS,
  REPORT_TYPES,
  reportingFactsOf,
  reportTabFor,
  reportTypeOf,
  TAB_REPORT_IDS,
  type ReportingFacts,
} from '../../../src/lib/reports';

const plain: ReportingFacts = {
  businessUnitId: 1,
  isLegacyJustPremium: false,
  hasSlotRevenue: false,
  hasPassbackAdvertiser: false,
  passbackCampaigns: 0,
  hasInVideoZones: false,
};

/** Every combination of the flags the rule reads, for three business units (US, Japan, legacy just-premium). */
function everyPublisher(): ReportingFacts[] {
  const all: ReportingFacts[] = [];
  for (const [businessUnitId, isLegacyJustPremium] of [[1, false], [5, false], [7, true]] as const) {
    for (const hasSlotRevenue of [false, true]) {
      for (const hasPassbackAdvertiser of [false, true]) {
        for (const passbackCampaigns of [0, 1, 4]) {
          for (const hasInVideoZones of [false, true]) {
            all.push({ businessUnitId, isLegacyJustPremium, hasSlotRevenue, hasPassbackAdvertiser, passbackCampaigns, hasInVideoZones });
          }
        }
      }
    }
  }
  return all;
}

describe('report types', () => {
  it('are the nine of spec section 2, the routes home/{type} accept', () => {
    expect(REPORT_TYPES).toHaveLength(9);
    expect(isReportType('passback-campaigns')).toBe(true);
    expect(isReportType('publisher-campaigns')).toBe(true);
    expect(isReportType('payments')).toBe(false);
    expect(isReportType(undefined)).toBe(false);
  });

  it('give one tab per dashboard: the passback tab shows dashboard 7, publisher-campaigns is no tab of its own', () => {
    expect(REPORT_TABS).toEqual([
      'reporting',
      'advertiser-spend',
      'custom',
      'historical-jp-reporting',
      'slot-revenue',
      'passback-campaigns',
      'in-video-dashboard',
      'in-video-custom',
    ]);
    expect(TAB_REPORT_IDS['passback-campaigns']).toBe(DASHBOARD_REPORT_IDS['publisher-campaigns']);
    expect(new Set(Object.values(TAB_REPORT_IDS)).size).toBe(REPORT_TABS.length);
  });

  it('put the help button on the tabs spec section 2 lists', () => {
    expect([...HELP_REPORT_TABS].sort()).toEqual(
      ['reporting', 'advertiser-spend', 'custom', 'slot-revenue', 'passback-campaigns', 'in-video-dashboard', 'in-video-custom'].sort(),
    );
  });
});

describe('dashboard report ids', () => {
  it('are the spec ids, and map back to their type', () => {
    expect(DASHBOARD_REPORT_IDS).toEqual({
      reporting: 5,
      'advertiser-spend': 4,
      custom: 9,
      'historical-jp-reporting': 10,
      'slot-revenue': 8,
      'publisher-campaigns': 7,
      'in-video-dashboard': 14,
      'in-video-custom': 13,
    });
    expect(reportTypeOf(8)).toBe('slot-revenue');
    expect(reportTypeOf(7)).toBe('publisher-campaigns');
    expect(reportTypeOf(6)).toBeUndefined();
  });
});

describe('the tabs of every publisher flag combination', () => {
  const publishers = everyPublisher();

  it('always include the three standard reports first', () => {
    for (const facts of publishers) expect(availableReportTabs(facts).slice(0, 3)).toEqual(['reporting', 'advertiser-spend', 'custom']);
  });

  it.each(publishers.map((facts) => [JSON.stringify(facts), facts] as const))('%s', (_name, facts) => {
    const tabs = availableReportTabs(facts);
    expect(tabs.includes('slot-revenue')).toBe(facts.hasSlotRevenue && facts.businessUnitId !== 7);
    expect(tabs.includes('passback-campaigns')).toBe(facts.hasPassbackAdvertiser && facts.passbackCampaigns > 0 && facts.businessUnitId !== 7);
    expect(tabs.includes('in-video-dashboard')).toBe(facts.hasInVideoZones);
    expect(tabs.includes('in-video-custom')).toBe(facts.hasInVideoZones);
    expect(tabs.includes('historical-jp-reporting')).toBe(facts.businessUnitId === 5);
    // In tab order, and the alias type always follows its tab.
    expect(tabs).toEqual(REPORT_TABS.filter((tab) => tabs.includes(tab)));
    expect(isReportAvailable('publisher-campaigns', facts)).toBe(tabs.includes('passback-campaigns'));
  });
});

describe('examples', () => {
  it('a plain publisher sees the three standard reports only', () => {
    expect(availableReportTabs(plain)).toEqual(['reporting', 'advertiser-spend', 'custom']);
  });

  it('a publisher with everything sees every tab', () => {
    const everything = { ...plain, businessUnitId: 5, hasSlotRevenue: true, hasPassbackAdvertiser: true, passbackCampaigns: 2, hasInVideoZones: true };
    expect(availableReportTabs(everything)).toEqual(REPORT_TABS);
  });

  it('a legacy just-premium publisher with slot revenue and passback campaigns gets neither tab, but in-video', () => {
    const legacy = { ...plain, businessUnitId: 7, isLegacyJustPremium: true, hasSlotRevenue: true, hasPassbackAdvertiser: true, passbackCampaigns: 3, hasInVideoZones: true };
    expect(availableReportTabs(legacy)).toEqual(['reporting', 'advertiser-spend', 'custom', 'in-video-dashboard', 'in-video-custom']);
  });
});

describe('reportTabFor (where home/{type} lands)', () => {
  const atlas = { ...plain, hasSlotRevenue: true, hasPassbackAdvertiser: true, passbackCampaigns: 3 };

  it('keeps a tab the publisher may see', () => {
    expect(reportTabFor('slot-revenue', atlas)).toBe('slot-revenue');
    expect(reportTabFor('custom', plain)).toBe('custom');
  });

  it('lands publisher-campaigns on the passback tab', () => {
    expect(reportTabFor('publisher-campaigns', atlas)).toBe('passback-campaigns');
  });

  it('sends unknown types and types the publisher may not see to reporting', () => {
    expect(reportTabFor('nonsense', atlas)).toBe('reporting');
    expect(reportTabFor(undefined, atlas)).toBe('reporting');
    expect(reportTabFor('slot-revenue', plain)).toBe('reporting');
    expect(reportTabFor('publisher-campaigns', plain)).toBe('reporting');
    expect(reportTabFor('historical-jp-reporting', plain)).toBe('reporting');
  });
});

describe('reportingFactsOf', () => {
  it('reads the facts from the API publisher', () => {
    const publisher = {
      businessUnit: { id: 7 },
      hasSlotRevenue: true,
      passbackAdvertiser: { id: 1001, name: 'Ad' },
      passbackCampaigns: 2,
      hasInVideoZones: false,
    };
    expect(reportingFactsOf(publisher)).toEqual({
      businessUnitId: 7,
      isLegacyJustPremium: true,
      hasSlotRevenue: true,
      hasPassbackAdvertiser: true,
      passbackCampaigns: 2,
      hasInVideoZones: false,
    });
    expect(reportingFactsOf({ ...publisher, passbackAdvertiser: null }).hasPassbackAdvertiser).toBe(false);
  });
});
