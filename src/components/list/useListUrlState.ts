/**
 * A list's page, size, sort and search kept in the address (spec section 4 'Lists'), as a clean, bookmarkable
 * query: /zones?page=2&perPage=50&sort=trackingId&order=DESC&search=sports, empty values dropped.
 *
 * Why not react-admin's own location sync (useListController): it writes the filter as JSON
 * (`filter=%7B%22q%22%3A...%7D&displayedFilters=...`), which is neither the spec's query nor readable in a
 * bookmark. The rules (parsing, resets, sort toggling) are the pure helpers of src/lib/listQuery.ts; this hook
 * only reads and writes the router's search params.
 *
 * Page, size and sort changes push a history entry (Back returns to the previous page of the list); a search
 * replaces the current one, so a word typed in several bursts does not leave a trail of half-typed entries.
 *
 * The list's address as the user left it is remembered for the session (react-admin's memory store, per
 * publisher), so a link back to the list (useListReturnPath) returns to the same page, size, sort and search, as
 * the browser's Back does.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'react-admin';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../../dataProvider/session';
import {
  fromSearchParams,
  listQueryParams,
  nextSort,
  toSearchParams,
  withPerPage,
  withSearch,
  type ListQueryDefaults,
  type ResolvedListQuery,
} from '../../lib/listQuery';

export interface ListUrlState {
  query: ResolvedListQuery;
  /** `replace` corrects the address without a history entry (e.g. a bookmarked page past the end). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPerPage: (perPage: number) => void;
  /** A click on a sortable column header. */
  toggleSort: (field: string) => void;
  setSearch: (search: string) => void;
}

function useRememberedSearch(listPath: string) {
  const publisherId = useSession().publisher?.id ?? 0;
  return useStore<string>(`portal.listAddress.${publisherId}.${listPath}`, '');
}

/** The address of the list at `listPath` as the user last left it ('/zones?page=3&search=news'). */
export function useListReturnPath(listPath: string): string {
  const [search] = useRememberedSearch(listPath);
  return `${listPath}${search}`;
}

/**
 * `prefix` puts the list's parameters under a name of their own ('domains.page', 'domains.searchTerm'), for a
 * screen with several lists, each keeping its own state in the one address.
 */
export function useListUrlState(defaults: ListQueryDefaults, sortFields: readonly string[], prefix = ''): ListUrlState {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const location = useLocation();
  const [, remember] = useRememberedSearch(location.pathname);
  useEffect(() => remember(location.search), [remember, location.search]);
  const names = useMemo(() => listQueryParams(prefix), [prefix]);
  // Parsed once per distinct query, so `query` keeps its identity between renders.
  const query = useMemo(() => fromSearchParams(new URLSearchParams(key), defaults, sortFields, names), [key, defaults, sortFields, names]);

  const write = useCallback(
    // Parameters the list state does not own (a list's filters, e.g. the history's kind, or another list's state)
    // are kept as they are.
    (next: ResolvedListQuery, replace = false) =>
      setParams(
        (current) => {
          const params = toSearchParams(next, names);
          const own: readonly string[] = Object.values(names);
          current.forEach((value, key) => {
            if (!own.includes(key)) params.append(key, value);
          });
          return params;
        },
        { replace },
      ),
    [setParams, names],
  );

  return {
    query,
    setPage: useCallback((page: number, options?: { replace?: boolean }) => write({ ...query, page }, options?.replace), [query, write]),
    setPerPage: useCallback((perPage: number) => write(withPerPage(query, perPage)), [query, write]),
    toggleSort: useCallback(
      (field: string) => {
        const sort = nextSort({ field: query.sort, order: query.order }, field);
        // A new order makes the current page number meaningless: back to page 1, as react-admin's lists do.
        write({ ...query, sort: sort.field, order: sort.order, page: 1 });
      },
      [query, write],
    ),
    setSearch: useCallback(
      (search: string) => {
        if (search === query.search) return;
        write(withSearch(query, search), true);
      },
      [query, write],
    ),
  };
}
