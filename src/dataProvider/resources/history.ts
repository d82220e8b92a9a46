/**
 * The selected publisher's change history (issue 12, designed calls): its entries, newest first, with the filters
 * of the History page and the zone's History tab, the authors its author filter offers, and undo.
 *
 * Undo is `create` on `history`: it answers a new entry, the undo's own, that points to the undone one
 * (`data.undoes`), which is what the call does, so the list's cache simply refetches.
 */
import type { CreateParams, CreateResult, GetListParams, GetListResult } from 'ra-core';
import { unwrap, type ApiClient } from '../client';
import { toPageQuery } from '../query';
import type { components } from '../../../openapi/portal';
import { filterId, header, oneOf, pagedList, selectedPublisherId, toId, wholeList, type Session } from './common';
import { HISTORY_KINDS } from '../../lib/history';

const LANGUAGES = ['en', 'ja', 'es', 'fr'] as const;

type Schemas = components['schemas'];
export type HistoryRecord = Schemas['HistoryEntry'];
export type HistoryAuthorRecord = Schemas['HistoryAuthor'];

/** The filters the list understands, as they are kept in the address. */
export interface HistoryFilter {
  zoneId?: number | string;
  kind?: string;
  authorId?: number | string;
  from?: string;
  to?: string;
  /** The console's language: the IAB categories of blocks are named in it (issue 21). */
  language?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);

export function historyResources(client: ApiClient, session: Session) {
  return {
    history: {
      async getList(params: GetListParams): Promise<GetListResult<HistoryRecord>> {
        const filter = (params.filter ?? {}) as HistoryFilter;
        const query = {
          ...toPageQuery(params.pagination, 20),
          zoneId: filterId(filter.zoneId),
          kind: oneOf(HISTORY_KINDS, filter.kind),
          authorId: filterId(filter.authorId),
          from: day(filter.from),
          to: day(filter.to),
          language: oneOf(LANGUAGES, filter.language),
        };
        const path = { publisherId: selectedPublisherId(session) };
        const page = unwrap(await client.GET('/external/publishers/{publisherId}/history', { params: { header, path, query }, signal: params.signal }));
        return pagedList(page, (entry) => entry);
      },
      /** Undo: `data.undoes` is the entry to undo; the answer is the new entry. */
      async create(params: CreateParams<{ undoes: number }>): Promise<CreateResult<HistoryRecord>> {
        if (params.data.undoes === undefined) throw new Error('An undo names the entry it undoes (data.undoes)');
        const path = { publisherId: selectedPublisherId(session), entryId: toId(params.data.undoes) };
        return { data: unwrap(await client.POST('/external/publishers/{publisherId}/history/{entryId}/undo', { params: { header, path } })) };
      },
    },

    historyAuthors: {
      async getList(params: GetListParams): Promise<GetListResult<HistoryAuthorRecord>> {
        const path = { publisherId: selectedPublisherId(session) };
        return wholeList(unwrap(await client.GET('/external/publishers/{publisherId}/history/authors', { params: { header, path }, signal: params.signal })));
      },
    },
  };
}
