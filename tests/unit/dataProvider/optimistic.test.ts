// Optimistic changes on react-admin's cache keys: applied at once, narrowed to the lists they concern, and on
// failure taken back out of the cache as it is then, so overlapping writes keep each other's changes.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOptimistic, removeRecords, updateRecord } from '../../../src/dataProvider/optimistic';

const list = (zoneId: number) => ['blockedUrls', 'getList', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: { zoneId }, meta: undefined }];
const one = ['zones', 'getOne', { id: '7', meta: undefined }];
const zones = ['zones', 'getList', { filter: {} }];
const many = ['zones', 'getMany', { ids: ['7'] }];

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(list(1), { data: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  queryClient.setQueryData(list(2), { data: [{ id: 2 }], total: 1 });
  queryClient.setQueryData(one, { id: 7, name: 'Old', active: true });
  queryClient.setQueryData(zones, { data: [{ id: 7, name: 'Old', active: true }, { id: 8, name: 'Other', active: true }], total: 2 });
  queryClient.setQueryData(many, [{ id: 7, name: 'Old', active: true }]);
  return queryClient;
}

const ids = (queryClient: QueryClient) => queryClient.getQueryData<{ data: { id: number }[]; total: number }>(list(1));
const remove = (queryClient: QueryClient, id: number) => applyOptimistic(queryClient, removeRecords('blockedUrls', [id], { zoneId: 1 }));
const names = (queryClient: QueryClient) => [
  queryClient.getQueryData<{ name: string }>(one)?.name,
  queryClient.getQueryData<{ data: { name: string }[] }>(zones)?.data[0]?.name,
  queryClient.getQueryData<{ name: string }[]>(many)?.[0]?.name,
];
const rename = (queryClient: QueryClient, name: string) => applyOptimistic(queryClient, updateRecord('zones', 7, { name }));

describe('optimistic removals', () => {
  it('remove records from the lists of one parent only, and a failure puts them back', async () => {
    const queryClient = cache();
    const removal = await remove(queryClient, 2);
    expect(ids(queryClient)).toEqual({ data: [{ id: 1 }, { id: 3 }], total: 2 });
    expect(queryClient.getQueryData(list(2))).toEqual({ data: [{ id: 2 }], total: 1 });
    removal.rollback();
    expect(ids(queryClient)).toEqual({ data: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  });

  it.each([
    ['in the order they started', [0, 1]],
    ['in the other order', [1, 0]],
  ])('that overlap and both fail end with the original list, failing %s', async (_order, order) => {
    const queryClient = cache();
    const removals = [await remove(queryClient, 1), await remove(queryClient, 2)];
    expect(ids(queryClient)).toEqual({ data: [{ id: 3 }], total: 1 });
    for (const index of order) removals[index]!.rollback();
    expect(ids(queryClient)).toEqual({ data: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  });

  it.each([
    ['the first fails and the second succeeds', 0, [{ id: 1 }, { id: 3 }]],
    ['the second fails and the first succeeds', 1, [{ id: 2 }, { id: 3 }]],
  ])('that overlap show what the server holds when %s', async (_case, failing, expected) => {
    const queryClient = cache();
    const removals = [await remove(queryClient, 1), await remove(queryClient, 2)];
    removals[1 - failing]!.commit();
    removals[failing]!.rollback();
    expect(ids(queryClient)).toEqual({ data: expected, total: 2 });
  });

  it('put several records of one write back in their order, and none the list holds again', async () => {
    const queryClient = cache();
    const removal = await applyOptimistic(queryClient, removeRecords('blockedUrls', [1, 2], { zoneId: 1 }));
    expect(ids(queryClient)).toEqual({ data: [{ id: 3 }], total: 1 });
    // A refetch meanwhile brought record 2 back.
    queryClient.setQueryData(list(1), { data: [{ id: 2 }, { id: 3 }], total: 2 });
    removal.rollback();
    expect(ids(queryClient)).toEqual({ data: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  });
});

describe('optimistic field changes', () => {
  it('change a record wherever react-admin holds it, and a failure puts back only the fields they changed', async () => {
    const queryClient = cache();
    const renamed = await rename(queryClient, 'New');
    expect(names(queryClient)).toEqual(['New', 'New', 'New']);
    expect(queryClient.getQueryData<{ data: { name: string }[] }>(zones)?.data[1]).toEqual({ id: 8, name: 'Other', active: true });
    const paused = await applyOptimistic(queryClient, updateRecord('zones', 7, { active: false }));
    renamed.rollback();
    expect(names(queryClient)).toEqual(['Old', 'Old', 'Old']);
    expect(queryClient.getQueryData(one)).toEqual({ id: 7, name: 'Old', active: false });
    paused.commit();
  });

  it.each([
    ['both fail, the first first', ['rollback', 'rollback'], [0, 1], 'Old'],
    ['both fail, the second first', ['rollback', 'rollback'], [1, 0], 'Old'],
    ['the first fails, the second succeeds', ['rollback', 'commit'], [0, 1], 'Second'],
    ['the second succeeds, then the first fails', ['rollback', 'commit'], [1, 0], 'Second'],
    ['the first succeeds, the second fails', ['commit', 'rollback'], [0, 1], 'First'],
    ['the second fails, then the first succeeds', ['commit', 'rollback'], [1, 0], 'First'],
  ] as const)('of two overlapping renames show what the server holds when %s', async (_case, outcomes, order, expected) => {
    const queryClient = cache();
    const renames = [await rename(queryClient, 'First'), await rename(queryClient, 'Second')];
    expect(names(queryClient)).toEqual(['Second', 'Second', 'Second']);
    for (const index of order) renames[index]![outcomes[index]!]();
    expect(names(queryClient)).toEqual([expected, expected, expected]);
  });
});
