/**
 * react-admin DataProvider over the contract (spec section 7). Every call goes through client.ts, so errors are
 * HttpError and react-admin's AbortSignal reaches fetch (supportAbortSignal).
 *
 * The rule (README 'How it fits together'): lists and records are resources read and written through
 * react-admin's hooks; reference data are read-only resources; custom methods only for calls that are not
 * records. A child resource names its parent in `filter` when reading and in `meta` when writing.
 *
 * Resources (resources/*.ts, the only place mapping them; ids as react-admin needs them):
 *   zones                      getList    POST /external/publishers/{selected}/zones/search?page&size&sortBy&direction&names&trackingIds
 *                              getOne     GET  /external/zones/{id}
 *                              update     PUT  /external/zones/{id}                 ZoneUpdate (edited fields over previousData)
 *                              create     POST /external/request                    { userId (token), publisherId (selected), ... }
 *   zoneServices               getList    GET  /external/zones/{filter.zoneId}/services                       id = service id
 *                              updateMany PUT  /external/zones/bulk/services          { trackingIds: [meta.zoneId], services: ids }
 *                              delete     DELETE /external/zones/{meta.zoneId}/services/{id}
 *   blockedUrls                getList    GET  /external/zones/{filter.zoneId}/asset-url-filter-patterns
 *                              create     POST /external/zones/{meta.zoneId}/asset-url-filter-patterns/bulk   data.patterns
 *                              delete     DELETE /external/zones/{meta.zoneId}/asset-url-filter-patterns/{id}
 *   slots                      getList    GET  /external/zones/{filter.zoneId}/slots
 *                              create     PUT  /external/zones/{meta.zoneId}/slots/bulk                      data.rows, enabled
 *   embedCodes                 getMany    GET  /external/zones/embed-codes?trackingIds=ids                   id = trackingId
 *   publishers                 getList    GET  /external/publishers/simple-search?searchTerm=filter.q&maxResults=perPage
 *                              getOne     GET  /external/publishers/{id}
 *   paymentLedger              getList    GET  /external/publishers/{selected}/payment-ledger?page&size&direction
 *   nextPayment                getOne     GET  /external/publishers/{id}/payment-ledger/next-payment             id = publisher id
 *   paymentEarnings            getOne     GET  /external/publishers/{selected}/payment-ledger/{id}/earnings      id = ledger row id
 *   zoneDomainSelfIdentifiers  getList    GET  /external/publishers/{selected}/zone-domain-self-identifiers?page&size
 *                              updateMany POST /external/publishers/{selected}/zone-domain-self-identifiers
 *   restrictions               getList    GET  /external/{filter.entity}/{filter.entityId}/restrictions?restrictionType&groupByType=true&language
 *                              create     POST /external/{meta.entity}/{meta.entityId}/restrictions/bulk    EXCLUDE, data.restrictions
 *                              update     PUT  /external/{meta.entity}/{meta.entityId}/restrictions/bulk    id = restrictionType
 *                              deleteMany DELETE /external/{meta.entity}/{meta.entityId}/restrictions/bulk  ids = Restriction.id
 *   blocks                     getList    GET  /external/{filter.entity}/{filter.entityId}/restrictions/search?restrictionType&page&size&searchTerm=filter.q&hideGlobal&language
 *                                         meta: clusivity, removableElements
 *                              deleteMany DELETE /external/{meta.entity}/{meta.entityId}/restrictions/bulk  ids = Restriction.id
 *   advertisers                getList    GET  /external/advertisers-global/search?partialName=filter.q&size=50&page=0&orderBy=name&hasDomain=true
 *   revenueAtStake             getList    POST /external/{filter.entity}/{filter.entityId}/restrictions/revenue-at-stake  { items: filter.items }
 *                                         id = `${type}:${value}`; meta: currency, from, to, total, sum
 *   history                    getList    GET  /external/publishers/{selected}/history?page&size&zoneId&kind&authorId&from&to   (filter)
 *                              create     POST /external/publishers/{selected}/history/{data.undoes}/undo   undo; answers the new entry
 *   historyAuthors             getList    GET  /external/publishers/{selected}/history/authors
 *   alerts                     getList    GET  /external/publishers/{selected}/alerts?page&size&sortBy&direction&scope&zoneId&state   (filter)
 *                              getOne     GET  /external/publishers/{selected}/alerts/{id}              the alert with causes, causesAvailable, otherChanges
 *                              update     PATCH /external/publishers/{selected}/alerts/{id}             data.read, data.dismissed (the user's own)
 *   adsTxtSites (issue 27)     getList    GET  /external/publishers/{selected}/ads-txt-sites?page&size&sortBy&direction&searchTerm&status
 *                              getOne     GET  /external/publishers/{selected}/ads-txt-sites/{id}       the site with its file and lines to add
 *   failingAdsTxtSites         getList    GET  /external/ads-txt-sites/failing?...                      (network staff)
 *   sellersJsonSettings        getOne/update GET/PUT /external/publishers/{id}/sellers-json-setting    (id = the publisher)
 *   alertSummaries             getOne     GET  /external/publishers/{id}/alert-summary                  id = publisher id; unread
 *   notificationSettings       getOne     GET  /external/publishers/{id}/notification-settings          id = publisher id
 *                              update     PUT  /external/publishers/{id}/notification-settings
 *   members                    getList    GET  /external/publishers/{selected}/members?page&size&sortBy&direction&searchTerm
 *                              update     PATCH /external/publishers/{selected}/members/{id}             { role }
 *                              delete     DELETE /external/publishers/{selected}/members/{id}
 *   invitations                getList    GET  /external/publishers/{selected}/invitations
 *                              create     POST /external/publishers/{selected}/invitations               { email, role }
 *                              delete     DELETE /external/publishers/{selected}/invitations/{id}
 *   sessions                   getList    GET  /external/me/sessions
 *                              delete     DELETE /external/me/sessions/{id}
 *   apiKeys                    getList    GET  /external/publishers/{selected}/api-keys                 (issue 29; newest first)
 *                              create     POST /external/publishers/{selected}/api-keys                 { name, scopes, expiresAt, allowedAddresses }; the record has `secret` once
 *                              delete     DELETE /external/publishers/{selected}/api-keys/{id}          revoke
 *   creatives                  getList    GET  /external/publishers/{selected}/creatives?page&size&sortBy&direction&searchTerm&period&zoneId&...  (issue 28)
 *                              getOne     GET  /external/publishers/{selected}/creatives/{id}?period=meta.period   zones, days, otherCreatives
 *   creativeReports            create     POST /external/publishers/{selected}/creatives/{data.creativeId}/reports  { reason, text }
 * Reference data (read-only, getList, answered whole):
 *   services                   GET  /external/services
 *   slotSizes                  GET  /external/slot-sizes
 *   implementationTypes        GET  /external/implementation-types?type=slot
 *   slotPlacements             GET  /external/slot-placements
 *   iabCategories              GET  /external/iab-categories-v1?language=filter.language
 *   selfIdentifiers            GET  /external/self-identifiers
 * Any other resource or method rejects with an Error naming both.
 *
 * Custom methods (customMethods.ts), the calls that are not records:
 *   exportSlotEmbedCodes   GET    /external/zones/{zoneId}/slots/embed-codes/export?fileType=CSV  -> { blob, fileName }
 *   exportPaymentLedger    GET    /external/publishers/{publisherId}/payment-ledger/export?fileType=CSV -> { blob, fileName }
 *   exportRestrictions     GET    /external/{entity}/{entityId}/restrictions/export?fileType=CSV -> { blob, fileName }
 *   checkRestrictionImport POST   /external/{entity}/{entityId}/restrictions/import/check  { entries } -> verdicts
 *   importRestrictions     POST   /external/{entity}/{entityId}/restrictions/import        { entries } -> { created, skipped }
 *   changeRestrictions     PATCH  /external/{entity}/{entityId}/restrictions/bulk          { add, remove } -> { added, removed }
 *   deleteMatchingRestrictions POST /external/{entity}/{entityId}/restrictions/delete-matching { restrictionType, searchTerm, expectedCount }
 *   getAdsTxt              GET    /external/ads-txt?publisherId&businessUnitIds
 *   acceptGdpr             PATCH  /external/publishers/{publisherId}/accept-gdpr
 *   checkAdsTxtSite        POST   /external/publishers/{publisherId}/ads-txt-sites/{siteId}/check -> the site now (429: retryAfter)
 *   getDashboardUrl        POST   /external/dashboard-service/publishers
 *   getPaymentProviderUrl  POST   /external/payment-provider-url/{reportType}
 *   setTwoFactorRequirement PUT   /external/publishers/{publisherId}/two-factor-requirement  { required } -> Publisher
 *   resetMemberTwoFactor   POST   /external/publishers/{publisherId}/members/{userId}/two-factor/reset
 *   getTwoFactor           GET    /external/me/two-factor
 *   startTwoFactorSetup    POST   /external/me/two-factor/setup        { password } -> { secret, otpauthUri }
 *   confirmTwoFactor       POST   /external/me/two-factor/confirm      { code, password } -> { recoveryCodes, jwt }
 *   disableTwoFactor       POST   /external/me/two-factor/disable      { code } | { password }
 *   regenerateRecoveryCodes POST  /external/me/two-factor/recovery-codes  { code } | { password } -> new recovery codes
 *   endOtherSessions       POST   /external/me/sessions/end-others     { password } -> this session's fresh jwt
 *   markCreativesVisited   POST   /external/publishers/{publisherId}/creative-visit   -> { visitedAt } (issue 28)
 */
import type { DataProvider } from 'ra-core';
import { getApiClient, type ApiClient } from './client';
import { createCustomMethods } from './customMethods';
import { createResources, type CrudMethod } from './resources';
import { session as defaultSession, type SessionStore } from './session';

export interface DataProviderDeps {
  session: Pick<SessionStore, 'get'>;
}

export function createDataProvider(client: ApiClient = getApiClient(), deps: DataProviderDeps = { session: defaultSession }) {
  const resources = createResources(client, deps.session);
  const table: Readonly<Record<string, Partial<Record<CrudMethod, (params: never) => Promise<unknown>>>>> = resources;

  /** One dispatcher for every CRUD method: the table decides, the result type is react-admin's. */
  function run<Result>(resource: string, method: CrudMethod, params: unknown): Promise<Result> {
    const operation = Object.hasOwn(table, resource) ? table[resource]?.[method] : undefined;
    if (operation === undefined) {
      return Promise.reject(new Error(`The data provider does not support ${method} on resource '${resource}'`));
    }
    return (operation as (params: unknown) => Promise<Result>)(params);
  }

  const crud: Pick<DataProvider, CrudMethod> = {
    getList: (resource, params) => run(resource, 'getList', params),
    getOne: (resource, params) => run(resource, 'getOne', params),
    getMany: (resource, params) => run(resource, 'getMany', params),
    getManyReference: (resource, params) => run(resource, 'getManyReference', params),
    update: (resource, params) => run(resource, 'update', params),
    updateMany: (resource, params) => run(resource, 'updateMany', params),
    create: (resource, params) => run(resource, 'create', params),
    delete: (resource, params) => run(resource, 'delete', params),
    deleteMany: (resource, params) => run(resource, 'deleteMany', params),
  };

  // supportAbortSignal: react-admin passes its query's signal only to providers that say they handle it.
  return { ...crud, ...createCustomMethods(client), supportAbortSignal: true };
}

export type PortalDataProvider = ReturnType<typeof createDataProvider>;
