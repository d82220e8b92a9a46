// API keys (issue 29): a publisher's credential for scripts and tools, sent as `Authorization: Bearer pp_live_...`.
// Only the SHA-256 of a secret is stored; a request's key is found by that hash and checked against the database
// on every request (one prepared statement), so an expiry or a revocation holds at once on every instance. A key
// is a principal of its own (auth/principal.ts): negative id (minus the key's id), one publisher, its scopes
// (src/lib/apiKeyScopes.ts). Its requests are throttled per key (auth/throttle.ts); its first use from an address
// it was not used from before is a change-history entry; its last use (time, address) moves at most once a minute.
import { createHash, randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Db } from '../db/db';
import { apiKeyRefused, rateLimited, scopeNotAllowed, unauthorized } from '../http/errors';
import { insertHistoryEntry } from '../history/record';
import { API_KEY_PREFIX, keyMayCall, type ApiKeyScope } from '../../../src/lib/apiKeyScopes';
import type { ApiKeySnapshot } from '../../../src/lib/history';
import type { OperationId } from '../../../src/lib/roles';
import { apiKeyCounter, countAttempt } from './throttle';
import type { Principal } from './principal';

/** 30 random bytes: 40 base64url characters after the prefix (240 bits). */
const SECRET_BYTES = 30;
/** Characters of the secret a list shows after the prefix (the hint). */
const HINT_CHARACTERS = 4;

export interface NewSecret {
  secret: string;
  /** Hex SHA-256 of the whole secret: what the database keeps. */
  hash: string;
  hint: string;
}

export const secretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function newSecret(): NewSecret {
  const random = randomBytes(SECRET_BYTES).toString('base64url');
  const secret = `${API_KEY_PREFIX}${random}`;
  return { secret, hash: secretHash(secret), hint: `${API_KEY_PREFIX}${random.slice(0, HINT_CHARACTERS)}` };
}

export const isApiKeySecret = (token: string) => token.startsWith(API_KEY_PREFIX);

/** An address as one text, whichever way it arrived (IPv4-mapped IPv6 as IPv4, IPv6 in its short form). */
export function normalAddress(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

/** The allowed-address rule is the console's too (src/lib/allowedAddresses.ts). */
export { normalCidr } from '../../../src/lib/allowedAddresses';

/** Whether the client address is in one of the blocks (an empty list allows every address). */
export function addressAllowed(address: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  if (!ipaddr.isValid(address)) return false;
  const client = ipaddr.process(address);
  return allowed.some((cidr) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return client.kind() === range.kind() && client.match(range, bits);
  });
}

interface KeyRow extends Omit<ApiKeySnapshot, 'scopes'> {
  publisherId: number;
  scopes: ApiKeyScope[];
  makerId: number | null;
  revoked: boolean;
  expired: boolean;
  stale: boolean;
  knownAddress: boolean;
}

/**
 * The key check's one statement ($1 the secret's hex SHA-256, $2 the client address): the key as stored now, whether
 * its last use needs moving and whether it was used from this address before. Exported for bench/apiKeys.ts.
 */
export const KEY_CHECK_SQL = `SELECT k.id, k.publisher_id AS "publisherId", k.name, k.hint, k.scopes, k.allowed_addresses AS "allowedAddresses",
            k.created_by AS "makerId", k.expires_at AS "expiresAt", k.revoked_at IS NOT NULL AS revoked, k.expires_at <= now() AS expired,
            (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute' OR k.last_used_address IS DISTINCT FROM $2) AS stale,
            EXISTS (SELECT 1 FROM api_key_addresses a WHERE a.key_id = k.id AND a.address = $2) AS "knownAddress"
       FROM api_keys k WHERE k.secret_hash = decode($1, 'hex')`;

export const snapshotOf = (row: ApiKeySnapshot): ApiKeySnapshot => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  scopes: [...row.scopes],
  expiresAt: row.expiresAt,
  allowedAddresses: [...row.allowedAddresses],
});

/** The author of a key's history entries: minus its id, its name, no e-mail. */
export const keyAuthor = (key: { id: number; name: string }) => ({ id: -key.id, name: key.name, email: '', isInternal: false });

/**
 * The caller of a request made with an API key: refused with 401 when the key is unknown, revoked, expired or used
 * from outside its allowed addresses, 429 past its rate, 403 when its scopes do not list the operation.
 */
export async function authenticateKey(
  db: Db,
  secret: string,
  operation: OperationId,
  clientAddress: string,
  requestsPerMinute: number,
): Promise<Principal> {
  const address = normalAddress(clientAddress);
  const [key] = await db.prepared<KeyRow>(KEY_CHECK_SQL, [secretHash(secret), address]);
  if (!key) throw unauthorized('Invalid API key');
  if (key.revoked) throw apiKeyRefused('API_KEY_REVOKED');
  if (key.expired) throw apiKeyRefused('API_KEY_EXPIRED');
  if (!addressAllowed(address, key.allowedAddresses)) throw apiKeyRefused('API_KEY_ADDRESS_NOT_ALLOWED');
  await countAttempt(db, [apiKeyCounter(key.id, requestsPerMinute)], rateLimited);
  if (!key.knownAddress) await recordNewAddress(db, key, address, operation);
  if (key.stale) await db.prepared('UPDATE api_keys SET last_used_at = now(), last_used_address = $2 WHERE id = $1', [key.id, address]);
  if (!keyMayCall(key.scopes, operation)) throw scopeNotAllowed();
  return {
    id: -key.id,
    email: '',
    name: key.name,
    isInternal: false,
    roles: [],
    sessionId: 0,
    authTime: 0,
    secondFactor: false,
    operation,
    publisherChecked: false,
    apiKey: { id: key.id, publisherId: key.publisherId, scopes: key.scopes, makerId: key.makerId },
  };
}

/** The first use from an address: remembered, and a history entry of the key's publisher, once across instances. */
async function recordNewAddress(db: Db, key: KeyRow, address: string, operation: OperationId): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx.query('INSERT INTO api_key_addresses (key_id, address) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING key_id', [key.id, address]);
    if (added.length === 0) return;
    const snapshot = snapshotOf(key);
    await insertHistoryEntry(tx, operation, keyAuthor(key), {
      kind: 'API_KEY',
      publisherId: key.publisherId,
      zone: null,
      before: { key: snapshot },
      after: { key: snapshot, address },
    });
  });
}
