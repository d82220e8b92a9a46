/**
 * A zone's parts, each a resource named by its zone: `filter.zoneId` when reading, `meta.zoneId` when writing.
 *
 * - zoneServices: id = service id (unique within one zone's list). updateMany is the bulk put, which enables the
 *   services `ids` on the zone with the implementation type of `data.implementationTypeIdById` (null if absent).
 * - blockedUrls and slots: the contract adds them in bulk, so create takes the batch (data.patterns,
 *   data.rows) and answers the first record created (react-admin's create answers one record); callers
 *   refetch the list after a write.
 * - embedCodes: getMany by zone ids (id = trackingId); an app zone has none, so its id is missing from the answer.
 */
import type {
  CreateParams,
  CreateResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyResult,
  UpdateManyParams,
  UpdateManyResult,
} from 'ra-core';
import type { SlotRequestRow } from '../../lib/slots';
import { unwrap, type ApiClient } from '../client';
import { toIds } from '../query';
import type { components } from '../../../openapi/portal';
import { deletedRecord, header, toId, wholeList, zoneIdOf } from './common';

type Schemas = components['schemas'];
export type ZoneServiceRecord = Schemas['ZoneService'] & { id: number };
export type BlockedUrlRecord = Schemas['AssetUrlFilterPattern'];
export type SlotRecord = Schemas['Slot'];
export type EmbedCodesRecord = Schemas['EmbedCodes'] & { id: number };
export type BlockedUrlParam = Schemas['AssetUrlFilterPatternBulk']['zoneAssetUrlFilterPatternParamList'][number];

export interface ZoneServicesUpdate {
  implementationTypeIdById?: Readonly<Record<number, number | null>>;
}

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

function firstCreated<T>(records: T[], resource: string): CreateResult<T & { id: number }> {
  const [first] = records as (T & { id: number })[];
  if (first === undefined) throw new Error(`The server created no ${resource}`);
  return { data: first };
}

export function zonePartResources(client: ApiClient) {
  return {
    zoneServices: {
      async getList(params: GetListParams): Promise<GetListResult<ZoneServiceRecord>> {
        const path = { zoneId: zoneIdOf(params.filter, 'zoneServices') };
        const services = unwrap(await client.GET('/external/zones/{zoneId}/services', { params: { header, path }, signal: params.signal }));
        return wholeList(services.map((entry) => ({ ...entry, id: entry.service.id })));
      },
      async updateMany(params: UpdateManyParams<ZoneServicesUpdate>): Promise<UpdateManyResult> {
        const zoneId = zoneIdOf(params.meta, 'zoneServices');
        const types = params.data.implementationTypeIdById ?? {};
        const services = toIds(params.ids).map((serviceId) => ({ serviceId, implementationTypeId: types[serviceId] ?? null }));
        unwrap(await client.PUT('/external/zones/bulk/services', { params: { header }, body: { trackingIds: [zoneId], services } }));
        return { data: params.ids };
      },
      async delete(params: DeleteParams<ZoneServiceRecord>): Promise<DeleteResult<ZoneServiceRecord>> {
        const path = { zoneId: zoneIdOf(params.meta, 'zoneServices'), serviceId: toId(params.id) };
        unwrap(await client.DELETE('/external/zones/{zoneId}/services/{serviceId}', { params: { header, path } }));
        return deletedRecord(params);
      },
    },

    blockedUrls: {
      async getList(params: GetListParams): Promise<GetListResult<BlockedUrlRecord>> {
        const path = { zoneId: zoneIdOf(params.filter, 'blockedUrls') };
        return wholeList(
          unwrap(await client.GET('/external/zones/{zoneId}/asset-url-filter-patterns', { params: { header, path }, signal: params.signal })),
        );
      },
      async create(params: CreateParams<{ patterns: BlockedUrlParam[] }>): Promise<CreateResult<BlockedUrlRecord>> {
        const path = { zoneId: zoneIdOf(params.meta, 'blockedUrls') };
        const body = { zoneAssetUrlFilterPatternParamList: params.data?.patterns ?? [] };
        return firstCreated(
          unwrap(await client.POST('/external/zones/{zoneId}/asset-url-filter-patterns/bulk', { params: { header, path }, body })),
          'blockedUrls',
        );
      },
      async delete(params: DeleteParams<BlockedUrlRecord>): Promise<DeleteResult<BlockedUrlRecord>> {
        const path = { zoneId: zoneIdOf(params.meta, 'blockedUrls'), urlId: toId(params.id) };
        unwrap(await client.DELETE('/external/zones/{zoneId}/asset-url-filter-patterns/{urlId}', { params: { header, path } }));
        return deletedRecord(params);
      },
    },

    slots: {
      async getList(params: GetListParams): Promise<GetListResult<SlotRecord>> {
        const path = { zoneId: zoneIdOf(params.filter, 'slots') };
        return wholeList(unwrap(await client.GET('/external/zones/{zoneId}/slots', { params: { header, path }, signal: params.signal })));
      },
      async create(params: CreateParams<{ rows: SlotRequestRow[] }>): Promise<CreateResult<SlotRecord>> {
        const zoneId = zoneIdOf(params.meta, 'slots');
        const body = toSlotRequest(zoneId, params.data?.rows ?? []);
        return firstCreated(unwrap(await client.PUT('/external/zones/{zoneId}/slots/bulk', { params: { header, path: { zoneId } }, body })), 'slots');
      },
    },

    embedCodes: {
      async getMany(params: GetManyParams): Promise<GetManyResult<EmbedCodesRecord>> {
        const query = { trackingIds: toIds(params.ids) };
        const codes = unwrap(await client.GET('/external/zones/embed-codes', { params: { header, query }, signal: params.signal }));
        return { data: codes.map((entry) => ({ ...entry, id: entry.trackingId })) };
      },
    },
  };
}
