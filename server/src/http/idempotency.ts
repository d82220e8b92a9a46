// Idempotency-Key (IETF httpapi draft, issue 29) on the creating POSTs of the contract (those declaring the
// IdempotencyKey parameter): a request sent again with the same key is answered the first answer, without a second
// write. The answer is kept in PostgreSQL (idempotency_keys, migration 0017) by the write's own transaction, after
// the write: a repeat finds either no row (the write did not commit, so it runs now) or the answer (it did).
//
// Inside that transaction, before anything else, the request takes a transaction-scoped advisory lock of its
// (caller, key) without waiting: a repeat arriving while the first still runs, on this instance or another, cannot
// take it and is answered 409 IDEMPOTENCY_KEY_IN_USE; once the first has committed, the lock is free and its row
// visible, so the repeat replays it. The same key with another request (operation, address, body) is 422
// IDEMPOTENCY_KEY_REUSED. Keys belong to the caller (a user, or an API key) and are kept 24 hours; a refused or
// failed request keeps nothing, so the key may be sent again. The hourly job removes rows past their day.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal';
import type { Db, Queryable } from '../db/db';
import { startRepeating, type JobLog } from '../jobs';
import { ApiError } from './errors';
import type { OperationId } from './handlers';

/** How long a key's answer is kept (the draft's suggestion, and what the contract promises). */
export const IDEMPOTENCY_HOURS = 24;

/** Fields never kept for a replay: a key's secret exists in its first answer only (the server keeps its hash). */
const NOT_KEPT: Partial<Record<OperationId, readonly string[]>> = { createApiKey: ['secret'] };

export interface IdempotentCall {
  /** `user:<id>` or `key:<id>`: keys of one caller never meet another's. */
  principal: string;
  key: string;
  operation: string;
  /** Hex SHA-256 of the request: method, address with its query, and the body in a canonical form. */
  requestHash: string;
  /** The advisory lock of (caller, key), a signed 64-bit integer. */
  lockId: string;
}

/** JSON with object keys sorted, so that two equal bodies written in another key order are one request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const callerOf = (principal: Principal) => (principal.apiKey ? `key:${principal.apiKey.id}` : `user:${principal.id}`);

/** The request's key, when it sent one (the contract's pattern allows the structured-field quotes, dropped here). */
export function idempotentCall(operationId: string, request: FastifyRequest, principal: Principal): IdempotentCall | null {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string' || header === '') return null;
  const key = header.replace(/^"(.*)"$/, '$1');
  const caller = callerOf(principal);
  const requestHash = createHash('sha256').update(`${request.method} ${request.url}\n${canonical(request.body ?? null)}`).digest('hex');
  const lockId = createHash('sha256').update(`${caller}\n${key}`).digest().readBigInt64BE(0).toString();
  return { principal: caller, key, operation: operationId, requestHash, lockId };
}

export interface KeptAnswer {
  status: number;
  body: unknown;
}

/**
 * First in the write's transaction: the kept answer to replay, or undefined when the request is to run. 409 while
 * another request with the key holds it, 422 when the key was used for another request.
 */
export async function claimKey(tx: Queryable, call: IdempotentCall): Promise<KeptAnswer | undefined> {
  const lock = await tx.one<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock($1::int8) AS taken', [call.lockId]);
  if (!lock?.taken) {
    throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running. Please try again.', undefined, { 'retry-after': '1' });
  }
  const kept = await tx.one<{ requestHash: string; status: number; body: unknown }>(
    `SELECT encode(request_hash, 'hex') AS "requestHash", status, body FROM idempotency_keys
      WHERE principal = $1 AND key = $2 AND created_at > now() - make_interval(hours => $3)`,
    [call.principal, call.key, IDEMPOTENCY_HOURS],
  );
  if (!kept) return undefined;
  if (kept.requestHash !== call.requestHash) {
    throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request', [{ field: '/header/idempotency-key', message: 'was used for another request' }]);
  }
  return { status: kept.status, body: kept.body };
}

/** Last in the write's transaction: its answer, kept for a repeat (a row past its day is replaced). */
export async function keepAnswer(tx: Queryable, call: IdempotentCall, status: number, body: unknown): Promise<void> {
  const omitted = NOT_KEPT[call.operation as OperationId] ?? [];
  const kept =
    omitted.length && body !== null && typeof body === 'object'
      ? Object.fromEntries(Object.entries(body).filter(([field]) => !omitted.includes(field)))
      : body;
  await tx.query(
    `INSERT INTO idempotency_keys (principal, key, operation, request_hash, status, body) VALUES ($1, $2, $3, decode($4, 'hex'), $5, $6::jsonb)
     ON CONFLICT (principal, key) DO UPDATE SET operation = excluded.operation, request_hash = excluded.request_hash,
       status = excluded.status, body = excluded.body, created_at = now()`,
    [call.principal, call.key, call.operation, call.requestHash, status, kept === undefined ? null : JSON.stringify(kept)],
  );
}

/** Removes the answers past their day; returns how many. */
export async function removeExpiredKeys(db: Queryable): Promise<number> {
  const rows = await db.query(`DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1) RETURNING 1`, [IDEMPOTENCY_HOURS]);
  return rows.length;
}

/** The hourly removal, on the shared job runner (jobs.ts); each instance's run removes what is due, harmlessly twice. */
export function startIdempotencyCleanup(db: Db, log: JobLog): () => Promise<void> {
  return startRepeating('idempotency-cleanup', async () => {
    const removed = await removeExpiredKeys(db);
    if (removed) log.info(`Removed ${removed} Idempotency-Key answers older than ${IDEMPOTENCY_HOURS} hours`);
  }, log);
}
