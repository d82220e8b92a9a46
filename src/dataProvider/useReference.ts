/**
 * Reference data (resources/reference.ts): read whole through react-admin's useGetList and kept fresh for
 * 10 minutes, so every screen that needs the slot sizes or the services asks the server once.
 */
import { useGetList } from 'ra-core';
import type { ReferenceRecords, ReferenceResource } from './resources';

/** Reference data changes with a deployment, not while someone works. */
export const REFERENCE_STALE_MS = 10 * 60 * 1000;

/** `enabled: false` holds the read back (a screen asking for its main data first). */
export function useReference<R extends ReferenceResource>(resource: R, filter?: Record<string, unknown>, { enabled = true }: { enabled?: boolean } = {}) {
  return useGetList<ReferenceRecords[R]>(resource, { filter }, { staleTime: REFERENCE_STALE_MS, enabled });
}
