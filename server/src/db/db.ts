// One small database interface over embedded PGlite and a PostgreSQL server (node-postgres), so every
// query and migration is the same SQL on both. Values come back in the same JS types from both drivers:
// int8 and numeric as numbers, date as 'YYYY-MM-DD', timestamptz as ISO-8601 strings (sessions run in UTC).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { pglitePreparedStatements, postgresPrepared } from './prepared';
import { dbWait, observePool } from '../metrics';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** First row or undefined. */
  one<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Prepares {
  /**
   * query() as a named prepared statement, parsed and planned once per connection (see prepared.ts). For hot
   * statements whose SQL text comes from a small fixed set: every distinct text is a statement of its own.
   */
  prepared<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** An open transaction: its queries, and its own prepared statements. */
export interface Transaction extends Queryable, Prepares {}

export interface Db extends Queryable, Prepares {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/** '2024-05-01 10:00:00.123+00' (text protocol) -> '2024-05-01T10:00:00.123Z'. */
export function isoTimestamp(text: string): string {
  const normalized = text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(normalized) ? normalized : `${normalized}Z`);
  return date.toISOString();
}

const parsers: Record<number, (text: string) => unknown> = {
  [OID.int8]: Number,
  [OID.numeric]: Number,
  [OID.date]: (text) => text,
  [OID.timestamp]: isoTimestamp,
  [OID.timestamptz]: isoTimestamp,
};

function wrapPglite(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async one<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows[0];
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db & { pglite: PGlite }> {
  // pg_trgm: the advertiser search's trigram index (migration 0005); PostgreSQL ships it as a trusted extension.
  const pglite = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, parsers, extensions: { pg_trgm } });
  await pglite.waitReady;
  await pglite.exec("SET TIME ZONE 'UTC'");
  const base = wrapPglite(pglite);
  const statements = pglitePreparedStatements(pglite);
  return {
    ...base,
    kind: 'pglite',
    pglite,
    prepared: statements.outside,
    transaction: (fn) => pglite.transaction((tx) => fn({ ...wrapPglite(tx), prepared: statements.inTransaction })),
    close: () => pglite.close(),
  };
}

const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    const parser = parsers[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

function wrapPg(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query({ text: sql, values: params as unknown[], types: pgTypes });
      return result.rows as T[];
    },
    async one<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query({ text: sql, values: params as unknown[], types: pgTypes });
      return result.rows[0] as T | undefined;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  /** Connections at most (DATABASE_POOL_SIZE for the server). */
  max?: number;
  /**
   * Errors of connections nobody is using at that moment (the server restarted or went away). They must be
   * listened for: node-postgres re-emits them, and an unheard 'error' event ends the process.
   */
  onConnectionError?: (error: Error) => void;
}

/**
 * How long a request waits for a connection (a new one, or a free one of a busy pool) before it fails: with the
 * database gone, requests answer 503 in this time instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db & { pool: pg.Pool }> {
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: '-c TimeZone=UTC',
    application_name: 'publisher-portal',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word (a crashed host) is noticed in seconds, not hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on('error', onConnectionError);
  // Fail fast with a readable error rather than on the first request.
  const client = await pool.connect();
  client.release();
  const base = wrapPg(pool);
  const max = options.max ?? 10;
  observePool(() => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return {
    ...base,
    kind: 'postgres',
    pool,
    prepared: postgresPrepared(pool, pgTypes),
    async transaction(fn) {
      const waited = dbWait.startTimer();
      const tx = await pool.connect();
      waited();
      // While checked out, the pool no longer listens to the connection; its loss between two statements would be
      // an unheard error. The next statement fails instead, and the connection is dropped below.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
        onConnectionError(error);
      };
      tx.on('error', onError);
      try {
        await tx.query('BEGIN');
        const result = await fn({ ...wrapPg(tx), prepared: postgresPrepared(tx, pgTypes) });
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        await tx.query('ROLLBACK').catch((rollbackError: Error) => (lost ??= rollbackError));
        throw error;
      } finally {
        tx.off('error', onError);
        // A connection that failed is not given to the next caller.
        tx.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
