import { describe, expect, it } from 'vitest';
import {
  availableReportTypes,
  DASHBOARD_REPORT_IDS,
  isReportAvailable,
  isReportType,
  REPORT_TYPES,
  reportTypeOf,
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

describe('report types', () => {
  it('are the nine of spec section 2, in tab order, the routes home/{type} accept', () => {
    expect(REPORT_TYPES).toEqual([
      'reporting',
      'advertiser-spend',
      'custom',
      'historical-jp-reporting',
      'slot-revenue',
      'publisher-campaigns',
      'passback-campaigns',
      'in-video-dashboard',
      'in-video-custom',
    ]);
    expect(isReportType('passback-campaigns')).toBe(true);
    expect(isReportType('payments')).toBe(false);
    expect(isReportType(undefined)).toBe(false);
  });

  it('give a tab only to a type with a dashboard: passback-campaigns has none of its own', () => {
    const everything = { ...plain, businessUnitId: 5, hasSlotRevenue: true, hasPassbackAdvertiser: true, passbackCampaigns: 2, hasInVideoZones: true };
    expect(isReportAvailable('passback-campaigns', everything)).toBe(true);
    expect(availableReportTypes(everything)).toEqual(REPORT_TYPES.filter((type) => type !== 'passback-campaigns'));
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
    expect(reportTypeOf(6)).toBeUndefined();
  });
});

describe('isReportAvailable', () => {
  it('gives every publisher the three standard reports only', () => {
    expect(availableReportTypes(plain)).toEqual(['reporting', 'advertiser-spend', 'custom']);
  });

  it('shows slot revenue only with slot revenue and not for legacy publishers', () => {
    expect(isReportAvailable('slot-revenue', { ...plain, hasSlotRevenue: true })).toBe(true);
    expect(isReportAvailable('slot-revenue', { ...plain, hasSlotRevenue: true, isLegacyJustPremium: true })).toBe(false);
  });

  it('shows passback campaigns only with an advertiser and at least one campaign, not for legacy publishers', () => {
    const passback = { ...plain, hasPassbackAdvertiser: true, passbackCampaigns: 2 };
    expect(isReportAvailable('publisher-campaigns', passback)).toBe(true);
    expect(isReportAvailable('publisher-campaigns', { ...passback, passbackCampaigns: 0 })).toBe(false);
    expect(isReportAvailable('publisher-campaigns', { ...passback, hasPassbackAdvertiser: false })).toBe(false);
    expect(isReportAvailable('publisher-campaigns', { ...passback, isLegacyJustPremium: true })).toBe(false);
  });

  it('shows both in-video reports with in-video zones', () => {
    expect(availableReportTypes({ ...plain, hasInVideoZones: true })).toEqual([
      'reporting',
      'advertiser-spend',
      'custom',
      'in-video-dashboard',
      'in-video-custom',
    ]);
  });

  it('shows historical Japanese reporting to Japanese publishers only', () => {
    expect(isReportAvailable('historical-jp-reporting', { ...plain, businessUnitId: 5 })).toBe(true);
    expect(isReportAvailable('historical-jp-reporting', { ...plain, businessUnitId: 2 })).toBe(false);
  });
});
