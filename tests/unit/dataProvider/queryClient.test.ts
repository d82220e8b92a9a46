// The read rules set once on the app's QueryClient.
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { CACHE_TIME_MS, createQueryClient, FRAME_ADDRESS_KEY, retryDelay, retryUnlessClientError } from '../../../src/dataProvider/queryClient';

describe('query client', () => {
  it('never asks again after a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(retryUnlessClientError(0, new HttpError('no', status))).toBe(false);
  });

  it('tries twice more after a network failure, a timeout or a 5xx, 500 ms then 1 s later', () => {
    for (const error of [new HttpError('FETCH_ERROR', 0), new HttpError('boom', 503), new Error('offline')]) {
      expect([0, 1, 2].map((failures) => retryUnlessClientError(failures, error))).toEqual([true, true, false]);
    }
    expect([0, 1].map(retryDelay)).toEqual([500, 1000]);
  });

  it('keeps cached data 60 s after last use (spec section 9) and never retries a write', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: retryUnlessClientError, gcTime: CACHE_TIME_MS });
    expect(CACHE_TIME_MS).toBe(60_000);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('asks for a frame address each time a frame opens and never again while it is open', () => {
    const client = createQueryClient();
    expect(client.getQueryDefaults([FRAME_ADDRESS_KEY, 'dashboard', 5])).toMatchObject({
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    });
    expect(client.getQueryDefaults(['zones', 'getList'])).toEqual({});
  });
});
