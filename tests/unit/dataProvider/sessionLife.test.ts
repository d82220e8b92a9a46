// When an open page renews, warns and ends its session, and the page it returns to after a new sign-in (issue 21).
import { describe, expect, it } from 'vitest';
import { hasUsableToken, sessionExpiresAt } from '../../../src/dataProvider/session';
import { rememberReturn, RETURN_KEY, sessionTimes, takeReturn, WARN_BEFORE_MS } from '../../../src/dataProvider/sessionLife';
import { NOW_MS, publisher, tokenPayload } from '../../support/builders';
import { MemoryStorage } from '../../support/storage';

const S = Math.floor(NOW_MS / 1000);
const token = (lifetimeSeconds: number, iat = S) => tokenPayload({ iat, exp: iat + lifetimeSeconds });

describe('sessionTimes', () => {
  it('renews from half the token’s life and warns 5 minutes before its end (8-hour tokens)', () => {
    const times = sessionTimes({ token: token(8 * 3600), receivedAt: NOW_MS });
    expect(times).toEqual({ renewFrom: NOW_MS + 4 * 3_600_000, warnFrom: NOW_MS + 8 * 3_600_000 - WARN_BEFORE_MS, expiresAt: NOW_MS + 8 * 3_600_000 });
  });

  it('warns a quarter of the life before the end when a token lives under 20 minutes', () => {
    expect(sessionTimes({ token: token(60), receivedAt: NOW_MS })).toEqual({ renewFrom: NOW_MS + 30_000, warnFrom: NOW_MS + 45_000, expiresAt: NOW_MS + 60_000 });
  });

  it('counts from when this browser received the token; a token stored without that time ends at its exp', () => {
    // Issued by a server whose clock is an hour ahead: still 60 s from its arrival here.
    expect(sessionExpiresAt({ token: token(60, S + 3600), receivedAt: NOW_MS })).toBe(NOW_MS + 60_000);
    expect(sessionExpiresAt({ token: token(60), receivedAt: null })).toBe((S + 60) * 1000);
    expect(hasUsableToken({ token: token(60), receivedAt: NOW_MS }, NOW_MS + 59_999)).toBe(true);
    expect(hasUsableToken({ token: token(60), receivedAt: NOW_MS }, NOW_MS + 60_000)).toBe(false);
    expect(hasUsableToken({ token: null, receivedAt: null }, NOW_MS)).toBe(false);
    expect(sessionTimes({ token: null, receivedAt: null })).toBeNull();
  });
});

describe('the page to return to after signing in again', () => {
  const state = { token: token(60), publisher: publisher({ id: 102, name: 'Atlas News' }), publishers: [publisher(), publisher({ id: 102 })] };

  it('is given once, to the same user only', () => {
    const storage = new MemoryStorage();
    rememberReturn(state, '/zones/edit/1001/overview?x=1#urls', storage);
    expect(takeReturn(12, storage)).toBeNull();
    expect(storage.getItem(RETURN_KEY)).toBeNull();

    rememberReturn(state, '/zones/edit/1001/overview?x=1#urls', storage);
    expect(takeReturn(11, storage)).toEqual({ userId: 11, path: '/zones/edit/1001/overview?x=1#urls', publisher: state.publisher, publishers: state.publishers });
    expect(takeReturn(11, storage)).toBeNull();
  });

  it.each(['//evil.example/zones', 'https://evil.example/', '/login', '/auth?tk=1', '/forgot', '/external-login?jwt=x', 'zones'])(
    'is never %s: only the console’s own signed-in pages',
    (path) => {
      const storage = new MemoryStorage();
      rememberReturn(state, path, storage);
      expect(takeReturn(11, storage)).toBeNull();
    },
  );

  it('is nothing without a token, and survives a corrupt entry as nothing', () => {
    const storage = new MemoryStorage();
    rememberReturn({ ...state, token: null }, '/zones', storage);
    expect(storage.getItem(RETURN_KEY)).toBeNull();
    storage.setItem(RETURN_KEY, '{not json');
    expect(takeReturn(11, storage)).toBeNull();
  });
});
