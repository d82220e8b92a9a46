/**
 * The selected publisher's zones (records: id = trackingId). A zone's own parts (services, blocked URLs, slots,
 * embed codes) are resources of their own, each named by its zone.
 */
import type { CreateParams, CreateResult, GetListParams, GetListResult, GetOneParams, GetOneResult, UpdateParams, UpdateResult } from 'ra-core';
import { ZONES_LIST_DEFAULTS } from '../../lib/listQuery';
import { unwrap, type ApiClient } from '../client';
import { toIds, toPageQuery, toSortQuery, toZoneSearchFilter, toZoneUpdate } from '../query';
import type { components } from '../../../openapi/portal';
import { header, pagedList, selectedPublisherId, type Session } from './common';

type Schemas = components['schemas'];
export type ZoneListRecord = Schemas['ZoneSummary'] & { id: number };
export type ZoneRecord = Schemas['Zone'] & { id: number };
export type ZoneCreateData = Pick<Schemas['ZoneRequest'], 'name' | 'domains' | 'typeId' | 'services'>;

/** The contract's sortBy values: the zones list's sortable columns and its URL `sort` values. */
export const ZONE_SORT_FIELDS = ['trackingId', 'name', 'numberOfSlots'] as const;
/** react-admin's `id` is the trackingId. */
const SORT_BY: Readonly<Record<string, (typeof ZONE_SORT_FIELDS)[number]>> = {
  id: 'trackingId',
  ...Object.fromEntries(ZONE_SORT_FIELDS.map((field) => [field, field])),
};

const withId = <Z extends { trackingId: number }>(zone: Z) => ({ ...zone, id: zone.trackingId });

export function zoneResources(client: ApiClient, session: Session) {
  return {
    zones: {
      async getList(params: GetListParams): Promise<GetListResult<ZoneListRecord>> {
        const query = {
          ...toPageQuery(params.pagination, ZONES_LIST_DEFAULTS.perPage),
          ...toSortQuery(params.sort, SORT_BY, { sortBy: 'name', direction: 'ASC' }),
          ...toZoneSearchFilter(params.filter),
        };
        const path = { publisherId: selectedPublisherId(session) };
        const page = unwrap(
          await client.POST('/external/publishers/{publisherId}/zones/search', { params: { header, path, query }, signal: params.signal }),
        );
        return pagedList(page, withId);
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<ZoneRecord>> {
        const [zoneId] = toIds([params.id]) as [number];
        return { data: withId(unwrap(await client.GET('/external/zones/{zoneId}', { params: { header, path: { zoneId } }, signal: params.signal }))) };
      },
      async update(params: UpdateParams): Promise<UpdateResult<ZoneRecord>> {
        const [zoneId] = toIds([params.id]) as [number];
        const body = toZoneUpdate(params.data, params.previousData ?? {});
        return { data: withId(unwrap(await client.PUT('/external/zones/{zoneId}', { params: { header, path: { zoneId } }, body }))) };
      },
      async create(params: CreateParams<ZoneCreateData>) {
        const { token } = session.get();
        if (token === null) throw new Error('Creating a zone needs a signed-in user');
        const { name, domains, typeId, services } = params.data as ZoneCreateData;
        const body = { userId: token.user.id, publisherId: selectedPublisherId(session), name, domains, typeId, services };
        const { trackingId } = unwrap(await client.POST('/external/request', { params: { header }, body }));
        return { data: { ...body, id: trackingId, trackingId } } satisfies CreateResult;
      },
    },
  };
}
