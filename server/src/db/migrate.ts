// Versioned SQL migrations: server/src/db/migrations/NNNN_name.sql, applied in order, each in its own
// transaction, recorded in schema_migrations. An advisory lock keeps concurrently starting API instances
// from migrating the same PostgreSQL database twice: each migration's transaction takes it before looking at
// schema_migrations, and so does the one creating that table (two concurrent CREATE TABLE IF NOT EXISTS of one
// name can both pass the check, and the second then fails on the catalog's unique index).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 727_001;

export interface Migration {
  version: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(files.map(async (file) => ({ version: file.replace(/\.sql$/, ''), sql: await readFile(path.join(dir, file), 'utf8') })));
}

/** Applies pending migrations; returns the versions applied now (empty when the schema was current). */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const migration of all) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const exists = await tx.one('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (exists) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
