/**
 * Publishers (the chooser's search, one publisher) and the lists of the selected publisher: its payment ledger
 * (with the next payment, id = the publisher, and the earnings behind each row, id = the row) and its zone
 * domains with their self identifiers.
 *
 * Choices where the spec is open:
 * - Lists of the selected publisher reject when no publisher is selected: the route guards send such users to
 *   /browse before any list mounts.
 * - zoneDomainSelfIdentifiers.updateMany: react-admin gives one `data` for all ids, but each zone domain gets
 *   its own identifiers, so data is { selfIdentifierIdsById: { [zoneDomainId]: ids } } with
 *   { selfIdentifierIds } as the value for ids missing from that map.
 */
import type { GetListParams, GetListResult, GetOneParams, GetOneResult, UpdateManyParams, UpdateManyResult } from 'ra-core';
import { MAX_SEARCH_RESULTS, MAX_SEARCH_TERM_LENGTH } from '../../lib/limits';
import { ZONES_LIST_DEFAULTS } from '../../lib/listQuery';
import { unwrap, type ApiClient } from '../client';
import { searchTerm, toDirection, toIds, toPageQuery } from '../query';
import type { components } from '../../../openapi/portal';
import type { Publisher } from '../session';
import { header, pagedList, selectedPublisherId, wholeList, type Session } from './common';

type Schemas = components['schemas'];
export type PaymentLedgerRecord = Schemas['PaymentLedgerRow'];
export type NextPaymentRecord = Schemas['NextPayment'] & { id: number };
export type PaymentEarningsRecord = Schemas['PaymentEarnings'] & { id: number };
export type ZoneDomainSelfIdentifiersRecord = Schemas['ZoneDomainSelfIdentifiers'] & { id: number };
export interface ZoneDomainSelfIdentifiersUpdate {
  selfIdentifierIds?: number[];
  selfIdentifierIdsById?: Record<string, number[]>;
}

/** Spec section 9: the ledger and the inclusive inventory start with 20 rows, as the zones list does. */
const LIST_PER_PAGE = ZONES_LIST_DEFAULTS.perPage;

export function publisherResources(client: ApiClient, session: Session) {
  return {
    publishers: {
      /** filter.q is the search term (trimmed, cut to the contract's length); perPage is maxResults. */
      async getList(params: GetListParams): Promise<GetListResult<Publisher>> {
        const maxResults = toPageQuery(params.pagination, MAX_SEARCH_RESULTS).size;
        const query = { searchTerm: (searchTerm(params.filter) ?? '').slice(0, MAX_SEARCH_TERM_LENGTH), maxResults };
        return wholeList(unwrap(await client.GET('/external/publishers/simple-search', { params: { header, query }, signal: params.signal })));
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<Publisher>> {
        const [publisherId] = toIds([params.id]) as [number];
        return { data: unwrap(await client.GET('/external/publishers/{publisherId}', { params: { header, path: { publisherId } }, signal: params.signal })) };
      },
    },

    paymentLedger: {
      async getList(params: GetListParams): Promise<GetListResult<PaymentLedgerRecord>> {
        const query = { ...toPageQuery(params.pagination, LIST_PER_PAGE), direction: toDirection(params.sort?.order, 'DESC') };
        const path = { publisherId: selectedPublisherId(session) };
        const page = unwrap(await client.GET('/external/publishers/{publisherId}/payment-ledger', { params: { header, path, query }, signal: params.signal }));
        return pagedList(page, (row) => row);
      },
    },

    nextPayment: {
      async getOne(params: GetOneParams): Promise<GetOneResult<NextPaymentRecord>> {
        const [publisherId] = toIds([params.id]) as [number];
        const path = '/external/publishers/{publisherId}/payment-ledger/next-payment';
        return { data: { ...unwrap(await client.GET(path, { params: { header, path: { publisherId } }, signal: params.signal })), id: publisherId } };
      },
    },

    paymentEarnings: {
      async getOne(params: GetOneParams): Promise<GetOneResult<PaymentEarningsRecord>> {
        const [entryId] = toIds([params.id]) as [number];
        const path = { publisherId: selectedPublisherId(session), entryId };
        const answer = unwrap(
          await client.GET('/external/publishers/{publisherId}/payment-ledger/{entryId}/earnings', { params: { header, path }, signal: params.signal }),
        );
        return { data: { ...answer, id: entryId } };
      },
    },

    zoneDomainSelfIdentifiers: {
      async getList(params: GetListParams): Promise<GetListResult<ZoneDomainSelfIdentifiersRecord>> {
        const query = toPageQuery(params.pagination, LIST_PER_PAGE);
        const path = { publisherId: selectedPublisherId(session) };
        const page = unwrap(
          await client.GET('/external/publishers/{publisherId}/zone-domain-self-identifiers', { params: { header, path, query }, signal: params.signal }),
        );
        return pagedList(page, (row) => ({ ...row, id: row.zoneDomainId }));
      },
      async updateMany(params: UpdateManyParams<ZoneDomainSelfIdentifiersUpdate>): Promise<UpdateManyResult> {
        const { selfIdentifierIds, selfIdentifierIdsById = {} } = params.data;
        const body = toIds(params.ids).map((zoneDomainId) => {
          const ids = selfIdentifierIdsById[String(zoneDomainId)] ?? selfIdentifierIds;
          if (ids === undefined) throw new Error(`No self identifiers given for zone domain ${zoneDomainId}`);
          return { zoneDomainId, selfIdentifierIds: ids };
        });
        const path = { publisherId: selectedPublisherId(session) };
        unwrap(await client.POST('/external/publishers/{publisherId}/zone-domain-self-identifiers', { params: { header, path }, body }));
        return { data: params.ids };
      },
    },
  };
}
