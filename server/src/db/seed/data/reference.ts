/**
 * Small constant tables for the seed. Ids given by the spec (sections 3 and 9) are kept as given; where the spec is
 * silent, the choice made here is stated next to the table and nowhere else, so the rest of the code imports it.
 */
import { BUSINESS_UNIT_IDS, LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID } from '../../../../../src/lib/businessUnits';

// --- Business units (spec: "region ids") --------------------------------------------------------------------

export interface BusinessUnit {
  id: number;
  code: string;
  name: string;
  /** Legacy just-premium publishers lose access to zones, blocks, inclusive inventory and previous payments. */
  legacyJustPremium: boolean;
}

// The ids themselves (and the choice of 7 for the legacy unit, which the spec leaves open) live in one place
// shared with the console, so both sides agree on who is legacy.
export { BUSINESS_UNIT_IDS, LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID };

export const businessUnits: readonly BusinessUnit[] = [
  { id: BUSINESS_UNIT_IDS.US, code: 'US', name: 'United States', legacyJustPremium: false },
  { id: BUSINESS_UNIT_IDS.UK, code: 'UK', name: 'United Kingdom', legacyJustPremium: false },
  { id: BUSINESS_UNIT_IDS.AUS, code: 'AUS', name: 'Australia', legacyJustPremium: false },
  { id: BUSINESS_UNIT_IDS.EU, code: 'EU', name: 'Europe', legacyJustPremium: false },
  { id: BUSINESS_UNIT_IDS.JAP, code: 'JAP', name: 'Japan', legacyJustPremium: false },
  { id: BUSINESS_UNIT_IDS.CAN, code: 'CAN', name: 'Canada', legacyJustPremium: false },
  { id: LEGACY_JUST_PREMIUM_BUSINESS_UNIT_ID, code: 'JUST_PREMIUM', name: 'Just Premium (legacy)', legacyJustPremium: true },
];

// --- Products / services ----------------------------------------------------------------------------------------

export type ProductKey = 'inImage' | 'inScreen' | 'inContent' | 'inSlot' | 'inVideo' | 'video';

export interface Product {
  id: number;
  key: ProductKey;
  /** Service name as the API returns it in zone services ({service {id, name}}). */
  name: string;
  /** Short label shown in the product lists. */
  label: string;
  /**
   * The spec says only that app zones restrict the available products. Our choice: formats that need a web page
   * around them (in-image, in-screen, native in-content) are web-only; slot, in-video and video also run in apps.
   */
  allowedForApps: boolean;
}

export const products: readonly Product[] = [
  { id: 5, key: 'inImage', name: 'InImage Ads', label: 'In-Image', allowedForApps: false },
  { id: 12, key: 'inScreen', name: 'InScreen Ads', label: 'In-Screen', allowedForApps: false },
  { id: 13, key: 'inSlot', name: 'InSlot Ads', label: 'In-Slot', allowedForApps: true },
  { id: 14, key: 'inContent', name: 'Native Ads', label: 'In-Content', allowedForApps: false },
  { id: 15, key: 'inVideo', name: 'InVideo Ads', label: 'In-Video', allowedForApps: true },
  { id: 16, key: 'video', name: 'Video Ads', label: 'Video', allowedForApps: true },
];

export const PRODUCT_IDS = { inImage: 5, inScreen: 12, inSlot: 13, inContent: 14, inVideo: 15, video: 16 } as const;

// --- Platform (zone) types ----------------------------------------------------------------------------------------

export interface PlatformType {
  id: number;
  key: 'website' | 'app';
  name: string;
}

export const platformTypes: readonly PlatformType[] = [
  { id: 1, key: 'website', name: 'Website' },
  { id: 3, key: 'app', name: 'App' },
];

export const PLATFORM_TYPE_IDS = { website: 1, app: 3 } as const;

// --- Slot sizes ------------------------------------------------------------------------------------------------

export interface SlotSize {
  id: number;
  /** 'WxH' for fixed sizes; the UI shows 'Flex size' for the flex one (spec section 3). */
  name: string;
  width: number;
  height: number;
  flex: boolean;
}

/**
 * The spec fixes only the default new-slot size id 4, which must be the most common size, 300x250. Numbering: the
 * common sizes keep their usual order (728x90, 320x50, 300x600, ...) with 300x250 moved to id 4; flex is id 9.
 */
export const DEFAULT_SLOT_SIZE_ID = 4;
export const FLEX_SLOT_SIZE_ID = 9;

export const slotSizes: readonly SlotSize[] = [
  { id: 1, name: '728x90', width: 728, height: 90, flex: false },
  { id: 2, name: '320x50', width: 320, height: 50, flex: false },
  { id: 3, name: '300x600', width: 300, height: 600, flex: false },
  { id: DEFAULT_SLOT_SIZE_ID, name: '300x250', width: 300, height: 250, flex: false },
  { id: 5, name: '160x600', width: 160, height: 600, flex: false },
  { id: 6, name: '970x250', width: 970, height: 250, flex: false },
  { id: 7, name: '320x100', width: 320, height: 100, flex: false },
  { id: 8, name: '336x280', width: 336, height: 280, flex: false },
  { id: FLEX_SLOT_SIZE_ID, name: 'Flex', width: 0, height: 0, flex: true },
];

// --- Slot implementation types and placements --------------------------------------------------------------------

export interface ImplementationType {
  id: number;
  name: string;
  type: 'slot';
}

/** Spec section 9: what each id copies (1 script + div, 2 slot id, 3 bid URL, 4 AMP = JS tag with placement 2). */
export const DEFAULT_IMPLEMENTATION_TYPE_ID = 2;

export const implementationTypes: readonly ImplementationType[] = [
  { id: 1, name: 'JavaScript tag', type: 'slot' },
  { id: DEFAULT_IMPLEMENTATION_TYPE_ID, name: 'Slot ID', type: 'slot' },
  { id: 3, name: 'Bid URL', type: 'slot' },
  { id: 4, name: 'AMP tag', type: 'slot' },
];

export interface IdName {
  id: number;
  name: string;
}

/** The spec names the in-slot placement but not its values; these are ours. New slot rows start with none. */
export const inSlotPlacements: readonly IdName[] = [
  { id: 1, name: 'Above the fold' },
  { id: 2, name: 'Below the fold' },
  { id: 3, name: 'Sidebar' },
  { id: 4, name: 'In-article' },
  { id: 5, name: 'Footer' },
];

// --- Zone classification ----------------------------------------------------------------------------------------

/** Zone vertical {id}: values not in the spec; ours. */
export const verticals: readonly IdName[] = [
  { id: 1, name: 'News' },
  { id: 2, name: 'Sports' },
  { id: 3, name: 'Finance' },
  { id: 4, name: 'Technology' },
  { id: 5, name: 'Entertainment' },
  { id: 6, name: 'Lifestyle' },
  { id: 7, name: 'Travel' },
  { id: 8, name: 'Automotive' },
  { id: 9, name: 'Health' },
  { id: 10, name: 'Gaming' },
  { id: 11, name: 'Education' },
  { id: 12, name: 'Food' },
];

/** Zone grade {id}: values not in the spec; ours. */
export const zoneGrades: readonly IdName[] = [
  { id: 1, name: 'A' },
  { id: 2, name: 'B' },
  { id: 3, name: 'C' },
];

/** Self identifier options for zone domains (spec: id, name, selected); the list is ours. */
export const selfIdentifiers: readonly IdName[] = [
  { id: 1, name: 'Publisher first-party ID' },
  { id: 2, name: 'UID 2.0' },
  { id: 3, name: 'ID5' },
  { id: 4, name: 'LiveRamp RampID' },
  { id: 5, name: 'Criteo ID' },
  { id: 6, name: 'SharedID' },
  { id: 7, name: 'Yahoo ConnectID' },
  { id: 8, name: 'Panorama ID' },
  { id: 9, name: 'Utiq' },
  { id: 10, name: 'IntentIQ ID' },
];

// --- ads.txt ----------------------------------------------------------------------------------------------------

export interface AdsTxtLine {
  exchangeDomain: string;
  sellerAccountId: string;
  accountType: 'DIRECT' | 'RESELLER';
  /** TAG-ID certification authority id. */
  tagId?: string;
}

/** The network's own TAG-ID (fictional). */
export const NETWORK_TAG_ID = '7f3a9c21e5b04d68';

/** All exchange domains and TAG-IDs below are fictional. */
export const adsTxtLines: readonly AdsTxtLine[] = [
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10001', accountType: 'DIRECT', tagId: NETWORK_TAG_ID },
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10002', accountType: 'DIRECT', tagId: NETWORK_TAG_ID },
  { exchangeDomain: 'brightbid-exchange.example', sellerAccountId: 'pub-4821937', accountType: 'RESELLER', tagId: 'a1c4e7f0b2d59836' },
  { exchangeDomain: 'openmarket-ssp.example', sellerAccountId: '558213', accountType: 'RESELLER' },
  { exchangeDomain: 'tidewater-ads.example', sellerAccountId: 'TW-90417', accountType: 'RESELLER', tagId: '3e8b1d6fa9c20475' },
  { exchangeDomain: 'meridian-rtb.example', sellerAccountId: '20931', accountType: 'RESELLER' },
  { exchangeDomain: 'kestrel-video.example', sellerAccountId: 'kv-77120', accountType: 'RESELLER', tagId: 'c95f02a7e41b8d36' },
  { exchangeDomain: 'lumen-exchange.example', sellerAccountId: '1180442', accountType: 'RESELLER' },
  { exchangeDomain: 'harborline-ssp.example', sellerAccountId: 'HL-3321', accountType: 'RESELLER', tagId: '0d7e4b92c6a1f853' },
  { exchangeDomain: 'northstar-ads.example', sellerAccountId: '66019', accountType: 'RESELLER' },
  { exchangeDomain: 'pinnacle-native.example', sellerAccountId: 'pn-40552', accountType: 'RESELLER' },
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10003', accountType: 'RESELLER', tagId: NETWORK_TAG_ID },
];

// Dashboard report ids (spec section 9) are in src/lib/reports.ts, shared by the console tabs and the server.

// --- Payment ledger -----------------------------------------------------------------------------------------------

export interface PaymentLedgerTemplate {
  key: 'earnings' | 'adjustment' | 'paymentCheck' | 'paymentPaypal' | 'paymentAch' | 'paymentBankTransfer'
    | 'carryOver' | 'invalidTraffic';
  /** Placeholders in braces: {month} (e.g. 'March 2024'), {reference}. */
  template: string;
  /** +1 adds to the publisher's balance, -1 takes from it (payments out, deductions). */
  sign: 1 | -1;
}

/**
 * Payments go by check, PayPal or ACH (net 60, $50 minimum); Japanese publishers get bank transfers (10,000 yen
 * minimum, smaller balances carried over) — spec section 9.
 */
export const paymentLedgerTemplates: readonly PaymentLedgerTemplate[] = [
  { key: 'earnings', template: 'Earnings for {month}', sign: 1 },
  { key: 'adjustment', template: 'Revenue adjustment for {month}', sign: 1 },
  { key: 'invalidTraffic', template: 'Invalid traffic deduction for {month}', sign: -1 },
  { key: 'paymentCheck', template: 'Payment by check #{reference}', sign: -1 },
  { key: 'paymentPaypal', template: 'Payment via PayPal ({reference})', sign: -1 },
  { key: 'paymentAch', template: 'Payment via ACH transfer ({reference})', sign: -1 },
  { key: 'paymentBankTransfer', template: 'Bank transfer payment ({reference})', sign: -1 },
  { key: 'carryOver', template: 'Balance carried over from {month} (below payment minimum)', sign: 1 },
];

/** Fills {placeholders}; an unknown placeholder is a seed bug, so it throws. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`no value for {${key}} in "${template}"`);
    return value;
  });
}
