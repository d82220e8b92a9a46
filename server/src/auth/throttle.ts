// Throttling of password guesses and reset e-mails, kept in the login_attempts table so the limits hold across
// stateless API instances sharing one database.
//
// Password guesses count per (account, client address), per client address and per account. The pair limit is
// the tight one; the account-wide ceiling is many times higher, so a single guesser (one address, or one IPv6
// /64) is stopped long before it could hold the account for everyone, its owner included. Only many addresses
// together reach the ceiling, and the owner's way back then is a password reset, which clears it. Every key is
// the e-mail as typed, so an unknown e-mail is throttled exactly like an account's.
//
// Every attempt is counted *before* it is evaluated (one atomic upsert per counter), so a burst of parallel
// guesses cannot slip through between a check and the recording of its failures. A successful attempt then
// gives its count back. Fixed windows: the first counted attempt opens a window; reaching `max` inside it
// blocks the key for `blockSeconds`; a window or block that has run out starts the count afresh.
import ipaddr from 'ipaddr.js';
import type { Queryable } from '../db/db';
import { tooManyAttempts } from '../http/errors';

export interface Limit {
  max: number;
  windowSeconds: number;
  blockSeconds: number;
}

const MINUTE = 60;

/** Every limit of the auth service, in one place. */
export const LIMITS = {
  /** Wrong passwords for one account (login, password change) from one client address. */
  accountAddress: { max: 5, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from every address together: reached only by 20 or more addresses. */
  account: { max: 100, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Wrong passwords from one client address, any account: higher, since offices share an address. */
  address: { max: 50, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Wrong temporary passwords for one reset link. */
  resetLink: { max: 5, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Reset e-mails per requested address, sent or not (mail bombing); every request counts. */
  resetMail: { max: 3, windowSeconds: 60 * MINUTE, blockSeconds: 60 * MINUTE },
  /** Reset requests from one client address, any e-mail. */
  resetMailAddress: { max: 20, windowSeconds: 60 * MINUTE, blockSeconds: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * The client as throttling sees it: an IPv4 address (IPv4-mapped IPv6 included), or the /64 network of an IPv6
 * address, since one host is routinely given a whole /64 and could otherwise take a fresh address per guess.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

/** Keys of login_attempts rows. E-mails are compared case-insensitively, as users.email is. */
export const throttleKey = {
  email: (email: string) => `email:${email.toLowerCase()}`,
  emailFromIp: (email: string, ip: string) => `email-ip:${email.toLowerCase()}|${clientKey(ip)}`,
  ip: (ip: string) => `ip:${clientKey(ip)}`,
  resetLink: (id: number) => `reset-link:${id}`,
  resetMail: (email: string) => `reset-mail:${email.toLowerCase()}`,
  resetMailIp: (ip: string) => `reset-mail-ip:${clientKey(ip)}`,
};

export interface Counter {
  key: string;
  limit: Limit;
  /** On success: 'clear' forgets the key's failures (the account's own counter), 'refund' takes this one back. */
  onSuccess?: 'clear' | 'refund';
}

export interface Attempt {
  /** The attempt was right: it no longer counts as a failure. */
  succeeded(): Promise<void>;
}

// $2 max, $3 window and $4 block seconds. A key whose window or block has run out starts again at 1. The update
// is skipped while the key is blocked: no row comes back, and the block is not extended by refused attempts.
const FRESH = `(a.window_started_at <= now() - make_interval(secs => $3) OR a.blocked_until IS NOT NULL)`;
const NEXT = `CASE WHEN ${FRESH} THEN 1 ELSE a.failures + 1 END`;
const COUNT_SQL = `
  INSERT INTO login_attempts AS a (key, failures, window_started_at, blocked_until)
  VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() + make_interval(secs => $4) END)
  ON CONFLICT (key) DO UPDATE SET
    failures = ${NEXT},
    window_started_at = CASE WHEN ${FRESH} THEN now() ELSE a.window_started_at END,
    blocked_until = CASE WHEN ${NEXT} >= $2 THEN now() + make_interval(secs => $4) END
  WHERE a.blocked_until IS NULL OR a.blocked_until <= now()
  RETURNING failures`;

const RETRY_AFTER_SQL = `
  SELECT greatest(1, ceil(extract(epoch FROM blocked_until - now())))::int AS seconds
    FROM login_attempts WHERE key = $1`;

// Taking one attempt back lifts a block only when this attempt's count was what reached the limit.
const REFUND_SQL = `
  UPDATE login_attempts
     SET failures = failures - 1,
         blocked_until = CASE WHEN failures - 1 >= $2 THEN blocked_until END
   WHERE key = $1 AND failures > 0`;

/** Rows whose window and block ended long ago; pruned now and then rather than by a scheduler. */
const PRUNE_SQL = `
  DELETE FROM login_attempts
   WHERE window_started_at < now() - interval '1 day' AND (blocked_until IS NULL OR blocked_until < now())`;

async function giveBack(db: Queryable, counters: readonly Counter[]): Promise<void> {
  for (const { key, limit, onSuccess = 'refund' } of counters) {
    if (onSuccess === 'clear') await clearAttempts(db, key);
    else await db.query(REFUND_SQL, [key, limit.max]);
  }
}

/**
 * Counts one attempt against every counter, in order. When a key is blocked, the counts already taken are
 * given back and the call answers 429 TOO_MANY_ATTEMPTS with Retry-After.
 */
export async function countAttempt(db: Queryable, counters: readonly Counter[]): Promise<Attempt> {
  if (Math.random() < 0.01) await db.query(PRUNE_SQL);
  const taken: Counter[] = [];
  for (const counter of counters) {
    const { max, windowSeconds, blockSeconds } = counter.limit;
    const counted = await db.one(COUNT_SQL, [counter.key, max, windowSeconds, blockSeconds]);
    if (!counted) {
      await giveBack(db, taken.map((c) => ({ ...c, onSuccess: 'refund' as const })));
      const row = await db.one<{ seconds: number }>(RETRY_AFTER_SQL, [counter.key]);
      throw tooManyAttempts(row?.seconds ?? 1);
    }
    taken.push(counter);
  }
  return { succeeded: () => giveBack(db, taken) };
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
}
