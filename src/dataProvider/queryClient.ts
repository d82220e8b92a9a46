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
 * - Answers reach the screen in a microtask, not react-query's default setTimeout(0): a timer of a hidden tab
 *   waits a second or more, and a page whose timers are held would never show an answer.
 */
import { QueryClient, notifyManager, type DefaultOptions } from '@tanstack/react-query';
import { HttpError } from 'ra-core';

export const QUERY_RETRIES = 2;
export const RETRY_DELAY_MS = 500;
export const CACHE_TIME_MS = 60_000;
export const FRAME_ADDRESS_KEY = 'frameAddress';

export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/** 500 ms, then 1 s. */
export const retryDelay = (failureCount: number) => RETRY_DELAY_MS * 2 ** failureCount;

/** `queries` overrides the timing only (tests retry without waiting); the rules above stay. */
export function createQueryClient(queries: Pick<NonNullable<DefaultOptions['queries']>, 'retryDelay'> = {}): QueryClient {
  notifyManager.setScheduler(queueMicrotask);
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: retryUnlessClientError, retryDelay, gcTime: CACHE_TIME_MS, ...queries },
      mutations: { retry: false },
    },
  });
  client.setQueryDefaults([FRAME_ADDRESS_KEY], { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false });
  return client;
}
