/**
 * Optimistic changes to react-admin's cache, for writes the spec wants shown at once and undone on failure
 * (useWrite's `optimistic`). They work on the keys react-admin's query hooks use, [resource, 'getList' |
 * 'getOne' | 'getMany', params].
 *
 * A failed write takes back only its own change from the cache as it is then, never a snapshot of the whole
 * query: writes overlap (delete A, delete B, then A fails), and a snapshot taken before B would bring B back
 * although B may yet succeed, and one taken after A would keep A out although A failed. So a removal puts back
 * the records it took out, next to the neighbours they had, unless the list holds them again; a field change
 * puts back the value it replaced, unless a later write of the same field is still in flight, which then
 * replaces that value instead. The write refetches the resource afterwards anyway (useWrite).
 */
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { GetListResult, Identifier, RaRecord } from 'ra-core';

export type OptimisticChange =
  | { kind: 'remove'; queryKeys: QueryKey[]; ids: ReadonlySet<string> }
  | { kind: 'update'; queryKeys: QueryKey[]; id: string; changes: Record<string, unknown> };

/** What a write does with its change once the server has answered. */
export interface Applied {
  /** The call failed: take this change back out of the cache. */
  rollback(): void;
  /** The call succeeded: the change is the server's now. */
  commit(): void;
}

const same = (record: RaRecord, id: string) => String(record.id) === id;

function isList(value: unknown): value is GetListResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as GetListResult).data);
}

/** The lists of `resource`; with `filter`, only those whose filter holds these values (e.g. one zone's). */
export function listKey(resource: string, filter?: Record<string, unknown>): QueryKey {
  return filter === undefined ? [resource, 'getList'] : [resource, 'getList', { filter }];
}

/** Takes the records `ids` out of the lists of `resource` (narrowed by `filter`). */
export function removeRecords(resource: string, ids: readonly Identifier[], filter?: Record<string, unknown>): OptimisticChange {
  return { kind: 'remove', queryKeys: [listKey(resource, filter)], ids: new Set(ids.map(String)) };
}

/** Applies `changes` to the record `id` of `resource` wherever it is cached: its getOne, the lists, getMany. */
export function updateRecord(resource: string, id: Identifier, changes: Record<string, unknown>): OptimisticChange {
  return {
    kind: 'update',
    queryKeys: [[resource, 'getOne', { id: String(id) }], listKey(resource), [resource, 'getMany']],
    id: String(id),
    changes,
  };
}

interface Removed {
  record: RaRecord;
  index: number;
  before?: string;
  after?: string;
}

/** Puts removed records back beside a neighbour they had, else where they were; skips those present again. */
function putBack(list: GetListResult, removed: readonly Removed[]): GetListResult {
  const data = [...list.data];
  let restored = 0;
  for (const { record, index, before, after } of removed) {
    if (data.some((existing) => same(existing, String(record.id)))) continue;
    const previous = before === undefined ? -1 : data.findIndex((existing) => same(existing, before));
    const next = after === undefined ? -1 : data.findIndex((existing) => same(existing, after));
    const at = previous >= 0 ? previous + 1 : next >= 0 ? next : Math.min(index, data.length);
    data.splice(at, 0, record);
    restored += 1;
  }
  return { ...list, data, total: list.total === undefined ? undefined : list.total + restored };
}

function remove(queryClient: QueryClient, queryKey: QueryKey, list: GetListResult, ids: ReadonlySet<string>): Applied {
  const removed: Removed[] = [];
  list.data.forEach((record, index) => {
    if (!ids.has(String(record.id))) return;
    const before = list.data[index - 1];
    const after = list.data[index + 1];
    removed.push({ record, index, before: before && String(before.id), after: after && String(after.id) });
  });
  const data = list.data.filter((record) => !ids.has(String(record.id)));
  queryClient.setQueryData(queryKey, { ...list, data, total: list.total === undefined ? undefined : list.total - removed.length });
  return {
    rollback: () => queryClient.setQueryData(queryKey, (now: unknown) => (isList(now) ? putBack(now, removed) : now)),
    commit: () => undefined,
  };
}

/** The record `id` in a cached getOne, list or getMany value. */
function recordIn(cached: unknown, queryKey: QueryKey, id: string): Record<string, unknown> | undefined {
  if (queryKey[1] === 'getOne') return typeof cached === 'object' && cached !== null ? (cached as Record<string, unknown>) : undefined;
  const records = isList(cached) ? cached.data : Array.isArray(cached) ? (cached as RaRecord[]) : [];
  return records.find((record) => same(record, id));
}

function withRecord(cached: unknown, queryKey: QueryKey, id: string, patch: Record<string, unknown>): unknown {
  if (queryKey[1] === 'getOne') return typeof cached === 'object' && cached !== null ? { ...cached, ...patch } : cached;
  const patched = (record: RaRecord) => (same(record, id) ? { ...record, ...patch } : record);
  if (isList(cached)) return { ...cached, data: cached.data.map(patched) };
  return Array.isArray(cached) ? (cached as RaRecord[]).map(patched) : cached;
}

/** Field changes in flight, oldest first, per cache, query, record and field; each with the value it replaced. */
interface FieldWrite {
  replaced: unknown;
}
const inFlight = new WeakMap<QueryClient, Map<string, FieldWrite[]>>();

function update(queryClient: QueryClient, queryKey: QueryKey, cached: unknown, id: string, changes: Record<string, unknown>): Applied {
  const record = recordIn(cached, queryKey, id);
  if (!record) return { rollback: () => undefined, commit: () => undefined };
  let writes = inFlight.get(queryClient);
  if (!writes) inFlight.set(queryClient, (writes = new Map()));
  const mine = Object.keys(changes).map((field) => {
    const key = `${hashKey(queryKey)}|${id}|${field}`;
    const write: FieldWrite = { replaced: record[field] };
    writes.set(key, [...(writes.get(key) ?? []), write]);
    return { key, field, write };
  });
  queryClient.setQueryData(queryKey, withRecord(cached, queryKey, id, changes));

  const settle = (failed: boolean) => {
    const restore: Record<string, unknown> = {};
    for (const { key, field, write } of mine) {
      const stack = writes.get(key) ?? [];
      const at = stack.indexOf(write);
      // Gone: a later write of this field succeeded, and its value stands.
      if (at < 0) continue;
      const later = stack[at + 1];
      if (failed && later) later.replaced = write.replaced;
      else if (failed) restore[field] = write.replaced;
      // A success makes the earlier writes of the field moot; a failure removes only itself.
      const rest = failed ? stack.filter((other) => other !== write) : stack.slice(at + 1);
      if (rest.length > 0) writes.set(key, rest);
      else writes.delete(key);
    }
    if (Object.keys(restore).length > 0) {
      queryClient.setQueryData(queryKey, (now: unknown) => (recordIn(now, queryKey, id) ? withRecord(now, queryKey, id, restore) : now));
    }
  };
  return { rollback: () => settle(true), commit: () => settle(false) };
}

/** Stops refetches that would overwrite the change, and applies it to every cached query it concerns. */
export async function applyOptimistic(queryClient: QueryClient, change: OptimisticChange): Promise<Applied> {
  await Promise.all(change.queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const applied = change.queryKeys
    .flatMap((queryKey) => queryClient.getQueriesData({ queryKey }))
    .flatMap(([queryKey, cached]): Applied[] => {
      if (cached === undefined) return [];
      if (change.kind === 'update') return [update(queryClient, queryKey, cached, change.id, change.changes)];
      return isList(cached) ? [remove(queryClient, queryKey, cached, change.ids)] : [];
    });
  return {
    rollback: () => applied.forEach((one) => one.rollback()),
    commit: () => applied.forEach((one) => one.commit()),
  };
}
