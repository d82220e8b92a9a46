/**
 * The one controller of the server-paged lists, as a react-admin ListContext value (why not useListController:
 * ARCHITECTURE.md, 'A list'). The state is the spec's plain address (section 3; src/lib/listQuery.ts): page, size and
 * sort push a history entry, a search or a `typedParams` filter (a date) replaces it; `filterParams` are written plain;
 * `stateKey` names the state of one of several lists ('domains.page'). The previous page is kept (ListTable dims it);
 * a failed first load's persistent error shows once (`failureOperation`, section 8). Select all marks every row
 * matching the filter, reading no ids (`allMatchingSelected`: the server removes blocks by filter).
 */
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useRecordSelection, type ListControllerResult, type RaRecord, type SortPayload } from 'react-admin';
import { useFailureNotice } from '../../notices/useFailureNotice';
import type { OperationName } from '../../notices/operations';
import { fromSearchParams, listQueryParams, pageCount, toSearchParams, withPerPage, type ListQueryDefaults, type ResolvedListQuery } from '../../lib/listQuery';
import { useSearchAddress } from '../useSearchAddress';
import { useRememberListAddress } from './useListUrlState';

export interface PagedListOptions {
  /** Page, size and sort when the address names none. */
  defaults: ListQueryDefaults;
  /** The contract's sortBy values; an address naming another gets the default. */
  sortFields?: readonly string[];
  /** Filters sent besides the search term (read from the address by the caller). */
  filter?: object;
  filterParams?: readonly string[];
  typedParams?: readonly string[];
  failureOperation?: OperationName;
  /** Passed with the read (a list of summaries names itself so its rows never stand in for whole records). */
  meta?: Record<string, unknown>;
  selectionKey?: string;
  stateKey?: string;
}

export type PagedList<RecordType extends RaRecord = RaRecord> = ListControllerResult<RecordType> & { isSuccess: boolean; allMatchingSelected: boolean };

const NO_FILTER = {};
/** ListControllerResult's filter form state: the filters here are the address's, set through setFilters only. */
const NO_FILTER_FORM = { displayedFilters: NO_FILTER, showFilter: () => undefined, hideFilter: () => undefined };
const NONE: readonly string[] = [];
const text = (value: unknown) => String(value ?? '').trim();

export function usePagedList<RecordType extends RaRecord = RaRecord>(resource: string, options: PagedListOptions): PagedList<RecordType> {
  const { defaults, sortFields = NONE, filter = NO_FILTER, filterParams = NONE, typedParams = NONE, failureOperation, meta, selectionKey = resource, stateKey } = options;
  useRememberListAddress();
  const address = useSearchAddress();
  const names = useMemo(() => listQueryParams(stateKey === undefined ? '' : `${stateKey}.`), [stateKey]);
  const query = useMemo(() => fromSearchParams(address.shown, defaults, sortFields, names), [address.shown, defaults, sortFields, names]);
  /** Writes the list's state, keeping the parameters it does not own (a list's filters, another list's state). */
  const write = (change: (latest: ResolvedListQuery) => ResolvedListQuery, replace = false) => {
    const current = address.latest();
    const next = toSearchParams(change(fromSearchParams(current, defaults, sortFields, names)), names);
    current.forEach((value, name) => (Object.values(names) as string[]).includes(name) || next.append(name, value));
    address.write(next, replace);
  };

  const search = query.search.trim();
  const sort = useMemo(() => ({ field: query.sort, order: query.order }), [query.sort, query.order]);
  const sent: Record<string, unknown> = useMemo(() => (search ? { ...filter, q: search } : filter), [filter, search]);
  const answer = useGetList<RecordType>(resource, { pagination: { page: query.page, perPage: query.perPage }, sort, filter: sent, meta }, { placeholderData: keepPreviousData });
  useFailureNotice(failureOperation, answer);

  // A bookmarked page past the end: the last page, once a real answer (not the previous page kept) says so.
  const pages = pageCount(answer.total ?? 0, query.perPage);
  const pastEnd = answer.isSuccess && !answer.isPlaceholderData && pages > 0 && query.page > pages;
  useEffect(() => {
    // Not while a newer address is on its way: this answer is for the one shown.
    if (pastEnd && address.settled()) write((latest) => ({ ...latest, page: pages }), true);
  });

  const [selectedIds, selection] = useRecordSelection<RecordType>({ resource, storeKey: selectionKey });
  const matchKey = JSON.stringify(sent);
  // The filter 'select all' was made for; another filter ends it and clears the selection made with it.
  const [allMatchingFor, setAllMatchingFor] = useState<string | null>(null);
  const otherFilter = allMatchingFor !== null && allMatchingFor !== matchKey;
  useEffect(() => void (otherFilter && selection.clearSelection()), [otherFilter, selection]);
  const ending = <Args extends unknown[]>(change: (...args: Args) => void) => (...args: Args) => {
    setAllMatchingFor(null);
    change(...args);
  };

  return {
    ...(answer as unknown as PagedList<RecordType>),
    resource,
    page: query.page,
    perPage: query.perPage,
    setPage: (page: number) => write((latest) => ({ ...latest, page })),
    setPerPage: (perPage: number) => write((latest) => withPerPage(latest, perPage)),
    sort,
    // DataTable's header click (the same field toggles, another starts ascending); page back to 1.
    setSort: ({ field, order }: SortPayload) => write((latest) => ({ ...latest, sort: field, order, page: 1 })),
    filterValues: sent,
    ...NO_FILTER_FORM,
    setFilters: (filters: Record<string, unknown>) => {
      const typed = String(filters.q ?? '');
      if ('q' in filters && typed !== fromSearchParams(address.latest(), defaults, sortFields, names).search) write((latest) => ({ ...latest, search: typed, page: 1 }), true);
      // Only what changed (a 'clear' sends every filter, most unchanged); empty ones dropped, page back to 1.
      const params = address.latest();
      const named = filterParams.filter((name) => name in filters && text(filters[name]) !== text(params.get(name)));
      if (named.length === 0) return;
      named.forEach((name) => (text(filters[name]) ? params.set(name, text(filters[name])) : params.delete(name)));
      params.delete(names.page);
      address.write(params, named.every((name) => typedParams.includes(name)));
    },
    selectedIds,
    allMatchingSelected: allMatchingFor === matchKey,
    onSelect: ending(selection.select),
    onToggleItem: ending(selection.toggle),
    onUnselectItems: ending(() => selection.clearSelection()),
    // The page's rows stay selected (what the user sees; react-admin's toolbar shows while any is).
    onSelectAll: () => {
      selection.select((answer.data ?? []).map((record) => record.id));
      setAllMatchingFor(matchKey);
    },
  } as PagedList<RecordType>;
}
