// Named prepared statements for the hottest reads (Db.prepared). PGlite plans every plain query anew and spends
// two extra protocol round trips describing it; measured on the large seed, planning the zones search costs more
// than running it. A named statement is parsed and described once, and after five executions PostgreSQL keeps
// its generic plan whenever that is no worse than a fresh one, so later calls only bind and execute.
// PGlite's query() cannot name a statement, so this speaks the extended protocol itself, under the same locks
// query() takes (a statement never runs inside another caller's open transaction), or inside the caller's own
// transaction under the lock its queries take.
import { parse as pgliteParse, protocol, type PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements kept per connection; the least recently used is closed beyond this. */
export const PREPARED_CAPACITY = 128;

/** SQLSTATEs after which the statement is prepared again once: it vanished, or its result type changed. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

interface Statement {
  name: string;
  paramTypes: number[];
}

type PglitePrepared = <T>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

export function pglitePrepared(pglite: PGlite, capacity = PREPARED_CAPACITY): PglitePrepared {
  return pglitePreparedStatements(pglite, capacity).outside;
}

/**
 * The statements of one PGlite connection, run from outside any transaction (`outside`: waits for an open one to
 * end) or from inside the caller's own open transaction (`inTransaction`: only the query lock, as the
 * transaction's own queries take).
 */
export function pglitePreparedStatements(pglite: PGlite, capacity = PREPARED_CAPACITY): { outside: PglitePrepared; inTransaction: PglitePrepared } {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>(); // insertion order is recency: re-inserted on every use
  let counter = 0;
  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function statementFor(sql: string): Promise<Statement> {
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    if (statements.size >= capacity) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestSql);
      await send(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `portal_prepared_${++counter}`;
    await send(serialize.parse({ name, text: sql }));
    const described = await send(serialize.describe({ type: 'S', name }));
    const parameters = described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, paramTypes: parameters?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    return statement;
  }

  async function run<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const messages: Awaited<ReturnType<typeof send>> = [];
    try {
      const statement = await statementFor(sql);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[statement.paramTypes[index] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(serialize.describe({ type: 'P' }))));
      messages.push(...(await send(serialize.execute({}))));
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    return (pgliteParse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
  }

  const runOnce = async <T>(sql: string, params: readonly unknown[]) => {
    try {
      return await run<T>(sql, params);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !STALE_STATEMENT.has(code) || !statements.has(sql)) throw error;
      statements.delete(sql);
      return run<T>(sql, params);
    }
  };
  return {
    outside: <T>(sql: string, params: readonly unknown[] = []) =>
      pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => runOnce<T>(sql, params))),
    inTransaction: <T>(sql: string, params: readonly unknown[] = []) => pglite._runExclusiveQuery(() => runOnce<T>(sql, params)),
  };
}

/**
 * node-postgres prepares a named statement on each pooled connection the first time it runs there (the pool's
 * next free connection, or a transaction's own).
 */
export function postgresPrepared(client: pg.Pool | pg.PoolClient, types: pg.CustomTypesConfig) {
  return async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    const name = `portal_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    const result = await client.query({ name, text: sql, values: params as unknown[], types });
    return result.rows as T[];
  };
}
