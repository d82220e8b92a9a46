/**
 * Optimistic changes to react-admin's cache, for writes the spec wants shown at once and undone on failure
 * (useWrite's `optimistic`). They work on the keys react-admin's query hooks use, [resource, 'getList' |
 * 'getOne' | 'getMany', params], and undo the way react-admin's optimistic mode does: a snapshot of every query
 * the change touched, put back on failure, after which the write refetches the resource anyway.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { GetListResult, Identifier, RaRecord } from 'ra-core';

export type Snapshot = [QueryKey, unknown][];

export interface OptimisticChange {
  /** The cached queries it changes (partial keys, as react-query matches them). */
  queryKeys: QueryKey[];
  /** Their new value. */
  update: (cached: unknown, queryKey: QueryKey) => unknown;
}

type Ids = ReadonlySet<string>;
const has = (ids: Ids, record: RaRecord) => ids.has(String(record.id));

function isList(value: unknown): value is GetListResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as GetListResult).data);
}

/** The lists of `resource`; with `filter`, only those whose filter holds these values (e.g. one zone's). */
export function listKey(resource: string, filter?: Record<string, unknown>): QueryKey {
  return filter === undefined ? [resource, 'getList'] : [resource, 'getList', { filter }];
}

/** Takes the records `ids` out of the lists of `resource` (narrowed by `filter`). */
export function removeRecords(resource: string, ids: readonly Identifier[], filter?: Record<string, unknown>): OptimisticChange {
  const gone: Ids = new Set(ids.map(String));
  return {
    queryKeys: [listKey(resource, filter)],
    update: (cached) => {
      if (!isList(cached)) return cached;
      const data = cached.data.filter((record) => !has(gone, record));
      return { ...cached, data, total: cached.total === undefined ? undefined : cached.total - (cached.data.length - data.length) };
    },
  };
}

/** Applies `changes` to the record `id` of `resource` wherever it is cached: its getOne, the lists, getMany. */
export function updateRecord(resource: string, id: Identifier, changes: Record<string, unknown>): OptimisticChange {
  const ids: Ids = new Set([String(id)]);
  const patch = (record: RaRecord) => (has(ids, record) ? { ...record, ...changes } : record);
  return {
    queryKeys: [[resource, 'getOne', { id: String(id) }], listKey(resource), [resource, 'getMany']],
    update: (cached, queryKey) => {
      if (queryKey[1] === 'getOne') return typeof cached === 'object' && cached !== null ? { ...cached, ...changes } : cached;
      if (isList(cached)) return { ...cached, data: cached.data.map(patch) };
      return Array.isArray(cached) ? cached.map(patch) : cached;
    },
  };
}

/** Stops refetches that would overwrite the change, applies it and returns what to put back on failure. */
export async function applyOptimistic(queryClient: QueryClient, change: OptimisticChange): Promise<Snapshot> {
  await Promise.all(change.queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const snapshot = change.queryKeys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  for (const [queryKey, cached] of snapshot) {
    if (cached !== undefined) queryClient.setQueryData(queryKey, change.update(cached, queryKey));
  }
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [queryKey, cached] of snapshot) queryClient.setQueryData(queryKey, cached);
}
