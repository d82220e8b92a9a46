// Renewing the sign-in token while the user works (renewToken, issue 21): a fresh token for the same session, never
// past the session's longest life (SESSION_MAX_SECONDS from its sign-in), and never for a token the server would
// refuse anyway (expired, issued before a password change, account disabled).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addUser, loginToken, protectedCall } from '../support/auth';
import { reissue, signIn } from '../../server/src/auth/sessions';

const SESSION_MAX = 3600;
const TTL = 600;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TOKEN_TTL_SECONDS: String(TTL), SESSION_MAX_SECONDS: String(SESSION_MAX) });
});
afterAll(() => t.close());

const renew = (token?: string) =>
  t.call({ method: 'POST', url: '/auth/renew', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

/** A token of the user whose session started `secondsAgo` seconds ago (as a renewal would carry it on). */
async function tokenOfSessionStarted(email: string, secondsAgo: number): Promise<string> {
  const row = await t.db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
    'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  const user = { ...row!, isInternal: row!.is_internal };
  const { tokens } = t.app.services;
  const { sid } = await tokens.verify(await signIn(t.db, tokens, user, { userAgent: 'test', address: '127.0.0.1' }));
  return reissue(t.db, tokens, user, sid, 0, Math.floor(Date.now() / 1000) - secondsAgo);
}

describe('renewing the sign-in token', () => {
  it('answers a fresh token of the same user and session, which opens the API', async () => {
    const signedIn = await loginToken(t, 'multi@publisher.example');
    const res = await renew(signedIn);
    expect(res.statusCode, res.body).toBe(200);
    const { jwt } = res.json() as { jwt: string };
    const before = decodeJwt(signedIn);
    const after = decodeJwt(jwt);
    expect(after.user).toEqual(before.user);
    expect(after.auth_time).toBe(before.auth_time);
    expect(after.iat).toBeGreaterThanOrEqual(before.iat!);
    expect(after.exp! - after.iat!).toBe(TTL);
    expect((await protectedCall(t, jwt)).statusCode).toBe(200);
  });

  it('never gives a token past the session’s longest life, and none once it is over', async () => {
    // Started 3,300 s ago: 300 s of the session are left, less than a token's 600.
    const late = decodeJwt((await renew(await tokenOfSessionStarted('solo@publisher.example', SESSION_MAX - 300))).json().jwt);
    expect(late.exp).toBe(Number(late.auth_time) + SESSION_MAX);
    expect(late.exp! - Date.now() / 1000).toBeLessThanOrEqual(300);
    // A token carrying a session whose end has come is past its own expiry too: refused like any expired token.
    const over = await renew(await tokenOfSessionStarted('solo@publisher.example', SESSION_MAX + 5));
    expect(over.statusCode).toBe(401);
    expect(over.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses the token of a session that was ended (signed out there, or everywhere else)', async () => {
    const signedIn = await loginToken(t, 'multi@publisher.example');
    await t.db.query('UPDATE user_sessions SET ended_at = now() WHERE id = $1', [decodeJwt(signedIn).sid]);
    const res = await renew(signedIn);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a token still valid when the server now lets sessions live shorter (SESSION_MAX_SECONDS lowered since)', async () => {
    // Issued under a one-hour session life 200 s after its sign-in; an instance now configured for 120 s refuses it.
    const token = await tokenOfSessionStarted('solo@publisher.example', 200);
    const stricter = await createTestApp({ TOKEN_TTL_SECONDS: String(TTL), SESSION_MAX_SECONDS: '120' }, { db: t.db });
    try {
      const res = await stricter.call({ method: 'POST', url: '/auth/renew', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'The session has ended; sign in again' });
    } finally {
      await stricter.close();
    }
  });

  it('refuses a call without a token, a token issued before a password change, and a disabled account', async () => {
    expect((await renew()).statusCode).toBe(401);

    await addUser(t, 'renewed@publisher.example');
    const old = await loginToken(t, 'renewed@publisher.example');
    await t.db.query(`UPDATE users SET tokens_valid_after = now() + interval '1 second' WHERE email = 'renewed@publisher.example'`);
    const changed = await renew(old);
    expect(changed.statusCode).toBe(401);

    await addUser(t, 'renewed-locked@publisher.example');
    const locked = await loginToken(t, 'renewed-locked@publisher.example');
    await t.db.query(`UPDATE users SET enabled = false WHERE email = 'renewed-locked@publisher.example'`);
    const refused = await renew(locked);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_LOCKED');
  });
});
