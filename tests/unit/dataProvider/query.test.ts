import { describe, expect, it } from 'vitest';
import {
  searchTerm,
  toDirection,
  toIds,
  toPageQuery,
  toSortQuery,
  toZoneSearchFilter,
  toZoneUpdate,
} from '../../../src/dataProvider/query';
import { zone } from '../../support/builders';

describe('toPageQuery', () => {
  it('turns the one-based page into the zero-based one', () => {
    expect(toPageQuery({ page: 1, perPage: 20 }, 10)).toEqual({ page: 0, size: 20 });
    expect(toPageQuery({ page: 3, perPage: 50 }, 10)).toEqual({ page: 2, size: 50 });
  });

  it('uses the default size and the first page when react-admin sends none', () => {
    expect(toPageQuery(undefined, 20)).toEqual({ page: 0, size: 20 });
  });

  it("keeps the size inside the contract's 1..100", () => {
    expect(toPageQuery({ page: 1, perPage: 1000 }, 20).size).toBe(100);
    expect(toPageQuery({ page: 1, perPage: 0 }, 20).size).toBe(1);
    expect(toPageQuery({ page: 0, perPage: Number.NaN }, 20)).toEqual({ page: 0, size: 20 });
  });
});

describe('toDirection', () => {
  it('accepts ASC and DESC in any case', () => {
    expect(toDirection('ASC', 'DESC')).toBe('ASC');
    expect(toDirection('desc', 'ASC')).toBe('DESC');
  });

  it('falls back otherwise', () => {
    expect(toDirection(undefined, 'DESC')).toBe('DESC');
    expect(toDirection('sideways', 'ASC')).toBe('ASC');
  });
});

describe('toSortQuery', () => {
  const fields = { id: 'trackingId', name: 'name' } as const;
  const defaults = { sortBy: 'name', direction: 'ASC' } as const;

  it('maps the column to the API field and the order to the direction', () => {
    expect(toSortQuery({ field: 'id', order: 'DESC' }, fields, defaults)).toEqual({ sortBy: 'trackingId', direction: 'DESC' });
  });

  it('uses the default field for an unknown column, keeping the order', () => {
    expect(toSortQuery({ field: 'createdAt', order: 'DESC' }, fields, defaults)).toEqual({ sortBy: 'name', direction: 'DESC' });
  });

  it('uses the defaults without a sort', () => {
    expect(toSortQuery(undefined, fields, defaults)).toEqual(defaults);
  });

  it('does not take inherited object keys for columns', () => {
    expect(toSortQuery({ field: 'toString', order: 'ASC' }, fields, defaults).sortBy).toBe('name');
  });
});

describe('searchTerm', () => {
  it('trims q and drops empty values', () => {
    expect(searchTerm({ q: '  news ' })).toBe('news');
    expect(searchTerm({ q: '   ' })).toBeUndefined();
    expect(searchTerm({ q: 42 })).toBe('42');
    expect(searchTerm({})).toBeUndefined();
    expect(searchTerm(undefined)).toBeUndefined();
    expect(searchTerm({ q: ['a'] })).toBeUndefined();
  });
});

describe('toZoneSearchFilter', () => {
  it('searches names by the term', () => {
    expect(toZoneSearchFilter({ q: 'Home' })).toEqual({ names: ['Home'] });
  });

  it('searches ids too when the term is all digits', () => {
    expect(toZoneSearchFilter({ q: ' 5001 ' })).toEqual({ names: ['5001'], trackingIds: [5001] });
  });

  it('does not search ids for digits outside the id range', () => {
    expect(toZoneSearchFilter({ q: '0' })).toEqual({ names: ['0'] });
    expect(toZoneSearchFilter({ q: '99999999999' })).toEqual({ names: ['99999999999'] });
    expect(toZoneSearchFilter({ q: '12a' })).toEqual({ names: ['12a'] });
  });

  it('sends nothing without a term, and cuts long terms to the contract limit', () => {
    expect(toZoneSearchFilter({})).toEqual({});
    expect(toZoneSearchFilter({ q: 'x'.repeat(150) }).names?.[0]).toHaveLength(100);
  });
});

describe('toZoneUpdate', () => {
  const previous = zone({ name: 'Old', vertical: { id: 3, name: 'News' }, zoneGrade: { id: 2, name: 'B' }, msaStartDate: '2024-01-01' });

  it('sends the whole settings with the edited name', () => {
    expect(toZoneUpdate({ name: 'New' }, previous)).toEqual({
      enabled: true,
      name: 'New',
      typeId: 1,
      verticalId: 3,
      zoneGradeId: 2,
      msaStartDate: '2024-01-01',
    });
  });

  it('prefers edited ids over nested objects, and allows clearing them', () => {
    const data = { ...previous, verticalId: 8, zoneGrade: null, msaStartDate: null };
    expect(toZoneUpdate(data, previous)).toMatchObject({ verticalId: 8, zoneGradeId: null, msaStartDate: null });
  });

  it('fails clearly when neither side has the required fields', () => {
    expect(() => toZoneUpdate({ name: 'x' }, {})).toThrow('A zone update needs enabled, name and typeId');
  });
});

describe('toIds', () => {
  it('accepts numbers and numeric strings', () => {
    expect(toIds([1, '22'])).toEqual([1, 22]);
  });

  it('refuses anything else', () => {
    expect(() => toIds(['abc'])).toThrow('Not an id: abc');
    expect(() => toIds([0])).toThrow('Not an id: 0');
  });
});
