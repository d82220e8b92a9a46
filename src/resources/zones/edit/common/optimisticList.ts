/**
 * Optimistic removal from a cached list with a rollback that puts back only what this change removed, where it
 * was. Restoring a whole snapshot instead would also bring back rows that another removal, started meanwhile,
 * took away for good.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface Removed<T> {
  item: T;
  index: number;
}

export function removeItems<T>(items: readonly T[], matches: (item: T) => boolean): { next: T[]; removed: Removed<T>[] } {
  const removed: Removed<T>[] = [];
  const next: T[] = [];
  items.forEach((item, index) => {
    if (matches(item)) removed.push({ item, index });
    else next.push(item);
  });
  return { next, removed };
}

/** Puts removed items back at their former positions (clamped), skipping any the list holds again. */
export function restoreItems<T>(items: readonly T[], removed: readonly Removed<T>[], same: (a: T, b: T) => boolean): T[] {
  const next = [...items];
  for (const { item, index } of [...removed].sort((a, b) => a.index - b.index)) {
    if (next.some((existing) => same(existing, item))) continue;
    next.splice(Math.min(index, next.length), 0, item);
  }
  return next;
}

/**
 * Removes the matching rows from the cached list now (after stopping a refetch that would overwrite it) and
 * returns the rollback.
 */
export async function removeFromCache<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  matches: (item: T) => boolean,
  same: (a: T, b: T) => boolean,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey });
  const current = queryClient.getQueryData<T[]>(queryKey);
  if (current === undefined) return () => undefined;
  const { next, removed } = removeItems(current, matches);
  queryClient.setQueryData<T[]>(queryKey, next);
  return () => queryClient.setQueryData<T[]>(queryKey, (now) => restoreItems(now ?? [], removed, same));
}
