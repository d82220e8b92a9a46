// Throttling of password guesses and reset e-mails, kept in the login_attempts table so the limits hold across
// stateless API instances sharing one database.
//
// Password guesses count per (account, client), per client, per (account, network) and, across networks, per
// account. A client is one IPv4 address or one IPv6 /64; a network is an IPv4 /24 or an IPv6 /48, the most one
// attacker is realistically handed in one place. The pair limit is the tight one. The account's ceiling counts
// networks, not guesses: a guess counts towards it only when it is its network's first in that network's window,
// and a network stops guessing at this account once its own cap is reached. So one network, however many
// addresses it holds, can never hold the account's sign-in for its owner; only guesses from many networks
// together can, and even then not for a browser that signed in to the account before (auth/knownDevices.ts),
// and a password reset clears it. Every key is the e-mail as typed, so an unknown e-mail is throttled exactly
// like an account's.
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
  /** Wrong passwords for one account (login, password change) from one client (address, IPv6 /64). */
  accountAddress: { max: 5, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from one network (IPv4 /24, IPv6 /48), however many addresses it uses. */
  accountNetwork: { max: 20, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /**
   * Networks that failed at one account: each counts once per window of its own (accountNetwork), so one network
   * adds at most one here while this window lasts and the ceiling takes this many different networks.
   */
  account: { max: 10, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Wrong passwords from one client address, any account: higher, since offices share an address. */
  address: { max: 50, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Wrong temporary passwords for one reset link. */
  resetLink: { max: 5, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** Reset e-mails per requested address, sent or not (mail bombing); every request counts. */
  resetMail: { max: 3, windowSeconds: 60 * MINUTE, blockSeconds: 60 * MINUTE },
  /** Reset requests from one client address, any e-mail. */
  resetMailAddress: { max: 20, windowSeconds: 60 * MINUTE, blockSeconds: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/** The first bits of an address as a CIDR (a whole IPv4 address as itself), IPv4-mapped IPv6 taken as IPv4. */
function prefix(ip: string, bits: { ipv4: number; ipv6: number }): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    if (bits.ipv4 === 32) return address.toString();
    return `${ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits.ipv4}`).toString()}/${bits.ipv4}`;
  }
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits.ipv6}`).toString()}/${bits.ipv6}`;
}

/**
 * The client as throttling sees it: an IPv4 address (IPv4-mapped IPv6 included), or the /64 network of an IPv6
 * address, since one host is routinely given a whole /64 and could otherwise take a fresh address per guess.
 */
export const clientKey = (ip: string) => prefix(ip, { ipv4: 32, ipv6: 64 });

/** The network a client sits in: an IPv4 /24 or an IPv6 /48 (what one site or customer is commonly given). */
export const networkKey = (ip: string) => prefix(ip, { ipv4: 24, ipv6: 48 });

/** Keys of login_attempts rows. E-mails are compared case-insensitively, as users.email is. */
export const throttleKey = {
  email: (email: string) => `email:${email.toLowerCase()}`,
  emailFromIp: (email: string, ip: string) => `email-ip:${email.toLowerCase()}|${clientKey(ip)}`,
  emailFromNetwork: (email: string, ip: string) => `email-net:${email.toLowerCase()}|${networkKey(ip)}`,
  ip: (ip: string) => `ip:${clientKey(ip)}`,
  resetLink: (id: number) => `reset-link:${id}`,
  resetMail: (email: string) => `reset-mail:${email.toLowerCase()}`,
  resetMailIp: (ip: string) => `reset-mail-ip:${clientKey(ip)}`,
  /** Second-factor codes (TOTP or recovery) of one account, keyed by its id (a code follows a known account). */
  code: (userId: number) => `code:${userId}`,
  codeFromIp: (userId: number, ip: string) => `code-ip:${userId}|${clientKey(ip)}`,
  codeFromNetwork: (userId: number, ip: string) => `code-net:${userId}|${networkKey(ip)}`,
  /** An API key's requests (issue 29), whatever their address. */
  apiKey: (keyId: number) => `api-key:${keyId}`,
};

/**
 * Every request of an API key counts (issue 29): `perMinute` in a minute's window, then the key waits out a minute.
 * One row per key, as the sign-in counters, so the rate holds across instances.
 */
export const apiKeyCounter = (keyId: number, perMinute: number): Counter => ({
  key: throttleKey.apiKey(keyId),
  limit: { max: perMinute, windowSeconds: MINUTE, blockSeconds: MINUTE },
});

export interface Counter {
  key: string;
  limit: Limit;
  /** On success: 'clear' forgets the key's failures (the account's own counter), 'refund' takes this one back. */
  onSuccess?: 'clear' | 'refund';
  /**
   * Counts the attempt only when it opened a window of the counter just before it (its first count there), so
   * this counter counts distinct keys of that one rather than attempts. Every attempt is still refused while
   * this key is blocked.
   */
  onlyFirstOfPrevious?: boolean;
}

/**
 * A password guess counts against the account from this client (cleared by a right password), the client, the
 * account from this network, and the account's ceiling of networks. Each comes before the wider one: once it is
 * blocked, further guesses no longer count towards the wider. A browser that signed in to the account before is
 * held by neither account-wide counter (auth/knownDevices.ts).
 */
export const passwordCounters = (email: string, ip: string, knownDevice = false): Counter[] => [
  { key: throttleKey.emailFromIp(email, ip), limit: LIMITS.accountAddress, onSuccess: 'clear' },
  { key: throttleKey.ip(ip), limit: LIMITS.address },
  ...(knownDevice
    ? []
    : [
        { key: throttleKey.emailFromNetwork(email, ip), limit: LIMITS.accountNetwork },
        { key: throttleKey.email(email), limit: LIMITS.account, onlyFirstOfPrevious: true },
      ]),
];

/**
 * Second-factor codes are throttled like passwords (issue 22), with keys of their own: per account and client,
 * per client (the same key as password guesses, so both count together there), per account and network, and
 * the account's ceiling of networks. Six digits give 1,000,000 codes; five wrong ones block a client for 15
 * minutes.
 */
export const secondFactorCounters = (userId: number, ip: string): Counter[] => [
  { key: throttleKey.codeFromIp(userId, ip), limit: LIMITS.accountAddress, onSuccess: 'clear' },
  { key: throttleKey.ip(ip), limit: LIMITS.address },
  { key: throttleKey.codeFromNetwork(userId, ip), limit: LIMITS.accountNetwork },
  { key: throttleKey.code(userId), limit: LIMITS.account, onlyFirstOfPrevious: true },
];

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

const BLOCKED_SQL = `${RETRY_AFTER_SQL} AND blocked_until > now()`;

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
 * given back and the call answers 429 TOO_MANY_ATTEMPTS with Retry-After (or the `refusal` given).
 */
export async function countAttempt(
  db: Queryable,
  counters: readonly Counter[],
  refusal: (retryAfterSeconds: number) => Error = tooManyAttempts,
): Promise<Attempt> {
  if (Math.random() < 0.01) await db.query(PRUNE_SQL);
  const taken: Counter[] = [];
  const refuse = async (key: string, seconds?: number) => {
    await giveBack(db, taken.map((c) => ({ ...c, onSuccess: 'refund' as const })));
    throw refusal(seconds ?? (await db.one<{ seconds: number }>(RETRY_AFTER_SQL, [key]))?.seconds ?? 1);
  };
  let previousCount: number | undefined;
  for (const counter of counters) {
    if (counter.onlyFirstOfPrevious && previousCount !== 1) {
      const blocked = await db.one<{ seconds: number }>(BLOCKED_SQL, [counter.key]);
      if (blocked) await refuse(counter.key, blocked.seconds);
      previousCount = undefined;
      continue;
    }
    const { max, windowSeconds, blockSeconds } = counter.limit;
    const counted = await db.one<{ failures: number }>(COUNT_SQL, [counter.key, max, windowSeconds, blockSeconds]);
    if (!counted) await refuse(counter.key);
    previousCount = counted?.failures;
    taken.push(counter);
  }
  return { succeeded: () => giveBack(db, taken) };
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
}
