// Users as the auth service reads and writes them: lookup by e-mail, and the one way a password is replaced.
import type { Queryable } from '../db/db';
import { refuseEarlierTokens } from './sessions';
import type { TokenUser } from './tokens';

export interface Account extends TokenUser {
  passwordHash: string;
  /** users.tokens_valid_after in whole seconds: the notBefore of every token issued for this user. */
  tokensValidAfter: number;
}

const ACCOUNT_COLUMNS = `id, email, name, enabled, roles, is_internal AS "isInternal", password_hash AS "passwordHash",
  ceil(extract(epoch FROM tokens_valid_after))::int8 AS "tokensValidAfter"`;

export function accountByEmail(db: Queryable, email: string): Promise<Account | undefined> {
  return db.one<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
}

export function accountById(db: Queryable, id: number): Promise<Account | undefined> {
  return db.one<Account>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [id]);
}

/** Passwords are compared as verifyPassword hashes them (NFKC), so a look-alike spelling counts as the same. */
export const samePassword = (a: string, b: string) => a.normalize('NFKC') === b.normalize('NFKC');

/**
 * Replaces the password, refuses every token issued so far and ends every session but `keep` (the caller's own,
 * which gets a fresh token: auth/sessions.ts), and closes the user's open reset links (a link mailed before the
 * change must not undo it). Returns the new tokens_valid_after in seconds.
 */
export async function replacePassword(tx: Queryable, userId: number, passwordHash: string, keep: number | null = null): Promise<number> {
  await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  const validAfter = await refuseEarlierTokens(tx, userId, keep);
  await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return validAfter;
}

/**
 * Stores the same password hashed at a higher cost. Tokens and reset links stay as they are (the password has
 * not changed), and a password replaced meanwhile is left alone.
 */
export async function upgradeHash(db: Queryable, account: Pick<Account, 'id' | 'passwordHash'>, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [account.id, account.passwordHash, passwordHash]);
}
