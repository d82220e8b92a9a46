import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { removeFromCache, removeItems, restoreItems } from '../../../../../src/resources/zones/edit/common/optimisticList';

const same = (a: { id: number }, b: { id: number }) => a.id === b.id;
const rows = [1, 2, 3, 4].map((id) => ({ id }));

describe('optimistic list removal', () => {
  it('removes the matching rows and remembers where they were', () => {
    const { next, removed } = removeItems(rows, (row) => row.id === 2 || row.id === 4);
    expect(next).toEqual([{ id: 1 }, { id: 3 }]);
    expect(removed).toEqual([
      { item: { id: 2 }, index: 1 },
      { item: { id: 4 }, index: 3 },
    ]);
  });

  it('puts rows back where they were', () => {
    const { next, removed } = removeItems(rows, (row) => row.id === 2);
    expect(restoreItems(next, removed, same)).toEqual(rows);
  });

  it('does not bring back what another removal took meanwhile, nor duplicate a row that came back', () => {
    const first = removeItems(rows, (row) => row.id === 2);
    const second = removeItems(first.next, (row) => row.id === 3);
    expect(restoreItems(second.next, first.removed, same)).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    expect(restoreItems(rows, first.removed, same)).toEqual(rows);
  });

  it('clamps a position past the end of a shorter list', () => {
    expect(restoreItems([], [{ item: { id: 9 }, index: 5 }], same)).toEqual([{ id: 9 }]);
  });

  it('removes from a cached query and rolls back only that change', async () => {
    const client = new QueryClient();
    client.setQueryData(['rows'], rows);
    const rollbackTwo = await removeFromCache(client, ['rows'], (row: { id: number }) => row.id === 2, same);
    await removeFromCache(client, ['rows'], (row: { id: number }) => row.id === 3, same);
    expect(client.getQueryData(['rows'])).toEqual([{ id: 1 }, { id: 4 }]);
    rollbackTwo();
    expect(client.getQueryData(['rows'])).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
  });

  it('does nothing for a list that is not cached', async () => {
    const client = new QueryClient();
    const rollback = await removeFromCache(client, ['none'], () => true, same);
    rollback();
    expect(client.getQueryData(['none'])).toBeUndefined();
  });
});
