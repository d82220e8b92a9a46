// Known devices (OWASP's "device cookies"): a browser that signed in to an account gets a cookie naming that
// account, and guesses from elsewhere that hold the account's sign-in as a whole (the account-wide limits of
// auth/throttle.ts) do not hold that browser. So however many networks an attacker guesses from, the owner still
// signs in from a browser used before. The cookie grants nothing by itself: the password is still checked, and the
// limits per client address still count its guesses.
//
// HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it) and sent only to the sign-in
// call. Each entry is an HMAC of the account's id and its tokens_valid_after with a server secret, so it names no
// account to whoever reads it, cannot be forged, and a password change (which moves tokens_valid_after) makes
// every earlier entry of that account worthless.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'known_device';
const COOKIE_PATH = '/auth/login';
export const KNOWN_DEVICE_DAYS = 180;
const MAX_AGE_SECONDS = KNOWN_DEVICE_DAYS * 24 * 60 * 60;
/** Accounts remembered by one browser; the oldest entry goes first. */
const MAX_ACCOUNTS = 5;

export interface DeviceAccount {
  id: number;
  tokensValidAfter: number;
}

/** Stands in for an unknown e-mail, so a cookie is checked the same way whether or not the account exists. */
const NO_ACCOUNT: DeviceAccount = { id: 0, tokensValidAfter: 0 };

interface Entry {
  issued: number;
  mac: string;
  raw: string;
}

const sign = (secret: string, account: DeviceAccount, issued: number) =>
  createHmac('sha256', secret).update(`known-device|${account.id}|${account.tokensValidAfter}|${issued}`).digest('base64url').slice(0, 22);

/** The cookie's entries (`<issued, base 36>.<mac>`, joined by `~`) that are well formed and not expired. */
function entries(cookieHeader: string | undefined, now: number): Entry[] {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
  if (!value) return [];
  return value
    .split('~')
    .slice(0, MAX_ACCOUNTS)
    .flatMap((raw) => {
      const match = /^([0-9a-z]{1,8})\.([\w-]{22})$/.exec(raw);
      if (!match) return [];
      const issued = parseInt(match[1]!, 36);
      return issued <= now && now - issued < MAX_AGE_SECONDS ? [{ issued, mac: match[2]!, raw }] : [];
    });
}

const belongsTo = (secret: string, account: DeviceAccount, entry: Entry) =>
  timingSafeEqual(Buffer.from(sign(secret, account, entry.issued)), Buffer.from(entry.mac));

/** Whether the request comes from a browser that signed in to this account (undefined: an unknown e-mail). */
export function isKnownDevice(secret: string, cookieHeader: string | undefined, account: DeviceAccount | undefined): boolean {
  const now = Math.floor(Date.now() / 1000);
  return entries(cookieHeader, now).some((entry) => belongsTo(secret, account ?? NO_ACCOUNT, entry)) && account !== undefined;
}

/** The Set-Cookie value after a sign-in to `account`: its fresh entry first, the browser's other accounts after. */
export function knownDeviceCookie(secret: string, cookieHeader: string | undefined, account: DeviceAccount, secure: boolean): string {
  const now = Math.floor(Date.now() / 1000);
  const others = entries(cookieHeader, now).filter((entry) => !belongsTo(secret, account, entry));
  const value = [`${now.toString(36)}.${sign(secret, account, now)}`, ...others.map((entry) => entry.raw)].slice(0, MAX_ACCOUNTS).join('~');
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
