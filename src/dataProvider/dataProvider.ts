/**
 * react-admin DataProvider over the contract (spec section 7). Every call goes through client.ts, so errors are
 * HttpError and react-admin's AbortSignal reaches fetch (supportAbortSignal).
 *
 * Resources (the `resources` table below is the only place mapping them):
 *   zones                      getList    POST /external/publishers/{selected}/zones/search?page&size&sortBy&direction&names&trackingIds
 *                              getOne     GET  /external/zones/{id}
 *                              update     PUT  /external/zones/{id}                 ZoneUpdate (edited fields over previousData)
 *                              create     POST /external/request                    { userId (token), publisherId (selected), ... }
 *   publishers                 getList    GET  /external/publishers/simple-search?searchTerm=q&maxResults=perPage
 *                              getOne     GET  /external/publishers/{id}
 *   paymentLedger              getList    GET  /external/publishers/{selected}/payment-ledger?page&size&direction
 *   zoneDomainSelfIdentifiers  getList    GET  /external/publishers/{selected}/zone-domain-self-identifiers?page&size
 *                              updateMany POST /external/publishers/{selected}/zone-domain-self-identifiers
 *   restrictions               getList    GET  /external/{entity}/{entityId}/restrictions?restrictionType&groupByType=true&language
 *                              create     POST /external/{entity}/{entityId}/restrictions/bulk
 *                              deleteMany DELETE /external/{meta.entity}/{meta.entityId}/restrictions/bulk   (ids = Restriction.id)
 * Any other resource or method rejects with an Error naming both.
 *
 * Custom methods (customMethods.ts):
 *   getZoneServices        GET    /external/zones/{zoneId}/services
 *   putZoneServices        PUT    /external/zones/bulk/services
 *   deleteZoneService      DELETE /external/zones/{zoneId}/services/{serviceId}
 *   getBlockedUrls         GET    /external/zones/{zoneId}/asset-url-filter-patterns
 *   addBlockedUrls         POST   /external/zones/{zoneId}/asset-url-filter-patterns/bulk
 *   deleteBlockedUrl       DELETE /external/zones/{zoneId}/asset-url-filter-patterns/{urlId}
 *   getEmbedCodes          GET    /external/zones/embed-codes?trackingIds={zoneId}        (first element or null)
 *   getSlots               GET    /external/zones/{zoneId}/slots
 *   requestSlots           PUT    /external/zones/{zoneId}/slots/bulk
 *   getSlotSizes           GET    /external/slot-sizes
 *   getImplementationTypes GET    /external/implementation-types?type=slot
 *   getSlotPlacements      GET    /external/slot-placements
 *   getServices            GET    /external/services
 *   exportSlotEmbedCodes   GET    /external/zones/{zoneId}/slots/embed-codes/export?fileType=CSV  -> { blob, fileName }
 *   exportPaymentLedger    GET    /external/publishers/{publisherId}/payment-ledger/export?fileType=CSV -> { blob, fileName }
 *   getAdsTxt              GET    /external/ads-txt?publisherId&businessUnitIds
 *   getIabCategories       GET    /external/iab-categories-v1?language
 *   searchAdvertisers      GET    /external/advertisers-global/search?partialName&size=50&page=0&orderBy=name&hasDomain=true
 *   acceptGdpr             PATCH  /external/publishers/{publisherId}/accept-gdpr
 *   getDashboardUrl        POST   /external/dashboard-service/publishers
 *   getPaymentProviderUrl  POST   /external/payment-provider-url/{reportType}
 *   getSelfIdentifiers     GET    /external/self-identifiers
 *   updateRestrictions     PUT    /external/{entity}/{entityId}/restrictions/bulk
 *   searchPublishers       GET    /external/publishers/simple-search?searchTerm&maxResults=50
 *   getPublisher           GET    /external/publishers/{publisherId}
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
