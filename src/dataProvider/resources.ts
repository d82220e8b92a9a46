/**
 * The resource table of the data provider: resource name -> CRUD method -> contract call. The HTTP calls are
 * listed in dataProvider.ts's header. Records get the `id` react-admin needs (zones: trackingId, zone domains:
 * zoneDomainId, restriction groups: restrictionType).
 *
 * Choices where the spec is open:
 * - Lists of the selected publisher (zones, payment ledger, zone domains) reject when no publisher is selected:
 *   the route guards send such users to /browse before any list mounts.
 * - zoneDomainSelfIdentifiers.updateMany: react-admin gives one `data` for all ids, but each zone domain gets
 *   its own identifiers, so data is { selfIdentifierIdsById: { [zoneDomainId]: ids } } with
 *   { selfIdentifierIds } as the value for ids missing from that map.
 * - restrictions.create takes { entity, entityId, restrictionType, restrictions: string[] } and adds them as
 *   EXCLUDE (the only clusivity the portal adds); it answers the group of that type after the change.
 *   restrictions.deleteMany takes Restriction.id values as ids and { entity, entityId } as meta.
 */
import type {
  CreateParams,
  CreateResult,
  DeleteManyParams,
  DeleteManyResult,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import { ZONES_LIST_DEFAULTS } from '../lib/listQuery';
import { APP_HEADER, unwrap, type ApiClient } from './client';
import { searchTerm, toDirection, toIds, toPageQuery, toSortQuery, toZoneSearchFilter, toZoneUpdate } from './query';
import type { components } from './schema';
import type { Publisher, SessionStore } from './session';

type Schemas = components['schemas'];
export type CrudMethod =
  | 'getList'
  | 'getOne'
  | 'getMany'
  | 'getManyReference'
  | 'update'
  | 'updateMany'
  | 'create'
  | 'delete'
  | 'deleteMany';

export type ZoneListRecord = Schemas['ZoneSummary'] & { id: number };
export type ZoneRecord = Schemas['Zone'] & { id: number };
export type ZoneDomainSelfIdentifiersRecord = Schemas['ZoneDomainSelfIdentifiers'] & { id: number };
export type RestrictionType = Schemas['RestrictionType'];
export type RestrictionGroupRecord = Schemas['RestrictionGroup'] & { id: RestrictionType };
export type RestrictionEntity = 'publisher' | 'zone';
export type ZoneCreateData = Pick<Schemas['ZoneRequest'], 'name' | 'domains' | 'typeId' | 'services'>;
export interface ZoneDomainSelfIdentifiersUpdate {
  selfIdentifierIds?: number[];
  selfIdentifierIdsById?: Record<string, number[]>;
}
export interface RestrictionsCreateData {
  entity: RestrictionEntity;
  entityId: Identifier;
  restrictionType: RestrictionType;
  restrictions: string[];
}

/** Zone list columns (react-admin source) -> the contract's sortBy. */
export const ZONE_SORT_FIELDS = { id: 'trackingId', trackingId: 'trackingId', name: 'name', numberOfSlots: 'numberOfSlots' } as const;
const ZONE_DEFAULT_SORT = { sortBy: 'name', direction: 'ASC' } as const;
/** Spec section 9: zones, inclusive inventory and payments start with 20 rows; the publisher search with 50. */
const LIST_PER_PAGE = ZONES_LIST_DEFAULTS.perPage;
const PUBLISHER_SEARCH_PER_PAGE = 50;
const RESTRICTION_TYPES: readonly RestrictionType[] = ['advertiser', 'advertiser_domain', 'iab_category'];
const LANGUAGES: readonly Schemas['Language'][] = ['en', 'ja', 'es', 'fr'];

const header = APP_HEADER;

function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

function restrictionTarget(source: unknown, selectedPublisherId: () => number) {
  const record = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  const entity = oneOf<RestrictionEntity>(['publisher', 'zone'], record.entity);
  if (entity === undefined) throw new Error("restrictions need entity 'publisher' or 'zone'");
  const rawId = record.entityId;
  if (rawId === undefined && entity === 'publisher') return { entity, entityId: selectedPublisherId() };
  const [entityId] = toIds([rawId as Identifier]);
  return { entity, entityId: entityId as number };
}

export function createResources(client: ApiClient, session: Pick<SessionStore, 'get'>) {
  function selectedPublisher(): Publisher {
    const { publisher } = session.get();
    if (publisher === null) throw new Error('No publisher is selected');
    return publisher;
  }
  const selectedPublisherId = () => selectedPublisher().id;

  return {
    zones: {
      async getList(params: GetListParams): Promise<GetListResult<ZoneListRecord>> {
        const query = {
          ...toPageQuery(params.pagination, LIST_PER_PAGE),
          ...toSortQuery(params.sort, ZONE_SORT_FIELDS, ZONE_DEFAULT_SORT),
          ...toZoneSearchFilter(params.filter),
        };
        const path = { publisherId: selectedPublisherId() };
        const page = unwrap(
          await client.POST('/external/publishers/{publisherId}/zones/search', {
            params: { header, path, query },
            signal: params.signal,
          }),
        );
        return { data: page.content.map((zone) => ({ ...zone, id: zone.trackingId })), total: page.totalElements };
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<ZoneRecord>> {
        const [zoneId] = toIds([params.id]) as [number];
        const zone = unwrap(await client.GET('/external/zones/{zoneId}', { params: { header, path: { zoneId } }, signal: params.signal }));
        return { data: { ...zone, id: zone.trackingId } };
      },
      async update(params: UpdateParams): Promise<UpdateResult<ZoneRecord>> {
        const [zoneId] = toIds([params.id]) as [number];
        const body = toZoneUpdate(params.data, params.previousData ?? {});
        const zone = unwrap(await client.PUT('/external/zones/{zoneId}', { params: { header, path: { zoneId } }, body }));
        return { data: { ...zone, id: zone.trackingId } };
      },
      async create(params: CreateParams<ZoneCreateData>) {
        const { token } = session.get();
        if (token === null) throw new Error('Creating a zone needs a signed-in user');
        const { name, domains, typeId, services } = params.data as ZoneCreateData;
        const body = { userId: token.user.id, publisherId: selectedPublisherId(), name, domains, typeId, services };
        const { trackingId } = unwrap(await client.POST('/external/request', { params: { header }, body }));
        return { data: { ...body, id: trackingId, trackingId } } satisfies CreateResult;
      },
    },

    publishers: {
      async getList(params: GetListParams): Promise<GetListResult<Publisher>> {
        const maxResults = toPageQuery(params.pagination, PUBLISHER_SEARCH_PER_PAGE).size;
        const query = { searchTerm: (searchTerm(params.filter) ?? '').slice(0, 100), maxResults };
        const publishers = unwrap(
          await client.GET('/external/publishers/simple-search', { params: { header, query }, signal: params.signal }),
        );
        return { data: publishers, total: publishers.length };
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<Publisher>> {
        const [publisherId] = toIds([params.id]) as [number];
        const path = { publisherId };
        return { data: unwrap(await client.GET('/external/publishers/{publisherId}', { params: { header, path }, signal: params.signal })) };
      },
    },

    paymentLedger: {
      async getList(params: GetListParams): Promise<GetListResult<Schemas['PaymentLedgerRow']>> {
        const query = { ...toPageQuery(params.pagination, LIST_PER_PAGE), direction: toDirection(params.sort?.order, 'DESC') };
        const path = { publisherId: selectedPublisherId() };
        const page = unwrap(
          await client.GET('/external/publishers/{publisherId}/payment-ledger', {
            params: { header, path, query },
            signal: params.signal,
          }),
        );
        return { data: page.content, total: page.totalElements };
      },
    },

    zoneDomainSelfIdentifiers: {
      async getList(params: GetListParams): Promise<GetListResult<ZoneDomainSelfIdentifiersRecord>> {
        const query = toPageQuery(params.pagination, LIST_PER_PAGE);
        const path = { publisherId: selectedPublisherId() };
        const page = unwrap(
          await client.GET('/external/publishers/{publisherId}/zone-domain-self-identifiers', {
            params: { header, path, query },
            signal: params.signal,
          }),
        );
        return { data: page.content.map((row) => ({ ...row, id: row.zoneDomainId })), total: page.totalElements };
      },
      async updateMany(params: UpdateManyParams<ZoneDomainSelfIdentifiersUpdate>): Promise<UpdateManyResult> {
        const { selfIdentifierIds, selfIdentifierIdsById = {} } = params.data;
        const body = toIds(params.ids).map((zoneDomainId) => {
          const ids = selfIdentifierIdsById[String(zoneDomainId)] ?? selfIdentifierIds;
          if (ids === undefined) throw new Error(`No self identifiers given for zone domain ${zoneDomainId}`);
          return { zoneDomainId, selfIdentifierIds: ids };
        });
        const path = { publisherId: selectedPublisherId() };
        unwrap(await client.POST('/external/publishers/{publisherId}/zone-domain-self-identifiers', { params: { header, path }, body }));
        return { data: params.ids };
      },
    },

    restrictions: {
      async getList(params: GetListParams): Promise<GetListResult<RestrictionGroupRecord>> {
        const path = restrictionTarget(params.filter, selectedPublisherId);
        const filter = (params.filter ?? {}) as Record<string, unknown>;
        const query = {
          restrictionType: oneOf(RESTRICTION_TYPES, filter.restrictionType),
          groupByType: true as const,
          language: oneOf(LANGUAGES, filter.language),
        };
        const groups = unwrap(
          await client.GET('/external/{entity}/{entityId}/restrictions', { params: { header, path, query }, signal: params.signal }),
        );
        return { data: groups.map((group) => ({ ...group, id: group.restrictionType })), total: groups.length };
      },
      async create(params: CreateParams<RestrictionsCreateData>): Promise<CreateResult<RestrictionGroupRecord>> {
        const data = params.data as RestrictionsCreateData;
        const path = restrictionTarget(data, selectedPublisherId);
        const type = oneOf(RESTRICTION_TYPES, data.restrictionType);
        if (type === undefined) throw new Error(`Unknown restriction type '${String(data.restrictionType)}'`);
        const body = [{ clusivity: 'EXCLUDE' as const, restrictions: data.restrictions, type }];
        const groups = unwrap(await client.POST('/external/{entity}/{entityId}/restrictions/bulk', { params: { header, path }, body }));
        const group = groups.find((candidate) => candidate.restrictionType === type);
        return { data: { restrictionType: type, clusivity: null, restrictions: [], ...group, id: type } };
      },
      async deleteMany(params: DeleteManyParams): Promise<DeleteManyResult> {
        const path = restrictionTarget(params.meta, selectedPublisherId);
        const body = toIds(params.ids);
        unwrap(await client.DELETE('/external/{entity}/{entityId}/restrictions/bulk', { params: { header, path }, body }));
        return { data: params.ids };
      },
    },
  };
}

export type PortalResources = ReturnType<typeof createResources>;
export type PortalResourceName = keyof PortalResources;
