// Who is calling: the bearer token checked against the user as stored now (enabled, password changes, the
// session it names), and the operation being called, which the role check of auth/access.ts reads.
import type { Db } from '../db/db';
import { accountLocked, unauthorized } from '../http/errors';
import type { OperationId } from '../../../src/lib/roles';
import type { ApiKeyScope } from '../../../src/lib/apiKeyScopes';
import { touchSession } from './sessions';
import type { TokenService } from './tokens';

export interface Principal {
  id: number;
  email: string;
  name: string;
  isInternal: boolean;
  roles: string[];
  /** The session the token names (user_sessions). */
  sessionId: number;
  /** When the sign-in that started the session happened (seconds): renewals carry it on (renewToken, issue 21). */
  authTime: number;
  /**
   * This session proved a second factor (signed in with a code, or turned two-factor sign-in on with one) and the
   * user's second factor is still on: what a publisher's requirement of two-factor sign-in reads (issue 30). A
   * password-only session from before the user turned it on does not count, whatever the user's setting says.
   */
  secondFactor: boolean;
  /**
   * The operation whose row of the role table applies (src/lib/roles.ts): the one called, or the write an undo
   * applies (history/undo.ts).
   */
  operation: OperationId;
  /**
   * Set by auth/access.ts once the caller's rights for the publisher were checked; app.ts refuses to answer a
   * publisher's operation whose handler never checked them (a bug, like a write that recorded nothing).
   */
  publisherChecked: boolean;
  /**
   * Set when the caller is an API key (auth/apiKeys.ts, issue 29): it acts for this publisher alone, within these
   * scopes; `id` is then minus the key's id (no user's), `name` the key's name, and `email` empty.
   */
  apiKey?: ApiKeyCaller;
}

export interface ApiKeyCaller {
  id: number;
  publisherId: number;
  scopes: readonly ApiKeyScope[];
  /** The key's maker, while the account exists (a zone a key requests is requested in the maker's name). */
  makerId: number | null;
}

/** The caller checked against another row of the role table: an undo applies another operation's write. */
export function actingAs(principal: Principal, operation: OperationId): Principal {
  return { ...principal, operation, publisherChecked: false };
}

interface UserRow {
  id: number;
  email: string;
  name: string;
  enabled: boolean;
  is_internal: boolean;
  roles: string[];
  valid_after: number;
  second_factor: boolean;
  session_open: boolean | null;
  session_stale: boolean | null;
}

/** How often a session's last-seen time and address move: a write per minute, not per request. */
const TOUCH_SQL = `s.last_seen_at < now() - interval '1 minute' OR s.address <> $3`;

/**
 * The token check's one statement ($1 user id, $2 session id, $3 address): the user as stored now, the session the
 * token names, and whether that session proved a second factor that is still on. Exported for the benchmark (bench/roles.ts).
 */
export const TOKEN_CHECK_SQL = `SELECT u.id, u.email, u.name, u.enabled, u.is_internal, u.roles, extract(epoch FROM u.tokens_valid_after)::int8 AS valid_after,
            coalesce(s.second_factor, false)
              AND EXISTS (SELECT 1 FROM user_two_factor tf WHERE tf.user_id = u.id AND tf.enabled_at IS NOT NULL) AS second_factor,
            s.id IS NOT NULL AND s.ended_at IS NULL AS session_open, (${TOUCH_SQL}) AS session_stale
       FROM users u LEFT JOIN user_sessions s ON s.id = $2 AND s.user_id = u.id
      WHERE u.id = $1`;

export async function authenticate(
  db: Db,
  tokens: TokenService,
  authorization: string | undefined,
  operation: OperationId,
  address: string,
): Promise<Principal> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  let payload;
  try {
    payload = await tokens.verify(match[1]);
  } catch {
    throw unauthorized('Invalid or expired token');
  }
  // Runs on every request: a prepared statement skips parsing and planning it each time. The session's row comes
  // with the user's, in the same statement.
  const [user] = await db.prepared<UserRow>(TOKEN_CHECK_SQL, [payload.user.id, payload.sid, address]);
  if (!user || payload.iat < user.valid_after || user.session_open !== true) throw unauthorized('Invalid or expired token');
  if (!user.enabled) throw accountLocked();
  if (user.session_stale) await touchSession(db, payload.sid, address);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isInternal: user.is_internal,
    roles: user.roles,
    sessionId: payload.sid,
    authTime: payload.auth_time ?? payload.iat,
    secondFactor: user.second_factor,
    operation,
    publisherChecked: false,
  };
}
