// The read rules set once on the app's QueryClient, seen through what a query and a write do.
import { MutationObserver } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, FRAME_ADDRESS_KEY, forgetOnPublisherChange } from '../../../src/dataProvider/queryClient';
import { createSessionStore } from '../../../src/dataProvider/session';
import { jwtFor, publisher } from '../../support/builders';
import { MemoryStorage } from '../../support/storage';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A query whose every try fails with `error`; `calls` counts the tries. */
function failingQuery(error: unknown) {
  const queryClient = createQueryClient();
  const calls = { count: 0 };
  const settled = queryClient
    .fetchQuery({
      queryKey: ['zones', 'getOne', { id: '1' }],
      queryFn: () => {
        calls.count += 1;
        throw error;
      },
    })
    .then(
      () => 'answered',
      () => 'failed',
    );
  return { queryClient, calls, settled };
}

describe('query client', () => {
  it.each([400, 401, 403, 404, 409])('asks once when the answer is %i: asking again would not change it', async (status) => {
    const { calls, settled } = failingQuery(new HttpError('no', status));
    await vi.runAllTimersAsync();
    expect(await settled).toBe('failed');
    expect(calls.count).toBe(1);
  });

  it.each([
    ['a 503', new HttpError('unavailable', 503)],
    ['a network failure', new HttpError('FETCH_ERROR', 0)],
    ['an error without status', new Error('offline')],
  ])('asks three times after %s, 500 ms and then 1 s apart', async (_case, error) => {
    const { calls, settled } = failingQuery(error);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(3);
    await vi.runAllTimersAsync();
    expect(await settled).toBe('failed');
    expect(calls.count).toBe(3);
  });

  it('never retries a write: a repeated write could happen twice', async () => {
    const queryClient = createQueryClient();
    let calls = 0;
    const write = new MutationObserver(queryClient, {
      mutationFn: () => {
        calls += 1;
        return Promise.reject(new HttpError('unavailable', 503));
      },
    });
    const settled = write.mutate().then(
      () => 'done',
      () => 'failed',
    );
    await vi.runAllTimersAsync();
    expect(await settled).toBe('failed');
    expect(calls).toBe(1);
  });

  it('keeps cached data 60 s after its last use (spec section 9)', async () => {
    const queryClient = createQueryClient();
    await queryClient.fetchQuery({ queryKey: ['services', 'getList'], queryFn: () => ({ data: [], total: 0 }) });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(queryClient.getQueryData(['services', 'getList'])).toEqual({ data: [], total: 0 });
    await vi.advanceTimersByTimeAsync(1);
    expect(queryClient.getQueryData(['services', 'getList'])).toBeUndefined();
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

describe('forgetOnPublisherChange', () => {
  it("forgets every answer but the reference data when the tab's publisher changes, and nothing otherwise", () => {
    const client = createQueryClient();
    const store = createSessionStore({ storage: new MemoryStorage(), tabStorage: new MemoryStorage(), events: null });
    store.setToken(jwtFor());
    store.setPublisher(publisher({ id: 102, name: 'Atlas News' }));
    const stop = forgetOnPublisherChange(client, store);
    client.setQueryData(['zones', 'getList', {}], { data: [], total: 0 });
    client.setQueryData(['services', 'getList', {}], { data: [], total: 0 });

    store.setPublishers([]);
    store.setPublisher(publisher({ id: 102, name: 'Atlas News' }));
    expect(client.getQueryData(['zones', 'getList', {}])).toBeDefined();

    store.setPublisher(publisher({ id: 103, name: 'Sakura Press' }));
    expect(client.getQueryData(['zones', 'getList', {}])).toBeUndefined();
    expect(client.getQueryData(['services', 'getList', {}])).toBeDefined();
    stop();
  });
});
