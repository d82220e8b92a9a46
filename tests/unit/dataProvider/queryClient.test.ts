// The read rules set once on the app's QueryClient, seen through what a query and a write do.
import { MutationObserver } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/dataProvider/queryClient';

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
});
