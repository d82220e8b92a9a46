// Two-factor sign-in (issue 22): TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either side) with the
// otpauth library, the secret stored encrypted, recovery codes stored as keyed hashes.
//
// - The secret is encrypted with AES-256-GCM under a key derived from TOTP_ENCRYPTION_KEY, or from a key generated
//   once and kept in the database (as the JWT secret is) when that is unset; the user's id is the associated data,
//   so a ciphertext copied onto another user's row does not open.
// - A code is accepted for a step after the last one accepted (user_two_factor.last_used_step, advanced in the same
//   statement that checks it): a code seen once, even within its 90 seconds, never works again.
// - Recovery codes: 10 of 10 characters (about 49 bits each) from an alphabet without look-alikes; only an HMAC of
//   each, keyed by a server secret, is stored, so a copy of the table cannot be searched offline.
// None of the secret, a code or a recovery code is ever logged or put in an error.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { storedSecret } from './tokens';
import { MAX_REQUIRED_BY } from '../../../src/lib/limits';

export const TOTP_ISSUER = 'Publisher portal';
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, RFC 4226's recommendation) as base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The 30-second step a code of `secret` matches at `now` (one step either side), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Normalised as typed: case, spaces and the hyphen do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The key material of the service: where the TOTP secrets' key and the recovery codes' key come from. */
export class SecondFactorKeys {
  private constructor(
    private readonly encryptionKey: Buffer,
    private readonly recoveryKey: string,
  ) {}

  /** `configured` is TOTP_ENCRYPTION_KEY; without it a key is generated once and kept in the database. */
  static async create(db: Db, configured: string | null): Promise<SecondFactorKeys> {
    const material = configured ?? (await storedSecret(db, 'totp-encryption'));
    const key = Buffer.from(hkdfSync('sha256', material, 'publisher-portal', 'totp-secret-encryption', 32));
    return new SecondFactorKeys(key, await storedSecret(db, 'recovery-codes'));
  }

  encrypt(secret: string, userId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** Throws when the value was not encrypted with this key for this user (a changed TOTP_ENCRYPTION_KEY). */
  decrypt(value: string, userId: number): string {
    const [version, iv, body, tag] = value.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('unknown TOTP secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  recoveryHash(code: string): string {
    return createHmac('sha256', this.recoveryKey).update(`recovery:${normaliseRecoveryCode(code)}`).digest('base64url');
  }

  /** A fingerprint of the encryption key for the tests (never the key). */
  get fingerprint(): string {
    return createHash('sha256').update(this.encryptionKey).digest('hex').slice(0, 12);
  }
}

export interface TwoFactorRow {
  secret: string;
  enabledAt: string | null;
}

export function twoFactorRow(db: Queryable, userId: number): Promise<TwoFactorRow | undefined> {
  return db.one<TwoFactorRow>('SELECT secret, enabled_at AS "enabledAt" FROM user_two_factor WHERE user_id = $1', [userId]);
}

/** Stores a new secret waiting for its first code (replacing one not confirmed yet); answers it in clear. */
export async function startSetup(db: Queryable, keys: SecondFactorKeys, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await db.query(
    `INSERT INTO user_two_factor (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, created_at = now()
      WHERE user_two_factor.enabled_at IS NULL`,
    [userId, keys.encrypt(secret, userId)],
  );
  return secret;
}

/**
 * Checks a code against the user's secret (pending or enabled, as `state` says) and takes its step, in one
 * statement, so two requests cannot both use one code. True when the code was right and unused. A secret this
 * server cannot decrypt (TOTP_ENCRYPTION_KEY changed since it was stored) takes no code: `log` says why, and the
 * user signs in with a recovery code or asks staff for a reset.
 */
export async function useCode(
  db: Queryable,
  keys: SecondFactorKeys,
  userId: number,
  code: string,
  state: 'pending' | 'enabled',
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  if (!row || (state === 'enabled') !== (row.enabledAt !== null)) return false;
  let secret: string;
  try {
    secret = keys.decrypt(row.secret, userId);
  } catch {
    log.error({ userId }, 'a TOTP secret cannot be decrypted: was TOTP_ENCRYPTION_KEY changed since it was stored?');
    return false;
  }
  const step = matchingStep(secret, code);
  if (step === null) return false;
  const taken = await db.query(
    `UPDATE user_two_factor SET last_used_step = $2
      WHERE user_id = $1 AND (enabled_at IS NOT NULL) = $3 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id`,
    [userId, step, state === 'enabled'],
  );
  return taken.length === 1;
}

/** Uses one recovery code of the user; true when it was theirs and unused. */
export async function useRecoveryCode(db: Queryable, keys: SecondFactorKeys, userId: number, code: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE recovery_codes SET used_at = now()
      WHERE id = (SELECT id FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1 FOR UPDATE)
      RETURNING id`,
    [userId, keys.recoveryHash(code)],
  );
  return rows.length === 1;
}

/** Turns the pending secret on and answers 10 fresh recovery codes (the old ones go). */
export async function enable(db: Queryable, keys: SecondFactorKeys, userId: number): Promise<string[]> {
  await db.query('UPDATE user_two_factor SET enabled_at = now() WHERE user_id = $1 AND enabled_at IS NULL', [userId]);
  return replaceRecoveryCodes(db, keys, userId);
}

/**
 * Deletes every recovery code of the user (used or not) and stores the hashes of 10 new ones, answered in clear
 * this once. Run it in a transaction: the old codes stop working exactly when the new ones are stored.
 */
export async function replaceRecoveryCodes(db: Queryable, keys: SecondFactorKeys, userId: number): Promise<string[]> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  const codes = newRecoveryCodes();
  await db.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, codes.map((code) => keys.recoveryHash(code))]);
  return codes;
}

/**
 * Replaces the recovery codes of a user whose second factor is on, holding its row so a turning-off at the same
 * time waits (and removes the new codes with it); null when it is off. In the caller's transaction.
 */
export async function regenerateRecoveryCodes(db: Queryable, keys: SecondFactorKeys, userId: number): Promise<string[] | null> {
  const on = await db.query('SELECT 1 FROM user_two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL FOR UPDATE', [userId]);
  return on.length === 1 ? replaceRecoveryCodes(db, keys, userId) : null;
}

/** Removes the secret and the recovery codes; false when there was no second factor on. */
export async function disable(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM user_two_factor WHERE user_id = $1 RETURNING enabled_at', [userId]);
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  return rows.some((row) => (row as { enabled_at: string | null }).enabled_at !== null);
}

/** The user's publishers (as a member) that require two-factor sign-in, by name (the first MAX_REQUIRED_BY). */
export function requiringPublishers(db: Queryable, userId: number): Promise<{ id: number; name: string }[]> {
  return db.query(
    `SELECT p.id, p.name FROM user_publishers up JOIN publishers p ON p.id = up.publisher_id
      WHERE up.user_id = $1 AND p.require_two_factor ORDER BY p.name, p.id LIMIT ${MAX_REQUIRED_BY}`,
    [userId],
  );
}
