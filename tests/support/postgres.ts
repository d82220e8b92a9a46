// Helpers of the server tests that need a real PostgreSQL server (several instances on one database, history
// chains under concurrent writes, a database restart): they run in `npm test`'s PostgreSQL step, where
// TEST_DATABASE_URL is set (.ci/run starts a throw-away cluster), and say why when they are skipped without it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { openPostgres, type Db } from '../../server/src/db/db';
import { createTestApp, type TestApp } from './serverHarness';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;

/** The condition of describe.runIf, printing once why the file's tests do not run. */
export function withPostgres(file: string): boolean {
  if (!TEST_DATABASE_URL) {
    console.log(`${file}: skipped, no PostgreSQL server (TEST_DATABASE_URL is not set; .ci/run sets it for npm test's vitest step)`);
  }
  return TEST_DATABASE_URL !== null;
}

function urlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openPostgres(TEST_DATABASE_URL!, { max: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export interface TestDatabase {
  url: string;
  /** Drops it; connections still open to it are ended first. */
  drop(): Promise<void>;
}

/** A database of its own: a copy of the seeded template (the suite's), or empty. */
export async function createDatabase(from: 'template' | 'empty'): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = inject('serverTemplate');
  if (from === 'template' && template.kind !== 'postgres') throw new Error('the suite runs on PGlite: no PostgreSQL template');
  await admin((db) => db.exec(`CREATE DATABASE ${name}${from === 'template' && template.kind === 'postgres' ? ` TEMPLATE ${template.template}` : ''}`));
  return {
    url: urlOf(TEST_DATABASE_URL, name),
    drop: () => admin((db) => db.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

export interface Instances {
  /** One app per instance, each with its own connection pool to the one database. */
  apps: TestApp[];
  /** The instances' databases (pools), in the same order. */
  dbs: Db[];
  close(): Promise<void>;
}

/** `count` API instances (in-process apps, each with its own pool, as separate processes would have) on one database. */
export async function startInstances(url: string, count: number, env: NodeJS.ProcessEnv = {}): Promise<Instances> {
  const dbs: Db[] = [];
  const apps: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    const db = await openPostgres(url, { max: 4 });
    dbs.push(db);
    apps.push(await createTestApp(env, { db }));
  }
  return {
    apps,
    dbs,
    async close() {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
    },
  };
}

/** A transaction of the test's own, holding what `sql` locks until release(). */
export async function holdLock(url: string, sql: string, params: unknown[] = []): Promise<{ pid: number; release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  // The database may go away while it is held (the restart test): that ends the transaction, not the test run.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query(sql, params);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return {
    pid: rows[0]!.pid,
    async release() {
      try {
        await client.query('COMMIT');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/**
 * Waits until `count` sessions of the database wait for a lock (each request of a race is queued, in order); fails
 * after `timeoutMs` (a write that does not wait is what these tests catch).
 */
export async function waitForLockWaiters(db: Db, count: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if ((row?.n ?? 0) >= count) return;
    if (Date.now() > until) throw new Error(`${row?.n ?? 0} of ${count} requests wait for the lock after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The two instances of twoInstancesOnTemplate, set once its beforeAll has run. */
export interface InstancePair {
  a: TestApp;
  b: TestApp;
  database: TestDatabase;
  instances: Instances;
}

/**
 * Two instances on a fresh copy of the template for the calling describe block: started before its tests, closed
 * and the database dropped after them. Read the fields in tests and hooks, once started.
 */
export function twoInstancesOnTemplate(): InstancePair {
  const pair = {} as InstancePair;
  beforeAll(async () => {
    pair.database = await createDatabase('template');
    pair.instances = await startInstances(pair.database.url, 2);
    [pair.a, pair.b] = pair.instances.apps as [TestApp, TestApp];
  });
  afterAll(async () => {
    await pair.instances?.close();
    await pair.database?.drop();
  });
  return pair;
}
