import { afterEach, describe, expect, it, vi } from 'vitest';
import { isKnownDevice, KNOWN_DEVICE_DAYS, knownDeviceCookie } from '../../../server/src/auth/knownDevices';

const SECRET = 'device secret';
const account = (id: number) => ({ id, tokensValidAfter: 1_700_000_000 });
/** The Cookie header a browser sends back for a Set-Cookie value. */
const sent = (setCookie: string) => setCookie.split(';')[0]!;

afterEach(() => {
  vi.useRealTimers();
});

describe('known-device cookies', () => {
  it('are set HttpOnly, SameSite=Strict, for the sign-in call only, and Secure when asked', () => {
    expect(knownDeviceCookie(SECRET, undefined, account(1), false)).toMatch(
      /^known_device=[^;]+; Path=\/auth\/login; Max-Age=15552000; HttpOnly; SameSite=Strict$/,
    );
    expect(knownDeviceCookie(SECRET, undefined, account(1), true)).toMatch(/; Secure$/);
  });

  it('name their account only, among the other cookies of the browser', () => {
    const cookie = `lang=fr; ${sent(knownDeviceCookie(SECRET, undefined, account(1), false))}; theme=dark`;
    expect(isKnownDevice(SECRET, cookie, account(1))).toBe(true);
    expect(isKnownDevice(SECRET, cookie, account(2))).toBe(false);
    expect(isKnownDevice(SECRET, cookie, undefined)).toBe(false);
    expect(isKnownDevice('another secret', cookie, account(1))).toBe(false);
    expect(isKnownDevice(SECRET, cookie, { ...account(1), tokensValidAfter: 1_800_000_000 })).toBe(false);
  });

  it('remember the last five accounts signed in on the browser, the newest first', () => {
    let cookie: string | undefined;
    for (let id = 1; id <= 7; id++) cookie = sent(knownDeviceCookie(SECRET, cookie, account(id), false));
    expect([1, 2, 3, 4, 5, 6, 7].map((id) => isKnownDevice(SECRET, cookie, account(id)))).toEqual([false, false, true, true, true, true, true]);
    // Signing in again to a remembered account moves it to the front instead of adding it twice.
    cookie = sent(knownDeviceCookie(SECRET, cookie, account(3), false));
    expect(cookie.split('~')).toHaveLength(5);
    expect(isKnownDevice(SECRET, cookie, account(7))).toBe(true);
  });

  it(`expire after ${KNOWN_DEVICE_DAYS} days by the server's clock, whatever the browser keeps`, () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const cookie = sent(knownDeviceCookie(SECRET, undefined, account(1), false));
    vi.setSystemTime(new Date(Date.now() + (KNOWN_DEVICE_DAYS * 24 - 1) * 3600_000));
    expect(isKnownDevice(SECRET, cookie, account(1))).toBe(true);
    vi.setSystemTime(new Date(Date.now() + 2 * 3600_000));
    expect(isKnownDevice(SECRET, cookie, account(1))).toBe(false);
  });

  it('ignore values that are not theirs', () => {
    for (const value of ['', 'x', '~~~', `zzzzzzzzz.${'A'.repeat(22)}`, `1.${'A'.repeat(21)}`]) {
      expect(isKnownDevice(SECRET, `known_device=${value}`, account(1))).toBe(false);
      expect(knownDeviceCookie(SECRET, `known_device=${value}`, account(1), false).split(';')[0]!.split('~')).toHaveLength(1);
    }
  });
});
