/**
 * The one controller of the server-paged lists, given as a react-admin ListContext value, so everything under it is
 * react-admin's (DataTable in ListTable, FilterLiveForm in ListSearch, BulkActionsToolbar, SelectAllButton).
 * Not useListController: that one keeps its state in the address as a JSON `filter=` with `displayedFilters`; the
 * spec's address is plain and bookmarkable (section 3: /zones?page=2&size=50&sortBy=name&direction=DESC&searchTerm=x,
 * empty values dropped; parsing and resets in src/lib/listQuery.ts). What every paged list gets here, once:
 * - page, size and sort push a history entry, a search replaces it (no trail of half-typed words); parameters the
 *   list does not own are kept; `filterParams` are written as plain values, empty ones dropped, page reset;
 * - the previous page kept (dimmed by ListTable) while the next loads; a failed first load's persistent error once
 *   (`failureOperation`, section 8); a bookmarked page past the end shows the last (address replaced);
 * - select all marks every row matching the filter without reading their ids (`allMatchingSelected`: the blocks
 *   are removed by filter on the server); another search or any change of the selection ends it;
 * - `stateKey`: the state under its own names ('domains.page'), for a screen of several lists (blocking).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useListContext, useRecordSelection, type ListControllerResult, type RaRecord, type SortPayload } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useFailureNotice } from '../../notices/useFailureNotice';
import type { OperationName } from '../../notices/operations';
import { fromSearchParams, listQueryParams, nextSort, pageCount, toSearchParams, withPerPage, type ListQueryDefaults, type ResolvedListQuery } from '../../lib/listQuery';
import { useRememberListAddress } from './useListUrlState';

export interface PagedListOptions {
  /** Page, size and sort when the address names none. */
  defaults: ListQueryDefaults;
  /** The sortable fields (the contract's sortBy values); an address naming another gets the default. */
  sortFields?: readonly string[];
  /** Filters the list always sends besides the search term (read from the address by the caller). */
  filter?: object;
  /** The address parameters setFilters may write; those in `typedParams` (a date) replace the address entry. */
  filterParams?: readonly string[];
  typedParams?: readonly string[];
  /** The read's name in the operations catalog: a failed first load shows its persistent notice. */
  failureOperation?: OperationName;
  /** Passed with the read; a list of summaries names itself so its rows never stand in for whole records. */
  meta?: Record<string, unknown>;
  /** Selection is kept per key (default: the resource). */
  selectionKey?: string;
  stateKey?: string;
}

export type PagedList<RecordType extends RaRecord = RaRecord> = ListControllerResult<RecordType> & {
  query: ResolvedListQuery;
  /** Identifies the rows asked for (search, page, size, filter). */
  pageKey: string;
  isSuccess: boolean;
  allMatchingSelected: boolean;
};

const NO_FILTER = {};
const NONE: readonly string[] = [];

export function usePagedList<RecordType extends RaRecord = RaRecord>(resource: string, options: PagedListOptions): PagedList<RecordType> {
  const { defaults, sortFields = NONE, filter = NO_FILTER, filterParams = NONE, typedParams = NONE, failureOperation, meta, selectionKey = resource, stateKey } = options;
  useRememberListAddress();
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const names = useMemo(() => listQueryParams(stateKey === undefined ? '' : `${stateKey}.`), [stateKey]);
  // Parsed once per distinct query, so `query` keeps its identity between renders.
  const query = useMemo(() => fromSearchParams(new URLSearchParams(key), defaults, sortFields, names), [key, defaults, sortFields, names]);
  /** Writes the list's state, keeping the parameters it does not own (a list's filters, another list's state). */
  const write = (next: ResolvedListQuery, replace = false) =>
    setParams(
      (current) => {
        const own: readonly string[] = Object.values(names);
        const written = toSearchParams(next, names);
        current.forEach((value, name) => own.includes(name) || written.append(name, value));
        return written;
      },
      { replace },
    );

  const search = query.search.trim();
  const sort = useMemo(() => ({ field: query.sort, order: query.order }), [query.sort, query.order]);
  const sent: Record<string, unknown> = useMemo(() => (search ? { ...filter, q: search } : filter), [filter, search]);
  const answer = useGetList<RecordType>(resource, { pagination: { page: query.page, perPage: query.perPage }, sort, filter: sent, meta }, { placeholderData: keepPreviousData });
  useFailureNotice(failureOperation, answer);

  // A bookmarked page past the end: the last page, once a real answer (not the previous page kept) says so.
  const pages = pageCount(answer.total ?? 0, query.perPage);
  const settled = answer.isSuccess && !answer.isPlaceholderData;
  const pastEnd = settled && pages > 0 && query.page > pages;
  useEffect(() => {
    if (pastEnd) write({ ...query, page: pages }, true);
  });

  const [selectedIds, selection] = useRecordSelection<RecordType>({ resource, storeKey: selectionKey });
  const matchKey = JSON.stringify(sent);
  const [allMatchingFor, setAllMatchingFor] = useState<string | null>(null);
  // Another filter ends 'all matching' (allMatchingSelected compares the keys), and the selection made with it, once.
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (allMatchingFor === null || allMatchingFor === matchKey || ended.current === allMatchingFor) return;
    ended.current = allMatchingFor;
    selection.clearSelection();
  }, [allMatchingFor, matchKey, selection]);
  const selected = (change: () => void) => {
    setAllMatchingFor(null);
    change();
  };

  const setFilters = (filters: Record<string, unknown>) => {
    if ('q' in filters && String(filters.q ?? '') !== query.search) write({ ...query, search: String(filters.q ?? ''), page: 1 }, true);
    // Only what changed (a search form sends the list's other filters along, unchanged); empty ones dropped, page reset.
    const named = filterParams.filter((name) => name in filters && String(filters[name] ?? '') !== String(sent[name] ?? ''));
    if (named.length === 0) return;
    const next = (current: URLSearchParams) => {
      const params = new URLSearchParams(current);
      named.forEach((name) => (String(filters[name] ?? '').trim() === '' ? params.delete(name) : params.set(name, String(filters[name]).trim())));
      params.delete(names.page);
      return params;
    };
    setParams(next, { replace: named.every((name) => typedParams.includes(name)) });
  };

  return {
    ...(answer as unknown as ListControllerResult<RecordType>),
    resource,
    query,
    pageKey: `${search}|${query.page}|${query.perPage}|${JSON.stringify(filter)}`,
    isSuccess: answer.isSuccess,
    page: query.page,
    perPage: query.perPage,
    setPage: (page: number) => write({ ...query, page }),
    setPerPage: (perPage: number) => write(withPerPage(query, perPage)),
    sort,
    // The header's click: the same field toggles, another starts ascending; a new order goes back to page 1.
    setSort: (next: SortPayload) => {
      if (next.field === sort.field && next.order === sort.order) return;
      const { field, order } = nextSort(sort, next.field);
      write({ ...query, sort: field, order, page: 1 });
    },
    filterValues: sent,
    displayedFilters: NO_FILTER,
    setFilters,
    showFilter: () => undefined,
    hideFilter: () => undefined,
    selectedIds,
    allMatchingSelected: allMatchingFor === matchKey,
    onSelect: (ids: RecordType['id'][]) => selected(() => selection.select(ids)),
    onToggleItem: (id: RecordType['id']) => selected(() => selection.toggle(id)),
    onUnselectItems: () => selected(() => selection.clearSelection()),
    // The page's rows stay selected (what the user sees; react-admin's toolbar shows while any is).
    onSelectAll: () => {
      selection.select((answer.data ?? []).map((record) => record.id));
      setAllMatchingFor(matchKey);
    },
    hasNextPage: query.page < pages,
    hasPreviousPage: query.page > 1,
    defaultTitle: undefined,
  } as PagedList<RecordType>;
}

/** The list context of a usePagedList list. */
export function usePagedListContext<RecordType extends RaRecord = RaRecord>(): PagedList<RecordType> {
  return useListContext<RecordType>() as PagedList<RecordType>;
}
