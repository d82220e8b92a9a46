// Optimistic changes on react-admin's cache keys: applied at once, narrowed to the lists they concern, and put
// back exactly by the snapshot.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOptimistic, removeRecords, restoreSnapshot, updateRecord } from '../../../src/dataProvider/optimistic';

const list = (zoneId: number) => ['blockedUrls', 'getList', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: { zoneId }, meta: undefined }];

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(list(1), { data: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  queryClient.setQueryData(list(2), { data: [{ id: 2 }], total: 1 });
  queryClient.setQueryData(['zones', 'getOne', { id: '7', meta: undefined }], { id: 7, name: 'Old' });
  queryClient.setQueryData(['zones', 'getList', { filter: {} }], { data: [{ id: 7, name: 'Old' }, { id: 8, name: 'Other' }], total: 2 });
  queryClient.setQueryData(['zones', 'getMany', { ids: ['7'] }], [{ id: 7, name: 'Old' }]);
  return queryClient;
}

describe('optimistic changes', () => {
  it("removes records from the lists of one parent only, and the snapshot puts them back", async () => {
    const queryClient = cache();
    const snapshot = await applyOptimistic(queryClient, removeRecords('blockedUrls', [2], { zoneId: 1 }));
    expect(queryClient.getQueryData(list(1))).toEqual({ data: [{ id: 1 }, { id: 3 }], total: 2 });
    expect(queryClient.getQueryData(list(2))).toEqual({ data: [{ id: 2 }], total: 1 });
    restoreSnapshot(queryClient, snapshot);
    expect(queryClient.getQueryData(list(1))).toEqual({ data: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  });

  it('changes a record wherever react-admin holds it', async () => {
    const queryClient = cache();
    const snapshot = await applyOptimistic(queryClient, updateRecord('zones', 7, { name: 'New' }));
    expect(queryClient.getQueryData(['zones', 'getOne', { id: '7', meta: undefined }])).toEqual({ id: 7, name: 'New' });
    expect(queryClient.getQueryData(['zones', 'getList', { filter: {} }])).toEqual({ data: [{ id: 7, name: 'New' }, { id: 8, name: 'Other' }], total: 2 });
    expect(queryClient.getQueryData(['zones', 'getMany', { ids: ['7'] }])).toEqual([{ id: 7, name: 'New' }]);
    restoreSnapshot(queryClient, snapshot);
    expect(queryClient.getQueryData(['zones', 'getOne', { id: '7', meta: undefined }])).toEqual({ id: 7, name: 'Old' });
  });
});
