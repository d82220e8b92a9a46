// The server applies the change history's retention itself: once at start, then every hour, never keeping the
// process alive, and a failing round is logged without stopping the next ones.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db, Queryable } from '../../../server/src/db/db';
import { startHistoryRetention } from '../../../server/src/history/retention';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A database whose deletes remove nothing; it records the cutoffs it was asked for, and can fail once. */
function fakeDb(options: { failFirst?: boolean } = {}) {
  const cutoffs: string[] = [];
  let fail = options.failFirst ?? false;
  const tx: Queryable = {
    query: async () => [],
    exec: async () => undefined,
    one: async <T>(sql: string, params: readonly unknown[] = []) => {
      if (sql.includes('pg_try_advisory_xact_lock')) return { locked: true } as T;
      if (fail) {
        fail = false;
        throw new Error('database went away');
      }
      cutoffs.push(String(params[0]));
      return { n: 0 } as T;
    },
  };
  const db = { transaction: (fn: (tx: Queryable) => Promise<unknown>) => fn(tx) } as unknown as Db;
  return { db, cutoffs };
}

describe('startHistoryRetention', () => {
  it('removes entries older than the period at start and every hour until stopped', async () => {
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    const { db, cutoffs } = fakeDb();
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startHistoryRetention(db, 400, log);
    await vi.advanceTimersByTimeAsync(0);
    expect(cutoffs).toEqual([new Date(Date.parse('2026-06-01T12:00:00Z') - 400 * 86_400_000).toISOString()]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(cutoffs).toHaveLength(2);
    await stop();
    await vi.advanceTimersByTimeAsync(3 * 3_600_000);
    expect(cutoffs).toHaveLength(2);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed round and tries again an hour later', async () => {
    const { db, cutoffs } = fakeDb({ failFirst: true });
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startHistoryRetention(db, 30, log);
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'database went away' }));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(cutoffs).toHaveLength(1);
    await stop();
  });

  it('keeps no process alive with its timer', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const stop = startHistoryRetention(fakeDb().db, 30, { info: vi.fn(), error: vi.fn() });
    const timer = setIntervalSpy.mock.results[0]?.value as { hasRef(): boolean } | undefined;
    expect(timer?.hasRef()).toBe(false);
    setIntervalSpy.mockRestore();
    return stop();
  });
});
