// Recording: how a write appends its one history entry in its own transaction. app.ts runs every recorded
// operation through runRecorded(); the handler calls `record(...)` once, with the change in the shapes of
// src/lib/history.ts, after its last write. Who and when are filled in here and in the database.
import type { Principal } from '../auth/principal';
import type { Db, Transaction } from '../db/db';
import { conflict } from '../http/errors';
import { lockForWrite } from './locks';
import type { HistoryAuthorSnapshot, NewHistoryEntry, RecordChange, RecordedKind, Recording } from './types';

const INSERT_SQL = `INSERT INTO history (publisher_id, zone_id, zone_name, kind, operation, author_id, author_name, author_email,
                                         author_internal, before, after, undoes)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12)`;

const UNIQUE_VIOLATION = '23505';

/** The one INSERT of an entry (the benchmark times it on its own). */
export async function insertHistoryEntry(tx: Transaction, operationId: string, author: HistoryAuthorSnapshot, entry: NewHistoryEntry): Promise<void> {
  try {
    // Prepared: on every write, and parsing and describing it anew cost PGlite a quarter of a millisecond.
    await tx.prepared(INSERT_SQL, [
      entry.publisherId,
      entry.zone?.id ?? null,
      entry.zone?.name ?? null,
      entry.kind,
      operationId,
      author.id,
      author.name,
      author.email,
      author.isInternal,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
      entry.undoes ?? null,
    ]);
  } catch (error) {
    // Two undos of one entry raced: the unique index on `undoes` let one of them in.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION && entry.undoes !== undefined) throw alreadyUndone();
    throw error;
  }
}

export const alreadyUndone = () => conflict('ALREADY_UNDONE', 'This change has already been undone');

/** Counts a call's entries and writes them through the transaction it is bound to. */
class Recorder {
  private count = 0;
  private tx: Transaction | null = null;

  constructor(
    private readonly operationId: string,
    private readonly kind: RecordedKind,
    private readonly caller: () => Principal | null,
  ) {}

  readonly record: RecordChange = async (entry) => {
    if (!this.tx) throw new Error(`${this.operationId} recorded its change outside the transaction of the change`);
    if (this.kind !== 'UNDONE' && entry.kind !== this.kind) throw new Error(`${this.operationId} recorded a ${entry.kind} change; it records ${this.kind}`);
    const author = entry.author ?? this.caller();
    if (!author) throw new Error(`${this.operationId} recorded a change without an author`);
    this.count++;
    await insertHistoryEntry(this.tx, this.operationId, { id: author.id, name: author.name, email: author.email, isInternal: author.isInternal }, entry);
  };

  async within<T>(tx: Transaction, fn: () => Promise<T>): Promise<T> {
    if (this.tx) throw new Error(`${this.operationId} opened a second transaction; its one change records once`);
    this.tx = tx;
    try {
      const result = await fn();
      // Thrown inside the transaction, so it rolls back: the change does not stay without its entry.
      this.assertRecordedOnce();
      return result;
    } finally {
      this.tx = null;
    }
  }

  assertRecordedOnce(): void {
    if (this.count !== 1) throw new Error(`${this.operationId} succeeded with ${this.count} history entries instead of exactly one`);
  }
}

/**
 * The handler's database inside an open transaction: its queries and prepared statements run in it, and a nested
 * `transaction` joins it, so any error rolls the whole call back.
 */
function joined(root: Db, tx: Transaction): Db {
  const db: Db = {
    kind: root.kind,
    query: (sql, params) => tx.query(sql, params),
    one: (sql, params) => tx.one(sql, params),
    exec: (sql) => tx.exec(sql),
    prepared: (sql, params) => tx.prepared(sql, params),
    transaction: (fn) => fn(db),
    close: () => Promise.reject(new Error('the database is not closed from inside a request')),
  };
  return db;
}

/** The handler's database for OWN_TRANSACTION: its one transaction is where the entry goes, after the write's lock. */
function recordingIn(root: Db, recorder: Recorder, lock: (tx: Transaction) => Promise<void>): Db {
  return {
    ...root,
    transaction: (fn) =>
      root.transaction(async (tx) => {
        await lock(tx);
        return recorder.within(tx, () => fn(joined(root, tx)));
      }),
  };
}

/** A record() for calls that record nothing: a call to it is a bug. */
export const refuseRecord =
  (operationId: string): RecordChange =>
  () =>
    Promise.reject(new Error(`${operationId} records nothing in the history (server/src/history/operations.ts)`));

/**
 * Runs a write with its recording: in one transaction that also holds the entry, or (OWN_TRANSACTION) with the
 * entry going into the transaction the handler opens. A successful call must have recorded exactly once; anything
 * else is a bug answered 500 with the change rolled back. A failing call writes no entry: the rollback takes it.
 * The transaction first locks what the call changes (server/src/history/locks.ts), so that what the handler reads
 * as the entry's `before` stays so until its commit. `first`, given, runs before that in the same transaction: an
 * answer it gives is the call's, and nothing else runs (a replayed Idempotency-Key, http/idempotency.ts).
 */
export async function runRecorded<T>(
  db: Db,
  operationId: string,
  recording: Exclude<Recording, { mode: 'none' }>,
  caller: () => Principal | null,
  call: { params: unknown; body: unknown },
  run: (db: Db, record: RecordChange) => Promise<T>,
  first?: (tx: Transaction) => Promise<T | undefined>,
): Promise<T> {
  const recorder = new Recorder(operationId, recording.kind, caller);
  const lock = (tx: Transaction) => lockForWrite(tx, operationId, call, caller());
  if (recording.mode === 'transaction') {
    return db.transaction(async (tx) => {
      const early = await first?.(tx);
      if (early !== undefined) return early;
      await lock(tx);
      return recorder.within(tx, () => run(joined(db, tx), recorder.record));
    });
  }
  if (first) throw new Error(`${operationId} opens its own transaction: nothing can run first in it`);
  const result = await run(recordingIn(db, recorder, lock), recorder.record);
  recorder.assertRecordedOnce();
  return result;
}
