// Retention of the change history (HISTORY_RETENTION_DAYS): the server removes entries older than that itself, at
// start and every hour. The only deletes the table accepts (migration 0007): each batch's transaction sets
// portal.history_retention first. Several API instances on one PostgreSQL database may run it at the same time: an
// advisory lock lets one of them work and the others skip the round, and a delete by age is harmless twice anyway.
import type { Db } from '../db/db';
import { startRepeating, type JobLog } from '../jobs';

const LOCK_KEY = 727_012;
/** Entries per transaction: PGlite serves nothing else while one runs. */
const BATCH = 5_000;
const DAY_MS = 86_400_000;

/** Removes the entries older than `days` before `now`; answers how many. */
export async function applyHistoryRetention(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const lock = await tx.one<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [LOCK_KEY]);
      if (!lock?.locked) return 0;
      await tx.query("SELECT set_config('portal.history_retention', 'on', true)");
      const row = await tx.one<{ n: number }>(
        `WITH gone AS (DELETE FROM history WHERE id IN (SELECT id FROM history WHERE at < $1 ORDER BY at LIMIT $2) RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [cutoff, BATCH],
      );
      return row?.n ?? 0;
    });
    removed += batch;
    if (batch < BATCH) return removed;
  }
}

/** Applies the retention now and every hour until stopped. */
export function startHistoryRetention(db: Db, days: number, log: JobLog): () => Promise<void> {
  return startRepeating('history-retention', async () => {
    const removed = await applyHistoryRetention(db, days);
    if (removed) log.info(`History retention (${days} days): removed ${removed} entries`);
  }, log);
}
