import { describe, expect, it } from 'vitest';
import { sortRows } from '../../../src/lib/listQuery';

describe('table sort', () => {
  const rows = [
    { id: 10, name: '300x250-10' },
    { id: 2, name: '300x250-2' },
    { id: 33, name: 'banner' },
    { id: 4, name: 'Banner' },
  ];
  const valueOf = (row: (typeof rows)[number], field: 'id' | 'name') => row[field];

  it('compares numbers as numbers', () => {
    expect(sortRows(rows, { field: 'id', order: 'ASC' }, valueOf, 'en').map((row) => row.id)).toEqual([2, 4, 10, 33]);
    expect(sortRows(rows, { field: 'id', order: 'DESC' }, valueOf, 'en').map((row) => row.id)).toEqual([33, 10, 4, 2]);
  });

  it('compares text without case, digits by value, and keeps the given order for ties', () => {
    expect(sortRows(rows, { field: 'name', order: 'ASC' }, valueOf, 'en').map((row) => row.name)).toEqual([
      '300x250-2',
      '300x250-10',
      'banner',
      'Banner',
    ]);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortRows(rows, { field: 'id', order: 'DESC' }, valueOf, 'en');
    expect(rows).toEqual(copy);
  });
});
