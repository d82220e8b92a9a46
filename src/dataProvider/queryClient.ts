/**
 * The console's one QueryClient, react-admin's cache: the read rules are set here once, never per screen.
 *
 * - Retry: a 4xx answer will not change by asking again (react-query's default of three tries would keep a
 *   'zone not found' behind a spinner for seconds); a network failure, a timeout or a 5xx gets two more tries,
 *   500 ms and then 1 s later. Writes are never retried: a repeated write could happen twice.
 * - Spec section 9: cached data are kept 60 s after their last use.
 * - Frame addresses (key FRAME_ADDRESS_KEY: the dashboard and payment-provider pages) expire after minutes and the
 *   framed page renews its own: one is asked for each time a frame opens, never kept after it closes, and never
 *   asked again while it is open (a new address would reload the frame and lose what the user chose in it).
 * - One publisher's answers never show for another: when the tab's publisher changes, everything but the
 *   reference data is forgotten (forgetOnPublisherChange). The data provider reads the publisher from the
 *   session alone, so no query key needs to name it.
 */
import { QueryClient, notifyManager, type DefaultOptions } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { REFERENCE_RESOURCES } from './resources/reference';
import type { SessionStore } from './session';

// Answers reach the screen in a microtask instead of react-query's default setTimeout(0). Set once for the
// page, when the module that owns the cache rules loads, since the scheduler is react-query's global state (no
// QueryClient has its own). For a user it changes nothing visible: an answer renders one task sooner, and the
// notifications of one tick are still batched into one render. It matters where a page's timers are held or
// throttled while its network answers still arrive: a browser test's paused clock (the chooser's debounce test in
// tests/e2e/chooser.spec.ts holds the clock and would otherwise never see the search's answer), or a hidden tab,
// where a timer waits a second or more.
notifyManager.setScheduler(queueMicrotask);

export const FRAME_ADDRESS_KEY = 'frameAddress';

const QUERY_RETRIES = 2;
const RETRY_DELAY_MS = 500;
const CACHE_TIME_MS = 60_000;

function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/** 500 ms, then 1 s. */
const retryDelay = (failureCount: number) => RETRY_DELAY_MS * 2 ** failureCount;

/** `queries` overrides the timing only (tests retry without waiting); the rules above stay. */
export function createQueryClient(queries: Pick<NonNullable<DefaultOptions['queries']>, 'retryDelay'> = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: retryUnlessClientError, retryDelay, gcTime: CACHE_TIME_MS, ...queries },
      mutations: { retry: false },
    },
  });
  client.setQueryDefaults([FRAME_ADDRESS_KEY], { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false });
  return client;
}

/** Forgets every answer but the reference data when `store`'s publisher changes; returns the unsubscribe. */
export function forgetOnPublisherChange(client: QueryClient, store: Pick<SessionStore, 'get' | 'subscribe'>): () => void {
  let current = store.get().publisher?.id;
  return store.subscribe(() => {
    const next = store.get().publisher?.id;
    if (next === current) return;
    current = next;
    client.removeQueries({ predicate: (query) => !(REFERENCE_RESOURCES as readonly unknown[]).includes(query.queryKey[0]) });
  });
}
