/**
 * The data provider's custom methods: calls that are not list/record CRUD (zone services, blocked URLs, slots,
 * reference data, frames, exports). Spread into the provider by createDataProvider; the HTTP call of each is
 * listed in dataProvider.ts's header. Read calls take an optional AbortSignal last, for react-query.
 */
import type { SlotRequestRow } from '../lib/slots';
import { APP_HEADER, unwrap, type ApiClient } from './client';
import { fileNameFromContentDisposition, type DownloadedFile } from './files';
import type { components } from './schema';
import { businessUnitIdOf, type Publisher } from './session';

type Schemas = components['schemas'];
export type RestrictionEntity = 'publisher' | 'zone';
export type Language = Schemas['Language'];
export type PaymentProviderReportType = 'billing' | 'payments';

/** Spec section 9: advertiser search and publisher search return at most 50 results. */
export const SEARCH_MAX_RESULTS = 50;
const MAX_TERM_LENGTH = 100;

/** The request form's placement id is '' when none is chosen (spec default new-slot values). */
function placementIdOf(value: string): number | null {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : null;
}

export function toSlotRequest(zoneId: number, rows: readonly SlotRequestRow[]): Schemas['SlotRequestBulk'] {
  return {
    trackingId: zoneId,
    // Spec section 4: submitted rows create slots with enabled true.
    slots: rows.map((row) => ({
      trackingId: zoneId,
      slotSizeId: row.sizeId,
      name: row.name.trim(),
      implementationTypeId: row.implementationTypeId,
      placementId: placementIdOf(row.placementId),
      enabled: true,
    })),
  };
}

export function createCustomMethods(client: ApiClient) {
  const header = APP_HEADER;

  async function download(
    result: { data?: Blob; error?: unknown; response: Response },
    fallbackName: string,
  ): Promise<DownloadedFile> {
    const blob = unwrap(result);
    const fileName = fileNameFromContentDisposition(result.response.headers.get('Content-Disposition'));
    return { blob, fileName: fileName ?? fallbackName };
  }

  return {
    async getZoneServices(zoneId: number, signal?: AbortSignal) {
      return unwrap(await client.GET('/external/zones/{zoneId}/services', { params: { header, path: { zoneId } }, signal }));
    },
    async putZoneServices(body: Schemas['ZoneServicesBulk']): Promise<void> {
      unwrap(await client.PUT('/external/zones/bulk/services', { params: { header }, body }));
    },
    async deleteZoneService(zoneId: number, serviceId: number): Promise<void> {
      unwrap(
        await client.DELETE('/external/zones/{zoneId}/services/{serviceId}', {
          params: { header, path: { zoneId, serviceId } },
        }),
      );
    },
    async getBlockedUrls(zoneId: number, signal?: AbortSignal) {
      const path = '/external/zones/{zoneId}/asset-url-filter-patterns';
      return unwrap(await client.GET(path, { params: { header, path: { zoneId } }, signal }));
    },
    async addBlockedUrls(zoneId: number, params: Schemas['AssetUrlFilterPatternBulk']) {
      const path = '/external/zones/{zoneId}/asset-url-filter-patterns/bulk';
      return unwrap(await client.POST(path, { params: { header, path: { zoneId } }, body: params }));
    },
    async deleteBlockedUrl(zoneId: number, urlId: number): Promise<void> {
      const path = '/external/zones/{zoneId}/asset-url-filter-patterns/{urlId}';
      unwrap(await client.DELETE(path, { params: { header, path: { zoneId, urlId } } }));
    },
    /** App zones have no embed codes: null. */
    async getEmbedCodes(zoneId: number, signal?: AbortSignal): Promise<Schemas['EmbedCodes'] | null> {
      const codes = unwrap(
        await client.GET('/external/zones/embed-codes', { params: { header, query: { trackingIds: [zoneId] } }, signal }),
      );
      return codes[0] ?? null;
    },
    async getSlots(zoneId: number, signal?: AbortSignal) {
      return unwrap(await client.GET('/external/zones/{zoneId}/slots', { params: { header, path: { zoneId } }, signal }));
    },
    async requestSlots(zoneId: number, rows: readonly SlotRequestRow[]) {
      const body = toSlotRequest(zoneId, rows);
      return unwrap(await client.PUT('/external/zones/{zoneId}/slots/bulk', { params: { header, path: { zoneId } }, body }));
    },
    async getSlotSizes(signal?: AbortSignal) {
      return unwrap(await client.GET('/external/slot-sizes', { params: { header }, signal }));
    },
    async getImplementationTypes(signal?: AbortSignal) {
      return unwrap(await client.GET('/external/implementation-types', { params: { header, query: { type: 'slot' } }, signal }));
    },
    async getSlotPlacements(signal?: AbortSignal) {
      return unwrap(await client.GET('/external/slot-placements', { params: { header }, signal }));
    },
    async getServices(signal?: AbortSignal) {
      return unwrap(await client.GET('/external/services', { params: { header }, signal }));
    },
    async exportSlotEmbedCodes(zoneId: number): Promise<DownloadedFile> {
      const result = await client.GET('/external/zones/{zoneId}/slots/embed-codes/export', {
        params: { header, path: { zoneId }, query: { fileType: 'CSV' } },
        parseAs: 'blob',
      });
      return download(result, `slot-embed-codes-${zoneId}.csv`);
    },
    async exportPaymentLedger(publisherId: number): Promise<DownloadedFile> {
      const result = await client.GET('/external/publishers/{publisherId}/payment-ledger/export', {
        params: { header, path: { publisherId }, query: { fileType: 'CSV' } },
        parseAs: 'blob',
      });
      return download(result, `payment-ledger-${publisherId}.csv`);
    },
    async getAdsTxt(publisherId: number, businessUnitIds: Schemas['BusinessUnitId'][], signal?: AbortSignal) {
      const query = { publisherId, businessUnitIds };
      return unwrap(await client.GET('/external/ads-txt', { params: { header, query }, signal }));
    },
    async getIabCategories(language: Language, signal?: AbortSignal) {
      return unwrap(await client.GET('/external/iab-categories-v1', { params: { header, query: { language } }, signal }));
    },
    /** Spec section 7: size 50, page 0, ordered by name, advertisers with a domain only. */
    async searchAdvertisers(partialName: string, signal?: AbortSignal): Promise<Schemas['Advertiser'][]> {
      const query = {
        partialName: partialName.trim().slice(0, MAX_TERM_LENGTH),
        size: SEARCH_MAX_RESULTS,
        page: 0,
        orderBy: 'name' as const,
        hasDomain: true,
      };
      return unwrap(await client.GET('/external/advertisers-global/search', { params: { header, query }, signal }))
        .content;
    },
    async acceptGdpr(publisherId: number) {
      const path = '/external/publishers/{publisherId}/accept-gdpr';
      return unwrap(await client.PATCH(path, { params: { header, path: { publisherId } } }));
    },
    async getDashboardUrl(body: Schemas['DashboardUrlRequest'], signal?: AbortSignal) {
      return unwrap(await client.POST('/external/dashboard-service/publishers', { params: { header }, body, signal }));
    },
    /** The contract carries the ids as strings (spec section 7). */
    async getPaymentProviderUrl(
      reportType: PaymentProviderReportType,
      publisher: Pick<Publisher, 'id' | 'businessUnit'>,
      signal?: AbortSignal,
    ) {
      const body = { publisherId: String(publisher.id), businessUnitId: String(businessUnitIdOf(publisher)) };
      const path = '/external/payment-provider-url/{reportType}';
      return unwrap(await client.POST(path, { params: { header, path: { reportType } }, body, signal }));
    },
    async getSelfIdentifiers(signal?: AbortSignal) {
      return unwrap(await client.GET('/external/self-identifiers', { params: { header }, signal }));
    },
    async updateRestrictions(entity: RestrictionEntity, entityId: number, body: Schemas['RestrictionBulk']) {
      const path = '/external/{entity}/{entityId}/restrictions/bulk';
      return unwrap(await client.PUT(path, { params: { header, path: { entity, entityId } }, body }));
    },
    async searchPublishers(term: string, signal?: AbortSignal): Promise<Publisher[]> {
      const query = { searchTerm: term.trim().slice(0, MAX_TERM_LENGTH), maxResults: SEARCH_MAX_RESULTS };
      return unwrap(await client.GET('/external/publishers/simple-search', { params: { header, query }, signal }));
    },
    async getPublisher(id: number, signal?: AbortSignal): Promise<Publisher> {
      const path = '/external/publishers/{publisherId}';
      return unwrap(await client.GET(path, { params: { header, path: { publisherId: id } }, signal }));
    },
  };
}

export type CustomMethods = ReturnType<typeof createCustomMethods>;
