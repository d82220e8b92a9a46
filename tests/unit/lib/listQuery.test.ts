import { describe, expect, it } from 'vitest';
import {
  nextSort,
  PAGE_SIZE_OPTIONS,
  showPager,
  showPageSizeSelector,
  toApiPage,
  toSearchParams,
  withPerPage,
  withSearch,
  ZONES_LIST_DEFAULTS,
} from '../../../src/lib/listQuery';

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
    expect(params.toString()).toBe('page=2&perPage=20&sort=name&order=DESC&search=news');
  });

  it('drops empty values', () => {
    expect(toSearchParams({}).toString()).toBe('');
    expect(toSearchParams({ page: 1, search: '', sort: '   ', order: undefined, perPage: Number.NaN }).toString()).toBe(
      'page=1',
    );
  });

  it('keeps zero and encodes text', () => {
    expect(toSearchParams({ page: 0, search: 'a&b c' }).toString()).toBe('page=0&search=a%26b+c');
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
