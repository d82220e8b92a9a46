// Sessions (issue 22): one row of user_sessions per sign-in, named by every token of it (`sid`). The API refuses a
// token whose session has ended (auth/principal.ts), on every instance, since the row is in the shared database.
//
// Refusing every token of a user at once stays the one mechanism a password change already had: the user's
// tokens_valid_after moves past every token issued so far. A password change, a reset and "sign out everywhere"
// all do it through refuseEarlierTokens, and end the session rows with it, keeping at most the caller's own
// session, which gets a fresh token.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import type { TokenService, TokenUser } from './tokens';

export interface SessionClient {
  userAgent: string;
  address: string;
}

/** The browser and address a request comes from (the address as TRUST_PROXY lets the server see it). */
export const clientOf = (request: Pick<FastifyRequest, 'headers' | 'ip'>): SessionClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});

/** What of a user agent is kept: enough to tell devices apart, never a whole header of any length. */
const MAX_USER_AGENT = 512;

/**
 * Opens a session for `user` and answers its first token. `notBefore` is the user's tokens_valid_after (a token
 * must not be older); `secondFactor` says whether the sign-in proved one.
 */
export async function signIn(
  db: Queryable,
  tokens: TokenService,
  user: TokenUser,
  client: SessionClient,
  options: { notBefore?: number; secondFactor?: boolean } = {},
): Promise<string> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO user_sessions (user_id, user_agent, address, second_factor, token_issued_at, expires_at)
     VALUES ($1, $2, $3, $4, now(), now() + make_interval(secs => $5)) RETURNING id`,
    [user.id, client.userAgent.slice(0, MAX_USER_AGENT), client.address, options.secondFactor ?? false, tokens.lifetimeSeconds],
  );
  const { jwt, iat, exp } = await tokens.issue(user, row!.id, options.notBefore ?? 0);
  await db.query(
    `UPDATE user_sessions SET token_issued_at = to_timestamp($2), expires_at = to_timestamp($3) WHERE id = $1`,
    [row!.id, iat, exp],
  );
  await db.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [user.id]);
  // Now and then, the rows of sessions long over (rather than a scheduler).
  if (Math.random() < 0.01) {
    await db.query(`DELETE FROM user_sessions WHERE coalesce(ended_at, expires_at) < now() - interval '30 days'`);
  }
  return jwt;
}

/**
 * A fresh token for a session the caller keeps: after refuseEarlierTokens moved the user's boundary, or while the
 * user works (renewToken). `authTime` is the session's sign-in, carried on, so no renewal outlives the session.
 */
export async function reissue(
  db: Queryable,
  tokens: TokenService,
  user: TokenUser,
  sessionId: number,
  notBefore: number,
  authTime?: number,
): Promise<string> {
  const { jwt, iat, exp } = await tokens.issue(user, sessionId, notBefore, authTime);
  await db.query(
    `UPDATE user_sessions SET token_issued_at = to_timestamp($2), expires_at = to_timestamp($3) WHERE id = $1`,
    [sessionId, iat, exp],
  );
  return jwt;
}

/**
 * Refuses every token of the user issued so far and ends every session but `keep`. Returns the new
 * tokens_valid_after in seconds, the notBefore of the kept session's fresh token.
 *
 * JWT iat has one-second resolution: a token issued earlier in this very second carries the same iat as one
 * issued after the change. So the boundary is the next whole second: every earlier token has a smaller iat, and
 * tokens issued from now on use it as their notBefore (TokenService.issue), so they stay valid. Node's clock is
 * used, the same clock that stamps iat.
 */
export async function refuseEarlierTokens(tx: Queryable, userId: number, keep: number | null = null): Promise<number> {
  const validAfter = Math.floor(Date.now() / 1000) + 1;
  await tx.query('UPDATE users SET tokens_valid_after = to_timestamp($2) WHERE id = $1', [userId, validAfter]);
  await tx.query('UPDATE user_sessions SET ended_at = now() WHERE user_id = $1 AND ended_at IS NULL AND id IS DISTINCT FROM $2', [userId, keep]);
  return validAfter;
}

/**
 * Records that a session proved a second factor after it began: the one that turned two-factor sign-in on with a
 * code of the app (security.ts). A team's requirement reads the session, not the user's setting (issue 30).
 */
export async function markSecondFactor(tx: Queryable, sessionId: number): Promise<void> {
  await tx.query('UPDATE user_sessions SET second_factor = true WHERE id = $1', [sessionId]);
}

/** Ends one session of the user; false when it is not theirs or has ended already. */
export async function endSession(db: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db.query('UPDATE user_sessions SET ended_at = now() WHERE id = $1 AND user_id = $2 AND ended_at IS NULL RETURNING id', [
    sessionId,
    userId,
  ]);
  return rows.length === 1;
}

export interface SessionRow {
  id: number;
  userAgent: string;
  address: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The user's sessions that still have a valid token: not ended, not expired, not refused by tokens_valid_after. */
export function activeSessions(db: Queryable, userId: number): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `SELECT s.id, s.user_agent AS "userAgent", s.address, s.created_at AS "firstSeenAt", s.last_seen_at AS "lastSeenAt"
       FROM user_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND s.token_issued_at >= u.tokens_valid_after
      ORDER BY s.last_seen_at DESC, s.id DESC
      LIMIT 100`,
    [userId],
  );
}

/** Moves a session's last-seen time and address (the token check calls it at most once a minute per session). */
export async function touchSession(db: Queryable, sessionId: number, address: string): Promise<void> {
  await db.query('UPDATE user_sessions SET last_seen_at = now(), address = $2 WHERE id = $1', [sessionId, address]);
}
