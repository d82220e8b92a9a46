/**
 * The ad review center (issue 28, designed calls): the creatives (ads) that served on the selected publisher's zones,
 * one creative with where and when it served, and the user's bad-ad reports.
 *
 *   creatives        getList  GET  /external/publishers/{selected}/creatives?page&size&sortBy&direction&searchTerm=q
 *                                  &period&zoneId&advertiserId&category&format&adSize&newSinceLastVisit&blocked   (filter)
 *                                  meta: currency, from, to, lastVisitAt
 *                    getOne   GET  /external/publishers/{selected}/creatives/{id}?period=meta.period
 *                                  the creative with currency, from, to, zones, days, otherCreatives
 *   creativeReports  create   POST /external/publishers/{selected}/creatives/{data.creativeId}/reports   { reason, text }
 *
 * A creative's `previewUrl` is the API's relative address; the records carry it absolute (the API's base), for the
 * console's sandboxed frame.
 */
import type { CreateParams, CreateResult, GetListParams, GetListResult, GetOneParams, GetOneResult } from 'ra-core';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { MAX_RESTRICTION_SEARCH_LENGTH } from '../../lib/limits';
import { unwrap, type ApiClient } from '../client';
import { searchTerm, toPageQuery, toSortQuery } from '../query';
import type { components } from '../../../openapi/portal';
import { filterId, header, oneOf, selectedPublisherId, toId, type Session } from './common';

type Schemas = components['schemas'];
export type CreativeRecord = Schemas['Creative'];
export type CreativeListMeta = Omit<Schemas['CreativePage'], 'content' | 'totalPages' | 'totalElements' | 'page' | 'size'>;
export type CreativeDetailRecord = CreativeRecord & Omit<Schemas['CreativeDetail'], 'creative'>;
export type CreativeReportReason = Schemas['CreativeReportReason'];
export type CreativeReportData = Schemas['CreativeReportRequest'] & { creativeId: number };
export type CreativeFormat = Schemas['CreativeFormat'];

/** The contract's sortBy values: the review's sorts and its address's `sort` values. */
export const CREATIVE_SORT_FIELDS = ['impressions', 'revenue', 'newest'] as const;
export const CREATIVE_PERIODS = ['1', '7', '30'] as const;
export type CreativePeriod = (typeof CREATIVE_PERIODS)[number];
export const CREATIVE_FORMATS: readonly CreativeFormat[] = ['display', 'video', 'native'];
export const CREATIVE_REPORT_REASONS: readonly CreativeReportReason[] = ['MISLEADING', 'OFFENSIVE', 'MALWARE_OR_REDIRECT', 'LOW_QUALITY', 'OTHER'];
const SORT_BY = Object.fromEntries(CREATIVE_SORT_FIELDS.map((field) => [field, field])) as Record<string, (typeof CREATIVE_SORT_FIELDS)[number]>;
const CATEGORY = /^IAB[0-9]{1,4}(-[0-9]{1,4})?$/;
const AD_SIZE = /^[1-9][0-9]{0,3}x[1-9][0-9]{0,3}$/;

/** The review's filters as the address keeps them (strings; checked here before they are sent). */
export interface CreativeFilter {
  period?: string;
  zoneId?: number | string;
  advertiserId?: number | string;
  category?: string;
  format?: string;
  adSize?: string;
  newSinceLastVisit?: boolean | string;
  blocked?: boolean | string;
  q?: string;
}

const flag = (value: unknown) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined);
const matching = (pattern: RegExp, value: unknown) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

function withPreview<T extends CreativeRecord>(creative: T): T {
  const base = getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '');
  return { ...creative, previewUrl: `${base}${creative.previewUrl}` };
}

export function creativeResources(client: ApiClient, session: Session) {
  const publisherPath = () => ({ publisherId: selectedPublisherId(session) });
  return {
    creatives: {
      async getList(params: GetListParams): Promise<GetListResult<CreativeRecord> & { meta: CreativeListMeta }> {
        const filter = (params.filter ?? {}) as CreativeFilter;
        const term = (searchTerm(params.filter) ?? '').slice(0, MAX_RESTRICTION_SEARCH_LENGTH);
        const query = {
          ...toPageQuery(params.pagination, 20),
          ...toSortQuery<(typeof CREATIVE_SORT_FIELDS)[number]>(params.sort, SORT_BY, { sortBy: 'impressions', direction: 'DESC' }),
          ...(term === '' ? {} : { searchTerm: term }),
          period: oneOf(CREATIVE_PERIODS, filter.period),
          zoneId: filterId(filter.zoneId),
          advertiserId: filterId(filter.advertiserId),
          category: matching(CATEGORY, filter.category),
          format: oneOf(CREATIVE_FORMATS, filter.format),
          adSize: matching(AD_SIZE, filter.adSize),
          newSinceLastVisit: flag(filter.newSinceLastVisit) || undefined,
          blocked: flag(filter.blocked),
        };
        const page = unwrap(await client.GET('/external/publishers/{publisherId}/creatives', { params: { header, path: publisherPath(), query }, signal: params.signal }));
        const { content, totalElements, currency, from, to, lastVisitAt } = page;
        return { data: content.map(withPreview), total: totalElements, meta: { currency, from, to, lastVisitAt } };
      },
      async getOne(params: GetOneParams): Promise<GetOneResult<CreativeDetailRecord>> {
        const path = { ...publisherPath(), creativeId: toId(params.id) };
        const query = { period: oneOf(CREATIVE_PERIODS, (params.meta as { period?: unknown } | undefined)?.period) };
        const { creative, otherCreatives, ...detail } = unwrap(
          await client.GET('/external/publishers/{publisherId}/creatives/{creativeId}', { params: { header, path, query }, signal: params.signal }),
        );
        return { data: { ...withPreview(creative), ...detail, otherCreatives: otherCreatives.map(withPreview) } };
      },
    },

    creativeReports: {
      async create(params: CreateParams<CreativeReportData>): Promise<CreateResult<Schemas['CreativeReport']>> {
        const { creativeId, reason, text } = params.data as CreativeReportData;
        const path = { ...publisherPath(), creativeId: toId(creativeId) };
        const body = { reason, ...(text?.trim() ? { text: text.trim() } : {}) };
        return { data: unwrap(await client.POST('/external/publishers/{publisherId}/creatives/{creativeId}/reports', { params: { header, path }, body })) };
      },
    },
  };
}
