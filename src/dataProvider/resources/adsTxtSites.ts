/**
 * The ads.txt monitor (issue 27, designed calls): the selected publisher's monitored sites, one site with its file
 * and the lines to add, network staff's list of every publisher's failing sites, and the publisher's sellers.json
 * setting. "Check now" is a custom method (customMethods.ts: checkAdsTxtSite), it is no record write.
 *
 *   adsTxtSites          getList  GET /external/publishers/{selected}/ads-txt-sites        (paged, status filter)
 *                        getOne   GET /external/publishers/{selected}/ads-txt-sites/{id}   (the detail, id = the site)
 *   failingAdsTxtSites   getList  GET /external/ads-txt-sites/failing                      (staff)
 *   sellersJsonSettings  getOne   GET /external/publishers/{id}/sellers-json-setting       (id = the publisher)
 *                        update   PUT /external/publishers/{id}/sellers-json-setting
 */
import type { GetListParams, GetListResult, GetOneParams, GetOneResult, UpdateParams, UpdateResult } from 'ra-core';
import { unwrap, type ApiClient } from '../client';
import { searchTerm, toIds, toPageQuery, toSortQuery } from '../query';
import type { components } from '../../../openapi/portal';
import { header, pagedList, selectedPublisherId, toId, type Session } from './common';

type Schemas = components['schemas'];
export type AdsTxtSiteRecord = Schemas['AdsTxtSite'];
export type AdsTxtSiteStatus = Schemas['AdsTxtSiteStatus'];
/** One site with its file and lines (getOne, and "Check now"'s answer): the site's fields with the detail's. */
export type AdsTxtSiteDetailRecord = AdsTxtSiteRecord & Omit<Schemas['AdsTxtSiteDetail'], 'site'>;
export type SellersJsonSettingRecord = Schemas['SellersJsonSetting'] & { id: number };

/** The contract's sortBy values: the list's sortable columns and its URL `sort` values. */
export const ADS_TXT_SITE_SORT_FIELDS = ['revenueAtStake', 'domain', 'status', 'lastCrawlAt'] as const;
type SortField = (typeof ADS_TXT_SITE_SORT_FIELDS)[number];
const SORT_BY = Object.fromEntries(ADS_TXT_SITE_SORT_FIELDS.map((field) => [field, field])) as Record<string, SortField>;

/** Every status, the worst first; the ones that need the publisher to act are FAILING_STATUSES. */
export const ADS_TXT_STATUSES = ['UNREACHABLE', 'NOT_TEXT', 'NO_FILE', 'WRONG_LINES', 'MISSING_LINES', 'NOT_CRAWLED', 'AUTHORISED'] as const satisfies readonly AdsTxtSiteStatus[];
export const FAILING_STATUSES = ['UNREACHABLE', 'NOT_TEXT', 'NO_FILE', 'WRONG_LINES', 'MISSING_LINES'] as const satisfies readonly AdsTxtSiteStatus[];

/** The list's filter as kept in the address: `status` one status, or 'failing' for every failing one. */
export interface AdsTxtSiteFilter {
  status?: string;
  q?: string;
}

function statusQuery(value: unknown): AdsTxtSiteStatus[] | undefined {
  if (value === 'failing') return [...FAILING_STATUSES];
  const status = ADS_TXT_STATUSES.find((candidate) => candidate === value);
  return status ? [status] : undefined;
}

function listQuery(params: GetListParams) {
  const filter = (params.filter ?? {}) as AdsTxtSiteFilter;
  return {
    ...toPageQuery(params.pagination, 20),
    ...toSortQuery<SortField>(params.sort, SORT_BY, { sortBy: 'revenueAtStake', direction: 'DESC' }),
    searchTerm: searchTerm(filter),
    status: statusQuery(filter.status),
  };
}

export function adsTxtSiteResources(client: ApiClient, session: Session) {
  const publisherPath = () => ({ publisherId: selectedPublisherId(session) });
  return {
    adsTxtSites: {
      async getList(params: GetListParams): Promise<GetListResult<AdsTxtSiteRecord>> {
        const page = unwrap(
          await client.GET('/external/publishers/{publisherId}/ads-txt-sites', { params: { header, path: publisherPath(), query: listQuery(params) }, signal: params.signal }),
        );
        return pagedList(page, (site) => site);
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<AdsTxtSiteDetailRecord>> {
        const path = { ...publisherPath(), siteId: toId(params.id) };
        const { site, ...detail } = unwrap(await client.GET('/external/publishers/{publisherId}/ads-txt-sites/{siteId}', { params: { header, path }, signal: params.signal }));
        return { data: { ...site, ...detail } };
      },
    },

    failingAdsTxtSites: {
      async getList(params: GetListParams): Promise<GetListResult<AdsTxtSiteRecord>> {
        const page = unwrap(await client.GET('/external/ads-txt-sites/failing', { params: { header, query: listQuery(params) }, signal: params.signal }));
        return pagedList(page, (site) => site);
      },
    },

    sellersJsonSettings: {
      async getOne(params: GetOneParams): Promise<GetOneResult<SellersJsonSettingRecord>> {
        const [publisherId] = toIds([params.id]) as [number];
        const answer = unwrap(await client.GET('/external/publishers/{publisherId}/sellers-json-setting', { params: { header, path: { publisherId } }, signal: params.signal }));
        return { data: { ...answer, id: publisherId } };
      },
      async update(params: UpdateParams<SellersJsonSettingRecord>): Promise<UpdateResult<SellersJsonSettingRecord>> {
        const [publisherId] = toIds([params.id]) as [number];
        const body = { confidential: params.data.confidential === true };
        const answer = unwrap(await client.PUT('/external/publishers/{publisherId}/sellers-json-setting', { params: { header, path: { publisherId } }, body }));
        return { data: { ...answer, id: publisherId } };
      },
    },
  };
}
