/**
 * The one controller of the server-paged lists (zones, payment ledger, inclusive inventory, history): the list's
 * page, size, sort and search in the address as the spec's plain query (useListUrlState), read with react-admin's
 * useGetList, as a react-admin ListContext value. Give it to <ListContextProvider> and the list's parts read it
 * with useListContext(): PagedTable, ListSearch, PagedListPagination, and react-admin's own list components (bulk
 * actions, select all) where a list wants them.
 *
 * Why not react-admin's useListController: it syncs its state to the address as a JSON `filter=` parameter with
 * `displayedFilters`, which is neither the spec's query (page, size, sortBy, direction, searchTerm) nor readable
 * in a bookmark. Everything below the controller is react-admin's list context, so nothing else has to differ.
 *
 * What every paged list gets from here, written once:
 * - the previous page stays on screen (dimmed by PagedTable) while the next loads (keepPreviousData);
 * - a failed first load shows the persistent general error once (`failureOperation`, spec section 8);
 * - a bookmarked page past the end shows the last page, correcting the address without a history entry;
 * - `filter` (a zone tab's zone, the history's filters) and the search term (`q`) reach the data provider;
 *   setFilters writes named filter parameters to the address as plain values, empty ones dropped, page reset;
 * - selection (react-admin's record selection, per resource) and select-all over every matching row.
 *
 * Two extensions for a screen with several lists (the blocking screen: IAB categories, advertisers and domains,
 * each paged and filtered on its own):
 * - `stateKey` keeps the list's page, size and search under its own names in the address ('domains.page',
 *   'domains.searchTerm'), so each list has its own state and it is still the address's: a reload, a bookmark,
 *   Back and a dialog opened over the screen (a route below it, which keeps the query) bring it back as it was.
 *   State kept in the component instead would be lost on reload and could not be linked to.
 * - `selectAll: 'matching'`: select all marks every row matching the filter selected without reading their ids
 *   (`allMatchingSelected`), for a list whose bulk action the server applies by filter (thousands of blocks:
 *   reading all ids would be many calls, and removing them by id many changes). It holds for the filter it was
 *   chosen under: another search, or any change of the selection, ends it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import {
  useDataProvider,
  useGetList,
  useRecordSelection,
  type ListControllerResult,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useFailureNotice } from '../../notices/useFailureNotice';
import type { OperationName } from '../../notices/operations';
import { MAX_PAGE_SIZE } from '../../lib/limits';
import { listQueryParams, pageCount, type ListQueryDefaults, type ResolvedListQuery } from '../../lib/listQuery';
import { useListUrlState } from './useListUrlState';

export interface PagedListOptions {
  /** Page, size and sort when the address names none. */
  defaults: ListQueryDefaults;
  /** The sortable fields (the contract's sortBy values); an address naming another gets the default. */
  sortFields?: readonly string[];
  /** Filters the list always sends besides the search term (already read from the address by the caller). */
  filter?: object;
  /** The address parameters setFilters may write (a list's own filters, e.g. the history's kind). */
  filterParams?: readonly string[];
  /** Those of them typed in several steps (a date): a change replaces the address entry, as the search does. */
  typedParams?: readonly string[];
  /** The read's name in the operations catalog: a failed first load shows its persistent notice. */
  failureOperation?: OperationName;
  /**
   * Passed to the data provider with the read. react-admin also files each row of a page as that record's getOne
   * answer under the same meta: a list whose rows are summaries (the zones search) names itself here so its rows
   * never stand in for whole records.
   */
  meta?: Record<string, unknown>;
  /** Selection is kept per key (default: the resource): two lists of one resource on a page keep their own. */
  selectionKey?: string;
  /** The list's state under its own names in the address (several lists on one screen; see above). */
  stateKey?: string;
  /** 'matching': select all selects every matching row by the filter, not by ids (see above). Default 'ids'. */
  selectAll?: 'ids' | 'matching';
}

export type PagedList<RecordType extends RaRecord = RaRecord> = ListControllerResult<RecordType> & {
  /** The list state the address holds. */
  query: ResolvedListQuery;
  /** Identifies the rows asked for (search, page, size, filter): the delayed empty state starts again for each. */
  pageKey: string;
  /** The first load failed: nothing to show. A failed refetch keeps the rows shown (README 'Reading data'). */
  isLoadingError: boolean;
  isSuccess: boolean;
  /** `selectAll: 'matching'`: every row matching the current filter is selected (none of their ids read). */
  allMatchingSelected: boolean;
};

/** react-admin's SelectAllButton default. */
const SELECT_ALL_LIMIT = 250;
const NO_SORT_FIELDS: readonly string[] = [];
const NO_FILTER = {};

export function usePagedList<RecordType extends RaRecord = RaRecord>(resource: string, options: PagedListOptions): PagedList<RecordType> {
  const {
    defaults,
    sortFields = NO_SORT_FIELDS,
    filter = NO_FILTER,
    filterParams,
    typedParams,
    failureOperation,
    meta,
    selectionKey = resource,
    stateKey,
    selectAll = 'ids',
  } = options;
  const urlState = useListUrlState(defaults, sortFields, stateKey === undefined ? '' : `${stateKey}.`);
  const { query, setPage, setPerPage, setSearch } = urlState;
  const [, setParams] = useSearchParams();
  const pageParam = listQueryParams(stateKey === undefined ? '' : `${stateKey}.`).page;
  const search = query.search.trim();
  const sort = useMemo(() => ({ field: query.sort, order: query.order }), [query.sort, query.order]);
  const sent = useMemo(() => (search ? { ...filter, q: search } : filter), [filter, search]);

  const answer = useGetList<RecordType>(
    resource,
    { pagination: { page: query.page, perPage: query.perPage }, sort, filter: sent, meta },
    { placeholderData: keepPreviousData },
  );
  const { total, isSuccess, isPlaceholderData, isLoadingError } = answer;

  useFailureNotice(failureOperation, answer);

  // A bookmarked page past the end: the last page instead, without a history entry. Waits for a real answer
  // (not the previous page kept while the next loads).
  const pages = pageCount(total ?? 0, query.perPage);
  const settled = isSuccess && !isPlaceholderData;
  useEffect(() => {
    if (settled && pages > 0 && query.page > pages) setPage(pages, { replace: true });
  }, [settled, pages, query.page, setPage]);

  const [selectedIds, selection] = useRecordSelection<RecordType>({ resource, storeKey: selectionKey });
  // The filter under which 'all matching' was chosen; it holds while the list shows that filter.
  const matchKey = JSON.stringify(sent);
  const [allMatchingFor, setAllMatchingFor] = useState<string | null>(null);
  const allMatchingSelected = selectAll === 'matching' && allMatchingFor === matchKey;
  const dataProvider = useDataProvider();
  const onSelectAll = useCallback(
    async ({ limit = SELECT_ALL_LIMIT }: { limit?: number } = {}) => {
      if (selectAll === 'matching') {
        selection.clearSelection();
        setAllMatchingFor(matchKey);
        return;
      }
      // The contract pages at most MAX_PAGE_SIZE rows a call: as many pages as the limit needs.
      const ids: RecordType['id'][] = [];
      for (let page = 1; ids.length < limit; page += 1) {
        const { data, total: all = 0 } = await dataProvider.getList<RecordType>(resource, { pagination: { page, perPage: MAX_PAGE_SIZE }, sort, filter: sent, meta });
        ids.push(...data.map((record) => record.id));
        if (data.length < MAX_PAGE_SIZE || ids.length >= all) break;
      }
      selection.select(ids.slice(0, limit));
    },
    [dataProvider, resource, sort, sent, meta, selection, selectAll, matchKey],
  );

  const setFilters = useCallback(
    (filters: Record<string, unknown>) => {
      if ('q' in filters) setSearch(String(filters.q ?? ''));
      const named = (filterParams ?? []).filter((name) => name in filters);
      if (named.length === 0) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of named) {
            const value = filters[name];
            if (value === undefined || value === null || String(value).trim() === '') next.delete(name);
            else next.set(name, String(value));
          }
          next.delete(pageParam);
          return next;
        },
        { replace: named.every((name) => typedParams?.includes(name)) },
      );
    },
    [filterParams, typedParams, setParams, setSearch, pageParam],
  );

  const setSort = useCallback(
    (next: SortPayload) => {
      // The header's click: the same field toggles, another starts ascending (lib/listQuery's nextSort).
      if (next.field !== query.sort || next.order !== query.order) urlState.toggleSort(next.field);
    },
    [query.sort, query.order, urlState],
  );

  const pageKey = `${search}|${query.page}|${query.perPage}|${JSON.stringify(filter)}`;
  return {
    ...(answer as unknown as ListControllerResult<RecordType>),
    resource,
    query,
    pageKey,
    isLoadingError,
    isSuccess,
    page: query.page,
    perPage: query.perPage,
    setPage: (page: number) => setPage(page),
    setPerPage,
    sort,
    setSort,
    filterValues: sent,
    displayedFilters: NO_FILTER,
    setFilters,
    showFilter: () => undefined,
    hideFilter: () => undefined,
    selectedIds,
    allMatchingSelected,
    onSelect: (ids: RecordType['id'][]) => {
      setAllMatchingFor(null);
      selection.select(ids);
    },
    onToggleItem: (id: RecordType['id']) => {
      setAllMatchingFor(null);
      selection.toggle(id);
    },
    onUnselectItems: () => {
      setAllMatchingFor(null);
      selection.clearSelection();
    },
    onSelectAll: (options) => void onSelectAll(options),
    hasNextPage: query.page < pages,
    hasPreviousPage: query.page > 1,
    defaultTitle: undefined,
  } as PagedList<RecordType>;
}
