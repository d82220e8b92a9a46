/**
 * List state kept in the URL (spec section 4 'Lists', sections 5 and 9 pagination). No message keys.
 *
 * - Sorting: clicking the sorted column toggles ASC/DESC; another column starts at ASC.
 * - Changing the page size or the search term resets the page to 1.
 * - The address uses the spec's list query parameters (section 3): page, size, sortBy, direction, searchTerm.
 * - Empty values (undefined, null, '', white space only, NaN) are dropped from the URL query; other values are
 *   written as given, in that order.
 * - The pager shows only with more than one page; the size selector only when the total exceeds 10.
 * - UI pages are one-based, the API's zero-based.
 */
import { PAGE_SIZE_OPTIONS } from './limits';

export type SortOrder = 'ASC' | 'DESC';
export interface SortState<Field extends string = string> {
  field: Field;
  order: SortOrder;
}

export interface ListQueryState {
  page?: number;
  perPage?: number;
  sort?: string;
  order?: string;
  search?: string;
}

export const SEARCH_DEBOUNCE_MS = 300;
export const EMPTY_STATE_DELAY_MS = 500;
/** Zones list, inclusive inventory and payments start at page 1 with 20 rows; zones sort by name ascending. */
export const ZONES_LIST_DEFAULTS = { page: 1, perPage: 20, sort: 'name', order: 'ASC' } as const;

export function nextSort<Field extends string = string>(current: SortState<Field>, clicked: Field): SortState<Field> {
  if (current.field === clicked) return { field: clicked, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
  return { field: clicked, order: 'ASC' };
}

/** The address parameter of each part of a list's state (the spec's list query parameters). */
export const LIST_QUERY_PARAMS = { page: 'page', perPage: 'size', sort: 'sortBy', order: 'direction', search: 'searchTerm' } as const;
/** The address parameters a list's own state uses; any other (a list's filters) is the list's business. */
export const LIST_QUERY_KEYS: readonly string[] = Object.values(LIST_QUERY_PARAMS);
const STATE_KEYS = Object.keys(LIST_QUERY_PARAMS) as (keyof typeof LIST_QUERY_PARAMS)[];

export type ListQueryParamNames = Record<keyof typeof LIST_QUERY_PARAMS, string>;

/**
 * The parameter names of a list whose state sits under `prefix` in the address ('domains.' gives 'domains.page',
 * 'domains.searchTerm'...): several lists on one screen (the three blocked lists) each keep their own page and
 * filter in one address. No prefix: the spec's names.
 */
export function listQueryParams(prefix = ''): ListQueryParamNames {
  return Object.fromEntries(STATE_KEYS.map((key) => [key, `${prefix}${LIST_QUERY_PARAMS[key]}`])) as ListQueryParamNames;
}

function isEmpty(value: string | number | undefined | null): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return value.trim() === '';
}

export function toSearchParams(state: ListQueryState, names: ListQueryParamNames = LIST_QUERY_PARAMS): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of STATE_KEYS) {
    const value = state[key];
    if (!isEmpty(value)) params.set(names[key], String(value));
  }
  return params;
}

/** New page size: back to page 1. */
export function withPerPage<S extends ListQueryState>(state: S, perPage: number): S {
  return { ...state, perPage, page: 1 };
}

/** New search term: back to page 1 (the caller debounces by SEARCH_DEBOUNCE_MS). */
export function withSearch<S extends ListQueryState>(state: S, search: string): S {
  return { ...state, search, page: 1 };
}

export function showPager(totalPages: number): boolean {
  return totalPages > 1;
}

export function showPageSizeSelector(total: number): boolean {
  return total > 10;
}

/** One-based UI page to the API's zero-based page (never below 0). */
export function toApiPage(uiPage: number): number {
  return Math.max(0, Math.floor(uiPage) - 1);
}

export interface ResolvedListQuery {
  page: number;
  perPage: number;
  sort: string;
  order: SortOrder;
  search: string;
}

export interface ListQueryDefaults {
  page: number;
  perPage: number;
  sort: string;
  order: SortOrder;
}

/**
 * The list state a URL query states (a bookmark, a reload, a link), every value checked so a hand-edited or stale
 * address still shows a list: a page that is not a whole number >= 1, a size outside PAGE_SIZE_OPTIONS, a sort
 * field not in `sortFields` or an order other than ASC/DESC (any case) gives the default. A sort field given
 * without an order starts at ASC, as a click on it would. The search term is kept as typed.
 */
export function fromSearchParams(
  params: URLSearchParams,
  defaults: ListQueryDefaults,
  sortFields: readonly string[],
  names: ListQueryParamNames = LIST_QUERY_PARAMS,
): ResolvedListQuery {
  const pageText = params.get(names.page)?.trim() ?? '';
  const page = /^\d+$/.test(pageText) && Number(pageText) >= 1 && Number.isSafeInteger(Number(pageText)) ? Number(pageText) : defaults.page;
  const perPageValue = Number(params.get(names.perPage) ?? Number.NaN);
  const perPage = (PAGE_SIZE_OPTIONS as readonly number[]).includes(perPageValue) ? perPageValue : defaults.perPage;
  const sortText = params.get(names.sort) ?? '';
  const sortGiven = sortFields.includes(sortText);
  const orderText = params.get(names.order)?.toUpperCase();
  const order: SortOrder =
    orderText === 'ASC' || orderText === 'DESC' ? orderText : sortGiven ? 'ASC' : defaults.order;
  return { page, perPage, sort: sortGiven ? sortText : defaults.sort, order, search: params.get(names.search) ?? '' };
}

/** Total pages for a total and page size (0 rows: 0 pages). */
export function pageCount(total: number, perPage: number): number {
  return perPage > 0 ? Math.ceil(total / perPage) : 0;
}

/**
 * A whole list's rows in the order of a header click (spec section 4 'Lists'): numbers as numbers, text in the
 * user's language, case-insensitive, '300x250-2' before '300x250-10'; ties keep the API's order.
 */
export function sortRows<Row, Field extends string>(rows: readonly Row[], sort: { field: Field; order: string }, valueOf: (row: Row, field: Field) => string | number, locale: string): Row[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.order === 'ASC' ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b)));
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.field) }))
    .sort((a, b) => sign * compare(a.value, b.value) || a.index - b.index)
    .map((entry) => entry.row);
}
