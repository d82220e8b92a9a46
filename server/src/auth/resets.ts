// Password-reset links. The link carries a random token; the database keeps only its SHA-256, so a copy of the
// table opens no account. The temporary password is derived from the token with an HMAC keyed by a server
// secret, so the reset page can be given it back (validateResetLink) while only its scrypt hash is stored.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/errors';
import { cachedSecret } from './tokens';

export const RESET_LINK_TTL_SECONDS = 24 * 60 * 60;

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe (43 characters). */
export const newLinkToken = () => randomBytes(32).toString('base64url');

// Look-alike characters (l, I, O, 0, 1) left out: the password is typed from an e-mail.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGIT = '23456789';
const SPECIAL = '#$%&*+-=?@';
const ANY = LOWER + UPPER + DIGIT + SPECIAL;
const TEMP_PASSWORD_LENGTH = 12;

/**
 * The temporary password of a link token: 12 characters with at least one of each class the password rules
 * (src/lib/password.ts) ask for, so it is itself a valid password; over 60 bits drawn from HMAC-SHA-512 output.
 */
export function temporaryPassword(secret: string, token: string): string {
  const mac = createHmac('sha512', secret).update(`temporary-password:${token}`).digest();
  // 16-bit draws keep the modulo bias below 0.1%.
  const draw = (index: number, range: number) => mac.readUInt16BE(index * 2) % range;
  const classes = [LOWER, UPPER, DIGIT, SPECIAL];
  const chars = Array.from({ length: TEMP_PASSWORD_LENGTH }, (_, i) => {
    const alphabet = classes[i] ?? ANY;
    return alphabet[draw(i, alphabet.length)]!;
  });
  // Fisher-Yates with the remaining draws, so the required classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = draw(TEMP_PASSWORD_LENGTH + i, i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export const resetSecret = (db: Db) => cachedSecret(db, 'reset');

export interface ResetLink {
  id: number;
  userId: number;
  email: string;
  tempPasswordHash: string;
}

export const linkInvalid = () => new ApiError(404, 'LINK_INVALID', 'This link is not valid');
export const linkExpired = () => new ApiError(410, 'LINK_EXPIRED', 'This link has expired');

/** Stores a new link of the user; answers its expiry (ms since epoch, the database's clock). */
export async function insertLink(tx: Queryable, userId: number, token: string, tempPasswordHash: string): Promise<number> {
  const row = await tx.one<{ expiresAt: number }>(
    `INSERT INTO password_resets (user_id, token_hash, temp_password_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     RETURNING (extract(epoch FROM expires_at) * 1000)::int8 AS "expiresAt"`,
    [userId, hashLinkToken(token), tempPasswordHash, RESET_LINK_TTL_SECONDS],
  );
  return row!.expiresAt;
}

/**
 * The open link of `token` for the account `email`. A used, unknown or foreign link (another account's e-mail,
 * or an account disabled since) answers 404 LINK_INVALID; an expired one 410 LINK_EXPIRED, by the server's clock.
 */
export async function openLink(db: Queryable, token: string, email: string): Promise<ResetLink> {
  const row = await db.one<ResetLink & { expired: boolean }>(
    `SELECT r.id, r.user_id AS "userId", u.email, r.temp_password_hash AS "tempPasswordHash", r.expires_at <= now() AS expired
       FROM password_resets r JOIN users u ON u.id = r.user_id
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND u.enabled AND lower(u.email) = lower($2)`,
    [hashLinkToken(token), email],
  );
  if (!row) throw linkInvalid();
  if (row.expired) throw linkExpired();
  return { id: row.id, userId: row.userId, email: row.email, tempPasswordHash: row.tempPasswordHash };
}

/** Marks the link used; false when another request used it first (the row lock decides between them). */
export async function consumeLink(tx: Queryable, linkId: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id',
    [linkId],
  );
  return rows.length === 1;
}
