/**
 * The contract's limits (openapi/portal.yaml) and the spec's list sizes (section 9), written once for the console
 * and the server. The contract's are read from its generated rules (openapi/portal.rules.ts, `npm run api:types`):
 * a maxLength changed in the contract moves the form's limit with it. tests/unit/lib/limits.test.ts reads the
 * contract itself and fails when a value here no longer matches the maxLength / maximum / maxItems it comes from.
 */
import {
  addBlockedUrls,
  changePassword,
  createRestrictions,
  deleteRestrictions,
  getRevenueAtStake,
  importRestrictions,
  login,
  requestSlots,
  requestZone,
  searchAdvertisers,
  searchPublishers,
  searchRestrictions,
  searchZones,
} from '../../openapi/portal.rules';

/** The contract's Email pattern and length (src/lib/email.ts) and NewPassword's minLength (src/lib/password.ts). */
export const CONTRACT_EMAIL_PATTERN: string = login.body.email.patterns[0];
export const CONTRACT_EMAIL_MAX_LENGTH: number = login.body.email.maxLength;
export const MIN_NEW_PASSWORD_LENGTH: number = changePassword.body.newPassword.minLength;

/** Every id of the contract (schemas.Id maximum: int32). */
export const MAX_ID = requestZone.body.userId.maximum;

/** Spec section 9: page size options of every paged list. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** The contract's largest page (parameters.Size maximum). */
export const MAX_PAGE_SIZE = searchZones.query.size.maximum;

/** Search terms: publisher searchTerm, zone names, advertiser partialName (maxLength). */
export const MAX_SEARCH_TERM_LENGTH = searchPublishers.query.searchTerm.maxLength;
/** Spec section 9: the publisher search's maxResults default and the advertiser search's size. */
export const MAX_SEARCH_RESULTS = searchAdvertisers.query.size.maximum;
/** Spec section 5: the advertiser search starts at 2 characters (partialName minLength). */
export const MIN_ADVERTISER_SEARCH_LENGTH = searchAdvertisers.query.partialName.minLength;

/** schemas.ZoneName maxLength. */
export const MAX_ZONE_NAME_LENGTH = requestZone.body.name.maxLength;
/** ZoneRequest.domains maxItems: domains or app-store URLs of one new zone. */
export const MAX_ZONE_ENTRIES = requestZone.body.domains.maxItems;
/** SlotRequestBulk.slots maxItems and the slot name's maxLength. */
export const MAX_SLOT_ROWS = requestSlots.body.slots.maxItems;
export const MAX_SLOT_NAME_LENGTH = requestSlots.body['slots[].name'].maxLength;
/** AssetUrlFilterPatternBulk: patterns of one request, and one pattern's length. */
export const MAX_BLOCKED_URLS_PER_REQUEST = addBlockedUrls.body.zoneAssetUrlFilterPatternParamList.maxItems;
export const MAX_BLOCKED_URL_LENGTH = addBlockedUrls.body['zoneAssetUrlFilterPatternParamList[].pattern'].maxLength;
/** deleteRestrictions body maxItems: restriction ids removed by one call. */
export const MAX_RESTRICTION_IDS_PER_DELETE = deleteRestrictions.body[''].maxItems;
/** The blocked lists' filter (searchRestrictions' searchTerm). */
export const MAX_RESTRICTION_SEARCH_LENGTH = searchRestrictions.query.searchTerm.maxLength;
/** RestrictionBulk restrictions maxItems: the values of one type a bulk add creates. */
export const MAX_RESTRICTIONS_PER_CREATE = createRestrictions.body['[].restrictions'].maxItems;
/** RevenueAtStakeRequest.items maxItems: the items one revenue-at-stake call prices. */
export const MAX_REVENUE_AT_STAKE_ITEMS = getRevenueAtStake.body.items.maxItems;
/** RestrictionImport.entries maxItems: the lines of one blocklist import (25,000 of each type). */
export const MAX_IMPORT_ENTRIES = importRestrictions.body.entries.maxItems;

/**
 * Caps of what the server keeps or answers, so every list and text of an answer has a bound the contract states
 * (issue 31: the contract bounds every field). The server refuses a write that would pass a stored cap.
 */
/** Blocked URLs of one zone (listBlockedUrls' maxItems); addBlockedUrls refuses past it. */
export const MAX_BLOCKED_URLS_PER_ZONE = 10_000;
/** Slots of one zone (listSlots' maxItems); requestSlots refuses past it. */
export const MAX_SLOTS_PER_ZONE = 1_000;
/** Blocks of one type on one publisher or zone (a zone's list also shows its publisher's: RestrictionGroup maxItems is twice this). */
export const MAX_BLOCKS_PER_TYPE = 100_000;
/** Authors listed by listHistoryAuthors, by name. */
export const MAX_HISTORY_AUTHORS = 1_000;
/** Zones listed per month by getPaymentEarnings (largest first; the month's reportRevenue counts every zone). */
export const MAX_EARNINGS_ZONES = 1_000;
/** Publishers listed in TwoFactorStatus.requiredBy. */
export const MAX_REQUIRED_BY = 1_000;
/** Error answers: at most this many details (the first ones), each field and message at most MAX_ERROR_TEXT_LENGTH. */
export const MAX_ERROR_DETAILS = 1_000;
export const MAX_ERROR_TEXT_LENGTH = 1_000;
/** A CSV answer (exports, the weekly summary), in characters. */
export const MAX_CSV_LENGTH = 100_000_000;
/** A framed HTML page (dashboards, payment provider), in characters. */
export const MAX_FRAME_PAGE_LENGTH = 5_000_000;
