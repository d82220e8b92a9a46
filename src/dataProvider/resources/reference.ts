/**
 * Reference data: read-only lists the screens choose from, answered whole by the contract. They change with a
 * deployment, not while someone works, so the screens read them through useReference (a stale time).
 *
 *   services             the products a zone can enable
 *   slotSizes            slot sizes, the flex size among them
 *   implementationTypes  slot implementation types (type=slot)
 *   slotPlacements       in-slot placements
 *   iabCategories        the IAB taxonomy with sub-categories, names in filter.language (default en)
 *   selfIdentifiers      self identifier options of zone domains
 */
import type { GetListParams, GetListResult } from 'ra-core';
import { unwrap, type ApiClient } from '../client';
import type { components } from '../../../openapi/portal';
import { header, oneOf, wholeList } from './common';

type Schemas = components['schemas'];
export type ServiceRecord = Schemas['Service'];
export type SlotSizeRecord = Schemas['SlotSize'];
export type ImplementationTypeRecord = Schemas['ImplementationType'];
export type SlotPlacementRecord = Schemas['SlotPlacement'];
export type IabCategoryRecord = Schemas['IabCategory'];
export type SelfIdentifierRecord = Schemas['SelfIdentifier'];

/** Each reference resource with its record type. */
export interface ReferenceRecords {
  services: ServiceRecord;
  slotSizes: SlotSizeRecord;
  implementationTypes: ImplementationTypeRecord;
  slotPlacements: SlotPlacementRecord;
  iabCategories: IabCategoryRecord;
  selfIdentifiers: SelfIdentifierRecord;
}
export type ReferenceResource = keyof ReferenceRecords;
export const REFERENCE_RESOURCES: readonly ReferenceResource[] = ['services', 'slotSizes', 'implementationTypes', 'slotPlacements', 'iabCategories', 'selfIdentifiers'];

const LANGUAGES: readonly Schemas['Language'][] = ['en', 'ja', 'es', 'fr'];

export function referenceResources(client: ApiClient) {
  const list =
    <T extends { id: string | number }>(read: (params: GetListParams) => Promise<{ data?: T[]; error?: unknown; response: Response }>) =>
    async (params: GetListParams): Promise<GetListResult<T>> =>
      wholeList(unwrap(await read(params)) as T[]);

  return {
    services: { getList: list((params) => client.GET('/external/services', { params: { header }, signal: params.signal })) },
    slotSizes: { getList: list((params) => client.GET('/external/slot-sizes', { params: { header }, signal: params.signal })) },
    implementationTypes: {
      getList: list((params) => client.GET('/external/implementation-types', { params: { header, query: { type: 'slot' } }, signal: params.signal })),
    },
    slotPlacements: { getList: list((params) => client.GET('/external/slot-placements', { params: { header }, signal: params.signal })) },
    iabCategories: {
      getList: list((params) => {
        const language = oneOf(LANGUAGES, (params.filter as { language?: unknown } | undefined)?.language) ?? 'en';
        return client.GET('/external/iab-categories-v1', { params: { header, query: { language } }, signal: params.signal });
      }),
    },
    selfIdentifiers: { getList: list((params) => client.GET('/external/self-identifiers', { params: { header }, signal: params.signal })) },
  };
}
