/**
 * Blocking (spec sections 2 'Blocking', 3 'Restriction', 7): the restriction groups of a publisher or a zone,
 * and the global advertisers that can be blocked.
 *
 * restrictions: one record per restriction type (id = restrictionType), as the contract groups them. The entity
 * is `filter` when reading and `meta` when writing: { entity: 'publisher' | 'zone', entityId } (a publisher's
 * entityId defaults to the selected publisher). Writes answer the group of their type after the change.
 *   getList     filter { entity, entityId?, restrictionType?, language? }
 *   create      data { restrictionType, restrictions: string[] }   adds them as EXCLUDE (the only clusivity the
 *               portal adds); values are advertiser ids, advertiser domains or IAB category ids
 *   update      id = restrictionType, data { restrictions: string[] }   the upsert (PUT) the zone IAB edit uses
 *   deleteMany  ids = Restriction.id values
 * blocks: one page of one blocked list (the rows of one restriction type), paged and filtered by the server so a
 *   list of 25,000 blocks never travels whole (issues 21, 24): getList filter { entity, entityId?, restrictionType,
 *   hideGlobal?, language?, q? } -> records Restriction (id = Restriction.id), total = totalElements, meta
 *   { clusivity, removableElements }; deleteMany as restrictions.deleteMany.
 * advertisers: getList with filter.q as the partial name; a term under 2 characters answers nothing without a call.
 * revenueAtStake: getList with filter { entity, entityId?, items: { type, value }[] }: one record per item (id
 *   `${type}:${value}`) with its revenue and shares; `meta` holds currency, from, to, the entity's total and the
 *   sum of the whole selection. No items, no call.
 */
import type {
  CreateParams,
  CreateResult,
  DeleteManyParams,
  DeleteManyResult,
  GetListParams,
  GetListResult,
  Identifier,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import { MAX_RESTRICTION_IDS_PER_DELETE, MAX_RESTRICTION_SEARCH_LENGTH, MAX_SEARCH_RESULTS, MAX_SEARCH_TERM_LENGTH, MIN_ADVERTISER_SEARCH_LENGTH } from '../../lib/limits';
import { RESTRICTION_TYPES } from '../../lib/restrictions';
import { unwrap, type ApiClient } from '../client';
import { searchTerm, toIds, toPageQuery } from '../query';
import type { components } from '../../../openapi/portal';
import { header, oneOf, selectedPublisherId, wholeList, type Session } from './common';

type Schemas = components['schemas'];
export type RestrictionType = Schemas['RestrictionType'];
export type RestrictionEntity = components['parameters']['RestrictionEntity'];
export type RestrictionGroupRecord = Schemas['RestrictionGroup'] & { id: RestrictionType };
export type BlockRecord = Schemas['Restriction'];
/** What a page of a blocked list says besides its rows. */
export type BlockListMeta = Pick<Schemas['RestrictionPage'], 'clusivity' | 'removableElements'>;
export type AdvertiserRecord = Schemas['Advertiser'];
export type RevenueAtStakeItem = Schemas['RevenueAtStake']['items'][number];
export type RevenueAtStakeRecord = RevenueAtStakeItem & { id: string };
export type RevenueAtStakeMeta = Omit<Schemas['RevenueAtStake'], 'items'>;
export interface StakeRequestItem {
  type: RestrictionType;
  value: string;
}
export interface RestrictionTarget {
  entity: RestrictionEntity;
  entityId?: Identifier;
}
export interface RestrictionsCreateData {
  restrictionType: RestrictionType;
  restrictions: string[];
}

const LANGUAGES: readonly Schemas['Language'][] = ['en', 'ja', 'es', 'fr'];

function restrictionTypeOf(value: unknown): RestrictionType {
  const type = oneOf(RESTRICTION_TYPES, value);
  if (type === undefined) throw new Error(`Unknown restriction type '${String(value)}'`);
  return type;
}

/** The group of `type` in a write's answer (an empty group when the change left none). */
function groupOf(groups: Schemas['RestrictionGroup'][], type: RestrictionType): RestrictionGroupRecord {
  const group = groups.find((candidate) => candidate.restrictionType === type);
  return { restrictionType: type, clusivity: null, restrictions: [], ...group, id: type };
}

export function restrictionResources(client: ApiClient, session: Session) {
  function target(source: unknown) {
    const record = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
    const entity = oneOf<RestrictionEntity>(['publisher', 'zone'], record.entity);
    if (entity === undefined) throw new Error("restrictions need entity 'publisher' or 'zone'");
    if (record.entityId === undefined && entity === 'publisher') return { entity, entityId: selectedPublisherId(session) };
    const [entityId] = toIds([record.entityId as Identifier]) as [number];
    return { entity, entityId };
  }

  const bulkPath = '/external/{entity}/{entityId}/restrictions/bulk' as const;
  const exclusions = (type: RestrictionType, restrictions: string[]) => [{ clusivity: 'EXCLUDE' as const, restrictions, type }];

  /** One call takes MAX_RESTRICTION_IDS_PER_DELETE ids (the contract): more go in turn, stopping at a failure. */
  async function deleteInTurn(params: DeleteManyParams): Promise<DeleteManyResult> {
    const ids = toIds(params.ids);
    for (let start = 0; start < ids.length; start += MAX_RESTRICTION_IDS_PER_DELETE) {
      const body = ids.slice(start, start + MAX_RESTRICTION_IDS_PER_DELETE);
      unwrap(await client.DELETE(bulkPath, { params: { header, path: target(params.meta) }, body }));
    }
    return { data: params.ids };
  }

  return {
    restrictions: {
      async getList(params: GetListParams): Promise<GetListResult<RestrictionGroupRecord>> {
        const path = target(params.filter);
        const filter = (params.filter ?? {}) as Record<string, unknown>;
        const query = {
          restrictionType: oneOf(RESTRICTION_TYPES, filter.restrictionType),
          groupByType: true as const,
          language: oneOf(LANGUAGES, filter.language),
        };
        const groups = unwrap(await client.GET('/external/{entity}/{entityId}/restrictions', { params: { header, path, query }, signal: params.signal }));
        return wholeList(groups.map((group) => ({ ...group, id: group.restrictionType })));
      },
      async create(params: CreateParams<RestrictionsCreateData>): Promise<CreateResult<RestrictionGroupRecord>> {
        const type = restrictionTypeOf(params.data?.restrictionType);
        const body = exclusions(type, params.data?.restrictions ?? []);
        return { data: groupOf(unwrap(await client.POST(bulkPath, { params: { header, path: target(params.meta) }, body })), type) };
      },
      async update(params: UpdateParams<RestrictionGroupRecord>): Promise<UpdateResult<RestrictionGroupRecord>> {
        const type = restrictionTypeOf(params.id);
        const body = exclusions(type, (params.data as { restrictions?: string[] }).restrictions ?? []);
        return { data: groupOf(unwrap(await client.PUT(bulkPath, { params: { header, path: target(params.meta) }, body })), type) };
      },
      deleteMany: (params: DeleteManyParams) => deleteInTurn(params),
    },

    blocks: {
      async getList(params: GetListParams): Promise<GetListResult<BlockRecord> & { meta: BlockListMeta }> {
        const path = target(params.filter);
        const filter = (params.filter ?? {}) as Record<string, unknown>;
        const term = (searchTerm(params.filter) ?? '').slice(0, MAX_RESTRICTION_SEARCH_LENGTH);
        const query = {
          restrictionType: restrictionTypeOf(filter.restrictionType),
          ...toPageQuery(params.pagination, 10),
          ...(term === '' ? {} : { searchTerm: term }),
          ...(filter.hideGlobal === true ? { hideGlobal: true } : {}),
          language: oneOf(LANGUAGES, filter.language),
        };
        const page = unwrap(await client.GET('/external/{entity}/{entityId}/restrictions/search', { params: { header, path, query }, signal: params.signal }));
        return { data: page.content, total: page.totalElements, meta: { clusivity: page.clusivity, removableElements: page.removableElements } };
      },
      deleteMany: (params: DeleteManyParams) => deleteInTurn(params),
    },

    revenueAtStake: {
      async getList(params: GetListParams): Promise<GetListResult<RevenueAtStakeRecord> & { meta?: RevenueAtStakeMeta }> {
        const items = ((params.filter as { items?: StakeRequestItem[] } | undefined)?.items ?? []).filter((item) => item.value !== '');
        if (items.length === 0) return wholeList([]);
        const path = '/external/{entity}/{entityId}/restrictions/revenue-at-stake' as const;
        const answer = unwrap(await client.POST(path, { params: { header, path: target(params.filter) }, body: { items }, signal: params.signal }));
        const { items: rows, ...meta } = answer;
        return { ...wholeList(rows.map((row) => ({ ...row, id: `${row.type}:${row.value}` }))), meta };
      },
    },

    advertisers: {
      /**
       * Spec section 7: size 50, page 0, advertisers with a domain only; ordered by relevance (issue 30): the names
       * starting with the term first, then what each spent at the selected publisher, as the review shows it.
       */
      async getList(params: GetListParams): Promise<GetListResult<AdvertiserRecord>> {
        const partialName = (searchTerm(params.filter) ?? '').slice(0, MAX_SEARCH_TERM_LENGTH);
        if (partialName.length < MIN_ADVERTISER_SEARCH_LENGTH) return wholeList([]);
        const publisherId = session.get().publisher?.id;
        const query = { partialName, size: MAX_SEARCH_RESULTS, page: 0, orderBy: 'relevance' as const, ...(publisherId === undefined ? {} : { publisherId }), hasDomain: true };
        const page = unwrap(await client.GET('/external/advertisers-global/search', { params: { header, query }, signal: params.signal }));
        return { data: page.content, total: page.totalElements };
      },
    },
  };
}
