// A request for each operation of the contract for a publisher, valid by the contract, for Atlas News (or its zone
// 1007), shared by the role matrix (tests/server/roles.test.ts) and the API keys' scope matrix
// (tests/server/apiKeys.test.ts). Writes are harmless there: each either changes that file's copy of the data or
// fails after the role check (a missing id, a member already there).
import type { InjectOptions } from 'fastify';
import { DEMO } from '../../server/src/db/seed/demo';
import type { OperationId } from '../../src/lib/roles';

export const ATLAS = DEMO.publishers.atlasNews;
export const ZONE = DEMO.zones.atlasNoSlots;
export const NOT_A_MEMBER = DEMO.users.solo;
export const MISSING = 999_999;

const publisher = `/external/publishers/${ATLAS}`;
const restrictions = `/external/publisher/${ATLAS}/restrictions`;
const block = [{ clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: ['*.roles-matrix.example'] }];

/** `userId`: the caller's own id, for the calls that name it (an API key: its maker's). */
export const REQUESTS: Partial<Record<OperationId, (userId: number) => InjectOptions>> = {
  getPublisher: () => ({ method: 'GET', url: publisher }),
  acceptGdpr: () => ({ method: 'PATCH', url: `${publisher}/accept-gdpr` }),
  listMembers: () => ({ method: 'GET', url: `${publisher}/members` }),
  updateMember: () => ({ method: 'PATCH', url: `${publisher}/members/${NOT_A_MEMBER}`, payload: { role: 'VIEWER' } }),
  removeMember: () => ({ method: 'DELETE', url: `${publisher}/members/${NOT_A_MEMBER}` }),
  resetMemberTwoFactor: () => ({ method: 'POST', url: `${publisher}/members/${NOT_A_MEMBER}/two-factor/reset` }),
  listInvitations: () => ({ method: 'GET', url: `${publisher}/invitations` }),
  createInvitation: () => ({ method: 'POST', url: `${publisher}/invitations`, payload: { email: 'multi@publisher.example', role: 'VIEWER' } }),
  revokeInvitation: () => ({ method: 'DELETE', url: `${publisher}/invitations/${MISSING}` }),
  setTwoFactorRequirement: () => ({ method: 'PUT', url: `${publisher}/two-factor-requirement`, payload: { required: false } }),
  getAdsTxt: () => ({ method: 'GET', url: `/external/ads-txt?publisherId=${ATLAS}` }),
  listAdsTxtSites: () => ({ method: 'GET', url: `${publisher}/ads-txt-sites` }),
  getAdsTxtSite: () => ({ method: 'GET', url: `${publisher}/ads-txt-sites/${MISSING}` }),
  getSellersJsonSetting: () => ({ method: 'GET', url: `${publisher}/sellers-json-setting` }),
  setSellersJsonSetting: () => ({ method: 'PUT', url: `${publisher}/sellers-json-setting`, payload: { confidential: false } }),
  checkAdsTxtSite: () => ({ method: 'POST', url: `${publisher}/ads-txt-sites/${MISSING}/check` }),
  listZoneDomainSelfIdentifiers: () => ({ method: 'GET', url: `${publisher}/zone-domain-self-identifiers` }),
  saveZoneDomainSelfIdentifiers: () => ({ method: 'POST', url: `${publisher}/zone-domain-self-identifiers`, payload: [{ zoneDomainId: MISSING, selfIdentifierIds: [] }] }),
  listReportRows: () => ({ method: 'GET', url: `${publisher}/reports/reporting/rows?from=2026-01-01&to=2026-01-31` }),
  exportReportRows: () => ({ method: 'GET', url: `${publisher}/reports/reporting/rows/export?fileType=CSV&from=2026-01-01&to=2026-01-31` }),
  listApiKeys: () => ({ method: 'GET', url: `${publisher}/api-keys` }),
  createApiKey: () => ({ method: 'POST', url: `${publisher}/api-keys`, payload: { name: 'Roles matrix', scopes: ['reports:read'], expiresAt: '2000-01-01T00:00:00Z' } }),
  revokeApiKey: () => ({ method: 'DELETE', url: `${publisher}/api-keys/${MISSING}` }),
  getDashboardUrl: (userId) => ({
    method: 'POST',
    url: '/external/dashboard-service/publishers',
    payload: { userId, firstName: 'A', lastName: 'B', entityId: ATLAS, lookerReportId: 5 },
  }),
  getPaymentProviderUrl: () => ({ method: 'POST', url: '/external/payment-provider-url/billing', payload: { publisherId: String(ATLAS), businessUnitId: '1' } }),
  listPaymentLedger: () => ({ method: 'GET', url: `${publisher}/payment-ledger` }),
  getNextPayment: () => ({ method: 'GET', url: `${publisher}/payment-ledger/next-payment` }),
  getPaymentEarnings: () => ({ method: 'GET', url: `${publisher}/payment-ledger/${MISSING}/earnings` }),
  exportPaymentLedger: () => ({ method: 'GET', url: `${publisher}/payment-ledger/export?fileType=CSV` }),
  listHistory: () => ({ method: 'GET', url: `${publisher}/history` }),
  listHistoryAuthors: () => ({ method: 'GET', url: `${publisher}/history/authors` }),
  undoHistoryEntry: () => ({ method: 'POST', url: `${publisher}/history/${MISSING}/undo` }),
  searchZones: () => ({ method: 'POST', url: `${publisher}/zones/search` }),
  requestZone: (userId) => ({
    method: 'POST',
    url: '/external/request',
    payload: { userId, publisherId: ATLAS, name: 'Roles matrix', domains: ['roles-matrix.example'], typeId: 1, services: [] },
  }),
  getZone: () => ({ method: 'GET', url: `/external/zones/${ZONE}` }),
  updateZone: () => ({ method: 'PUT', url: `/external/zones/${ZONE}`, payload: { name: 'Roles matrix zone', typeId: 1, enabled: true } }),
  listZoneServices: () => ({ method: 'GET', url: `/external/zones/${ZONE}/services` }),
  putZoneServices: () => ({ method: 'PUT', url: '/external/zones/bulk/services', payload: { trackingIds: [ZONE], services: [{ serviceId: 5 }] } }),
  deleteZoneService: () => ({ method: 'DELETE', url: `/external/zones/${ZONE}/services/12` }),
  listBlockedUrls: () => ({ method: 'GET', url: `/external/zones/${ZONE}/asset-url-filter-patterns` }),
  addBlockedUrls: () => ({
    method: 'POST',
    url: `/external/zones/${ZONE}/asset-url-filter-patterns/bulk`,
    payload: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://roles-matrix.example/ad', urlType: 'PAGE', evalType: 'CONTAINS' }] },
  }),
  deleteBlockedUrl: () => ({ method: 'DELETE', url: `/external/zones/${ZONE}/asset-url-filter-patterns/${MISSING}` }),
  getEmbedCodes: () => ({ method: 'GET', url: `/external/zones/embed-codes?trackingIds=${ZONE}` }),
  listSlots: () => ({ method: 'GET', url: `/external/zones/${ZONE}/slots` }),
  requestSlots: () => ({
    method: 'PUT',
    url: `/external/zones/${ZONE}/slots/bulk`,
    payload: { trackingId: ZONE, slots: [{ trackingId: ZONE, slotSizeId: 4, name: 'roles', implementationTypeId: 2, placementId: null, enabled: true }] },
  }),
  exportSlotEmbedCodes: () => ({ method: 'GET', url: `/external/zones/${ZONE}/slots/embed-codes/export?fileType=CSV` }),
  listRestrictions: () => ({ method: 'GET', url: `${restrictions}?restrictionType=advertiser_domain` }),
  createRestrictions: () => ({ method: 'POST', url: `${restrictions}/bulk`, payload: block }),
  updateRestrictions: () => ({ method: 'PUT', url: `${restrictions}/bulk`, payload: block }),
  deleteRestrictions: () => ({ method: 'DELETE', url: `${restrictions}/bulk`, payload: [MISSING] }),
  getRevenueAtStake: () => ({ method: 'POST', url: `${restrictions}/revenue-at-stake`, payload: { items: [{ type: 'advertiser_domain', value: '*.x.example' }] } }),
  exportRestrictions: () => ({ method: 'GET', url: `${restrictions}/export?fileType=CSV` }),
  checkRestrictionImport: () => ({ method: 'POST', url: `${restrictions}/import/check`, payload: { entries: [{ value: '*.roles-import.example' }] } }),
  importRestrictions: () => ({ method: 'POST', url: `${restrictions}/import`, payload: { entries: [{ value: '*.roles-import.example' }] } }),
  searchRestrictions: () => ({ method: 'GET', url: `${restrictions}/search?restrictionType=advertiser_domain` }),
  changeRestrictions: () => ({ method: 'PATCH', url: `${restrictions}/bulk`, payload: { add: [{ type: 'advertiser_domain', restrictions: ['*.roles-change.example'] }], remove: [] } }),
  deleteMatchingRestrictions: () => ({
    method: 'POST',
    url: `${restrictions}/delete-matching`,
    payload: { restrictionType: 'advertiser_domain', searchTerm: 'no-such-block', expectedCount: 1 },
  }),
  listCreatives: () => ({ method: 'GET', url: `${publisher}/creatives?size=1` }),
  getCreative: () => ({ method: 'GET', url: `${publisher}/creatives/${DEMO.creatives.atlasFirst}` }),
  markCreativesVisited: () => ({ method: 'POST', url: `${publisher}/creative-visit` }),
  reportCreative: () => ({ method: 'POST', url: `${publisher}/creatives/${MISSING}/reports`, payload: { reason: 'LOW_QUALITY' } }),
  listRevenueAlerts: () => ({ method: 'GET', url: `${publisher}/alerts` }),
  getRevenueAlertSummary: () => ({ method: 'GET', url: `${publisher}/alert-summary` }),
  getRevenueAlert: () => ({ method: 'GET', url: `${publisher}/alerts/${MISSING}` }),
  updateRevenueAlertState: () => ({ method: 'PATCH', url: `${publisher}/alerts/${MISSING}`, payload: { read: true } }),
  getNotificationSettings: () => ({ method: 'GET', url: `${publisher}/notification-settings` }),
  updateNotificationSettings: () => ({
    method: 'PUT',
    url: `${publisher}/notification-settings`,
    payload: { thresholdPercent: 30, alertEmails: false, weeklySummary: 'OFF', language: 'en' },
  }),
};


/**
 * A request for each operation of a signed-in caller that names no publisher (their own account, reference data),
 * for the API keys' matrix: a key may call only those its scopes list.
 */
export const ACCOUNT_REQUESTS: Partial<Record<OperationId, () => InjectOptions>> = {
  changePassword: () => ({ method: 'POST', url: '/auth/change-pwd', payload: { email: 'x@publisher.example', password: 'Wrong#2026pass', newPassword: 'Other#2026pass' } }),
  renewToken: () => ({ method: 'POST', url: '/auth/renew' }),
  getTwoFactor: () => ({ method: 'GET', url: '/external/me/two-factor' }),
  startTwoFactorSetup: () => ({ method: 'POST', url: '/external/me/two-factor/setup', payload: { password: 'Wrong#2026pass' } }),
  confirmTwoFactor: () => ({ method: 'POST', url: '/external/me/two-factor/confirm', payload: { code: '000000', password: 'Wrong#2026pass' } }),
  disableTwoFactor: () => ({ method: 'POST', url: '/external/me/two-factor/disable', payload: { code: '000000' } }),
  regenerateRecoveryCodes: () => ({ method: 'POST', url: '/external/me/two-factor/recovery-codes', payload: { code: '000000' } }),
  listSessions: () => ({ method: 'GET', url: '/external/me/sessions' }),
  endSession: () => ({ method: 'DELETE', url: `/external/me/sessions/${MISSING}` }),
  endOtherSessions: () => ({ method: 'POST', url: '/external/me/sessions/end-others', payload: { password: 'Wrong#2026pass' } }),
  searchPublishers: () => ({ method: 'GET', url: '/external/publishers/simple-search' }),
  listSelfIdentifiers: () => ({ method: 'GET', url: '/external/self-identifiers' }),
  listFailingAdsTxtSites: () => ({ method: 'GET', url: '/external/ads-txt-sites/failing' }),
  listSlotSizes: () => ({ method: 'GET', url: '/external/slot-sizes' }),
  listImplementationTypes: () => ({ method: 'GET', url: '/external/implementation-types?type=slot' }),
  listSlotPlacements: () => ({ method: 'GET', url: '/external/slot-placements' }),
  listServices: () => ({ method: 'GET', url: '/external/services' }),
  listIabCategories: () => ({ method: 'GET', url: '/external/iab-categories-v1' }),
  searchAdvertisers: () => ({ method: 'GET', url: '/external/advertisers-global/search?partialName=gr' }),
  listCreativeReports: () => ({ method: 'GET', url: '/external/creative-reports' }),
};
