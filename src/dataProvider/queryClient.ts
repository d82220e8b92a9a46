/**
 * The console's one QueryClient, react-admin's cache: the read rules are set here once, never per screen.
 *
 * - Retry: a 4xx answer will not change by asking again (react-query's default of three tries would keep a
 *   'zone not found' behind a spinner for seconds); a network failure, a timeout or a 5xx gets two more tries,
 *   500 ms and then 1 s later. Writes are never retried: a repeated write could happen twice.
 * - Spec section 9: cached data are kept 60 s after their last use.
 * - Answers reach the screen in a microtask, not react-query's default setTimeout(0): a timer of a hidden tab
 *   waits a second or more, and a page whose timers are held would never show an answer.
 */
import { QueryClient, notifyManager, type DefaultOptions } from '@tanstack/react-query';
import { HttpError } from 'ra-core';

export const QUERY_RETRIES = 2;
export const RETRY_DELAY_MS = 500;
export const CACHE_TIME_MS = 60_000;

export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/** 500 ms, then 1 s. */
export const retryDelay = (failureCount: number) => RETRY_DELAY_MS * 2 ** failureCount;

/** `queries` overrides the timing only (tests retry without waiting); the rules above stay. */
export function createQueryClient(queries: Pick<NonNullable<DefaultOptions['queries']>, 'retryDelay'> = {}): QueryClient {
  notifyManager.setScheduler(queueMicrotask);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryUnlessClientError, retryDelay, gcTime: CACHE_TIME_MS, ...queries },
      mutations: { retry: false },
    },
  });
}
