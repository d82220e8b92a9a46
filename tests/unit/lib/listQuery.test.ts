import { describe, expect, it } from 'vitest';
import {
  fromSearchParams,
  listQueryParams,
  nextSort,
  pageCount,
  showPager,
  showPageSizeSelector,
  toApiPage,
  toSearchParams,
  withPerPage,
  withSearch,
  ZONES_LIST_DEFAULTS,
} from '../../../src/lib/listQuery';
import { PAGE_SIZE_OPTIONS } from '../../../src/lib/limits';

describe('nextSort', () => {
  it('toggles the order when the same column is clicked', () => {
    expect(nextSort({ field: 'name', order: 'ASC' }, 'name')).toEqual({ field: 'name', order: 'DESC' });
    expect(nextSort({ field: 'name', order: 'DESC' }, 'name')).toEqual({ field: 'name', order: 'ASC' });
  });

  it('starts another column at ASC', () => {
    expect(nextSort({ field: 'name', order: 'DESC' }, 'id')).toEqual({ field: 'id', order: 'ASC' });
    expect(nextSort({ field: 'name', order: 'ASC' }, 'id')).toEqual({ field: 'id', order: 'ASC' });
  });
});

describe('toSearchParams', () => {
  it('writes every non-empty value in a stable order', () => {
    const params = toSearchParams({ search: 'news', order: 'DESC', sort: 'name', perPage: 20, page: 2 });
    expect(params.toString()).toBe('page=2&size=20&sortBy=name&direction=DESC&searchTerm=news');
  });

  it('drops empty values', () => {
    expect(toSearchParams({}).toString()).toBe('');
    expect(toSearchParams({ page: 1, search: '', sort: '   ', order: undefined, perPage: Number.NaN }).toString()).toBe(
      'page=1',
    );
  });

  it('keeps zero and encodes text', () => {
    expect(toSearchParams({ page: 0, search: 'a&b c' }).toString()).toBe('page=0&searchTerm=a%26b+c');
  });
});

describe('page resets', () => {
  it('goes back to page 1 when the page size or search changes', () => {
    expect(withPerPage({ page: 4, perPage: 10, search: 'x' }, 50)).toEqual({ page: 1, perPage: 50, search: 'x' });
    expect(withSearch({ page: 3, perPage: 20 }, 'news')).toEqual({ page: 1, perPage: 20, search: 'news' });
  });
});

describe('pagination visibility', () => {
  it('offers the spec page sizes', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100]);
    expect(ZONES_LIST_DEFAULTS).toEqual({ page: 1, perPage: 20, sort: 'name', order: 'ASC' });
  });

  it('shows the pager only with more than one page', () => {
    expect(showPager(0)).toBe(false);
    expect(showPager(1)).toBe(false);
    expect(showPager(2)).toBe(true);
  });

  it('shows the size selector only when the total exceeds 10', () => {
    expect(showPageSizeSelector(0)).toBe(false);
    expect(showPageSizeSelector(10)).toBe(false);
    expect(showPageSizeSelector(11)).toBe(true);
  });

  it('converts one-based UI pages to zero-based API pages', () => {
    expect(toApiPage(1)).toBe(0);
    expect(toApiPage(3)).toBe(2);
    expect(toApiPage(0)).toBe(0);
  });
});

describe('fromSearchParams', () => {
  const fields = ['name', 'trackingId', 'numberOfSlots'];
  const read = (query: string) => fromSearchParams(new URLSearchParams(query), ZONES_LIST_DEFAULTS, fields);

  it('gives the defaults for an empty query', () => {
    expect(read('')).toEqual({ page: 1, perPage: 20, sort: 'name', order: 'ASC', search: '' });
  });

  it('reads every value a bookmark holds', () => {
    expect(read('searchTerm=sports&page=2&size=50&sortBy=trackingId&direction=DESC')).toEqual({
      page: 2,
      perPage: 50,
      sort: 'trackingId',
      order: 'DESC',
      search: 'sports',
    });
  });

  it('round-trips with toSearchParams', () => {
    const state = { page: 3, perPage: 100, sort: 'numberOfSlots', order: 'DESC' as const, search: 'a&b = c' };
    expect(read(toSearchParams(state).toString())).toEqual(state);
  });

  it('keeps several lists in one address, each under its own prefix (the blocking screen)', () => {
    const domains = listQueryParams('domains.');
    const advertisers = listQueryParams('advertisers.');
    const address = new URLSearchParams(`${toSearchParams({ page: 2, search: 'ab' }, domains)}&${toSearchParams({ page: 5 }, advertisers)}&hideGlobal=true`);
    expect(address.toString()).toBe('domains.page=2&domains.searchTerm=ab&advertisers.page=5&hideGlobal=true');
    expect(fromSearchParams(address, ZONES_LIST_DEFAULTS, fields, domains)).toMatchObject({ page: 2, search: 'ab' });
    expect(fromSearchParams(address, ZONES_LIST_DEFAULTS, fields, advertisers)).toMatchObject({ page: 5, search: '' });
    expect(read(address.toString())).toMatchObject({ page: 1, search: '' });
    expect(listQueryParams()).toEqual({ page: 'page', perPage: 'size', sort: 'sortBy', order: 'direction', search: 'searchTerm' });
  });

  it('replaces values that are not allowed by the defaults', () => {
    expect(read('page=0&size=7&sortBy=password&direction=up')).toEqual({ page: 1, perPage: 20, sort: 'name', order: 'ASC', search: '' });
    expect(read('page=2.5')).toMatchObject({ page: 1 });
    expect(read('page=-1')).toMatchObject({ page: 1 });
    expect(read('page=1e3')).toMatchObject({ page: 1 });
    expect(read('page=99999999999999999999')).toMatchObject({ page: 1 });
    expect(read('size=1000')).toMatchObject({ perPage: 20 });
  });

  it('accepts the order in any case and starts a named column ascending', () => {
    expect(read('direction=desc')).toMatchObject({ sort: 'name', order: 'DESC' });
    expect(read('sortBy=trackingId')).toMatchObject({ sort: 'trackingId', order: 'ASC' });
  });

  it('keeps the search term as typed', () => {
    expect(read('searchTerm=%20news%20')).toMatchObject({ search: ' news ' });
  });
});

describe('pageCount', () => {
  it('counts whole and partial pages', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(10_000, 100)).toBe(100);
  });
});
