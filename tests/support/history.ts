// The change history as the tests read it: the table's rows themselves (what a write recorded, whoever may read
// it) and the publisher's history through the API.
import { expect } from 'vitest';
import type { Queryable } from '../../server/src/db/db';
import type { DemoUser, TestApp } from './serverHarness';

export interface StoredEntry {
  id: number;
  at: string;
  publisherId: number | null;
  zoneId: number | null;
  zoneName: string | null;
  kind: string;
  operation: string;
  authorId: number;
  authorName: string;
  authorEmail: string;
  authorInternal: boolean;
  before: unknown;
  after: unknown;
  undoes: number | null;
}

const COLUMNS = `id, at, publisher_id AS "publisherId", zone_id AS "zoneId", zone_name AS "zoneName", kind, operation,
  author_id AS "authorId", author_name AS "authorName", author_email AS "authorEmail", author_internal AS "authorInternal",
  before, after, undoes`;

export async function lastEntryId(db: Queryable): Promise<number> {
  return (await db.one<{ id: number | null }>('SELECT max(id) AS id FROM history'))?.id ?? 0;
}

export async function entriesSince(db: Queryable, id: number): Promise<StoredEntry[]> {
  return db.query<StoredEntry>(`SELECT ${COLUMNS} FROM history WHERE id > $1 ORDER BY id`, [id]);
}

/** Runs a call, expects its status, and answers the history entries it wrote. */
export async function entriesOf(t: TestApp, status: number, call: () => Promise<{ statusCode: number; body: string }>): Promise<StoredEntry[]> {
  const before = await lastEntryId(t.db);
  const res = await call();
  expect(res.statusCode, res.body).toBe(status);
  return entriesSince(t.db, before);
}

/** The one entry a successful call wrote. */
export async function entryOf(t: TestApp, status: number, call: () => Promise<{ statusCode: number; body: string }>): Promise<StoredEntry> {
  const entries = await entriesOf(t, status, call);
  expect(entries, 'exactly one history entry').toHaveLength(1);
  return entries[0]!;
}

export function listHistory(t: TestApp, publisherId: number, as: DemoUser, query = '') {
  return t.call({ method: 'GET', url: `/external/publishers/${publisherId}/history${query ? `?${query}` : ''}`, as });
}

export function undo(t: TestApp, publisherId: number, entryId: number, as: DemoUser) {
  return t.call({ method: 'POST', url: `/external/publishers/${publisherId}/history/${entryId}/undo`, as });
}
