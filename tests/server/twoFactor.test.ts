// Two-factor sign-in (issue 22): TOTP (RFC 6238, SHA-1, 6 digits, 30 s, one step either side) under fixed clocks,
// codes that cannot be replayed, throttled like passwords, recovery codes that work once, the secret encrypted at
// rest, a team's requirement (the set-up during sign-in, and the server's refusal of members without it), turning
// it off, and network staff's reset.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { DEMO } from '../../server/src/db/seed/demo';
import { DEMO_PASSWORD, addUser, login, loginToken, protectedCall } from '../support/auth';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addMember, bearer, enableTwoFactor, lastMail, totpCode } from '../support/teamFixtures';

const STEP = 30_000;
const SAKURA = DEMO.publishers.sakuraPress;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => void vi.useRealTimers());

/** Node's clock (TOTP steps, token times) fixed at the start of a 30-second step near now; the database keeps its own. */
function fixClock(offsetMs = 0): number {
  const start = Math.floor(Date.now() / STEP) * STEP + offsetMs;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return start;
}

type Challenge = { token: string; mode: 'VERIFY' | 'SETUP'; expiresAt: string };

async function challengeOf(email: string, password = DEMO_PASSWORD): Promise<Challenge> {
  const res = await login(t, email, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).not.toHaveProperty('jwt');
  return (res.json() as { challenge: Challenge }).challenge;
}

const verify = (challenge: string, proof: { code?: string; recoveryCode?: string }, remoteAddress?: string) =>
  t.call({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge, ...proof }, remoteAddress });

/** A fresh account with two-factor sign-in on, confirmed with the code of the step before `at`'s (the clock's). */
async function withTwoFactor(email: string, at = Date.now()) {
  await addUser(t, email);
  return enableTwoFactor(t, await loginToken(t, email), at - STEP);
}

describe('turning it on', () => {
  const setupCall = (token: string, payload?: object, remoteAddress?: string) =>
    t.call({ method: 'POST', url: '/external/me/two-factor/setup', headers: bearer(token), payload, remoteAddress });
  const confirmCall = (token: string, payload: object, remoteAddress?: string) =>
    t.call({ method: 'POST', url: '/external/me/two-factor/confirm', headers: bearer(token), payload, remoteAddress });

  it('gives a secret and an otpauth address, keeps the secret encrypted, and turns on only with a current code and the password', async () => {
    await addUser(t, 'turning-on@publisher.example');
    const token = await loginToken(t, 'turning-on@publisher.example');
    const setup = await setupCall(token, { password: DEMO_PASSWORD });
    const { secret, otpauthUri } = setup.json() as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname)]).toEqual(['otpauth:', 'totp', '/Publisher portal:turning-on@publisher.example']);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'Publisher portal', secret, algorithm: 'SHA1', digits: '6', period: '30' });
    const stored = await t.db.one<{ secret: string }>("SELECT secret FROM user_two_factor WHERE user_id = (SELECT id FROM users WHERE email = 'turning-on@publisher.example')");
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(secret);

    const status = (jwt: string) => t.call({ method: 'GET', url: '/external/me/two-factor', headers: bearer(jwt) }).then((res) => res.json());
    expect(await status(token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, requiredBy: [] });
    const wrong = await confirmCall(token, { code: totpCode(secret, Date.now() - 5 * STEP), password: DEMO_PASSWORD });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'INVALID_CODE']);

    const confirm = await confirmCall(token, { code: totpCode(secret), password: DEMO_PASSWORD });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes, jwt } = confirm.json() as { recoveryCodes: string[]; jwt: string };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const hashes = JSON.stringify(await t.db.query('SELECT * FROM recovery_codes'));
    for (const code of recoveryCodes) expect(hashes).not.toContain(code.replace('-', ''));
    expect(await status(jwt)).toMatchObject({ enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10 });
    const entry = await t.db.one<{ kind: string; publisher_id: number | null; after: unknown }>(
      "SELECT kind, publisher_id, after FROM history WHERE operation = 'confirmTwoFactor' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toMatchObject({ kind: 'TWO_FACTOR', publisher_id: null, after: { enabled: true, user: { email: 'turning-on@publisher.example' } } });
  });

  // Issue 30, item 1: a stolen password-only token enrolled an authenticator, then signed its owner out everywhere.
  it('refuses a token without the password: no set-up, no confirmation, no ending of the other sessions', async () => {
    const email = 'stolen-token@publisher.example';
    await addUser(t, email);
    const owner = await loginToken(t, email);
    const stolen = await loginToken(t, email);
    const attacker = '198.51.100.66';

    for (const payload of [undefined, {}, { password: 'Guess#2026pass' }]) {
      const res = await setupCall(stolen, payload, attacker);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(payload && 'password' in payload ? 'INVALID_CREDENTIALS' : 'VALIDATION_FAILED');
    }
    expect(await t.db.one("SELECT 1 FROM user_two_factor WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email])).toBeUndefined();

    // A set-up the owner started: the token alone cannot confirm it with a code of its own reading.
    const { secret } = (await setupCall(owner, { password: DEMO_PASSWORD })).json() as { secret: string };
    const noPassword = await confirmCall(stolen, { code: totpCode(secret) }, attacker);
    expect([noPassword.statusCode, noPassword.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const wrongPassword = await confirmCall(stolen, { code: totpCode(secret), password: 'Guess#2026pass' }, attacker);
    expect([wrongPassword.statusCode, wrongPassword.json().code]).toEqual([400, 'INVALID_CREDENTIALS']);
    expect((await t.call({ method: 'GET', url: '/external/me/two-factor', headers: bearer(owner) })).json()).toMatchObject({ enabled: false });

    const endOthers = (token: string, payload?: object) =>
      t.call({ method: 'POST', url: '/external/me/sessions/end-others', headers: bearer(token), payload, remoteAddress: attacker });
    expect((await endOthers(stolen)).json().code).toBe('VALIDATION_FAILED');
    for (let i = 0; i < 3; i++) expect((await endOthers(stolen, { password: `Guess#2026pass${i}` })).json().code).toBe('INVALID_CREDENTIALS');
    // The owner is still signed in; the guesses count as password guesses: after five from the attacker's address
    // (set-up, confirmation, ending the others) even the right password is held there.
    expect((await protectedCall(t, owner)).statusCode).toBe(200);
    const blocked = await endOthers(stolen, { password: DEMO_PASSWORD });
    expect([blocked.statusCode, blocked.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await protectedCall(t, owner)).statusCode).toBe(200);
  });

  it('ends every other session of the user, keeps this one with a fresh token, and e-mails the owner with the way to report it', async () => {
    const email = 'on-ends-others@publisher.example';
    await addUser(t, email);
    const here = await loginToken(t, email);
    const elsewhere = await loginToken(t, email);
    const { jwt } = await enableTwoFactor(t, here, Date.now() - STEP);
    expect((await protectedCall(t, elsewhere)).statusCode).toBe(401);
    expect((await protectedCall(t, here)).statusCode).toBe(401);
    expect((await protectedCall(t, jwt)).statusCode).toBe(200);
    const sessions = (await t.call({ method: 'GET', url: '/external/me/sessions', headers: bearer(jwt) })).json() as { current: boolean }[];
    expect(sessions.map((session) => session.current)).toEqual([true]);
    const mail = await lastMail(t.db, email);
    expect(mail.subject).toBe('Two-factor sign-in was turned on for your publisher portal account');
    expect(mail.text).toContain('Every other session of the account was signed out.');
    expect(mail.text).toMatch(/Reset your password at once at http:\/\/\S+\/forgot/);
    expect(mail.text).toMatch(/Report it to \S+@\S+/);
    expect(mail.link).toBeNull();
  });

  it('e-mails the owner when it is turned off and when new recovery codes are made', async () => {
    const email = 'told-owner@publisher.example';
    await addUser(t, email);
    const { jwt } = await enableTwoFactor(t, await loginToken(t, email), Date.now() - STEP);
    const regenerated = await t.call({ method: 'POST', url: '/external/me/two-factor/recovery-codes', headers: bearer(jwt), payload: { password: DEMO_PASSWORD } });
    expect(regenerated.statusCode).toBe(200);
    const codesMail = await lastMail(t.db, email);
    expect(codesMail.subject).toBe('New recovery codes were made for your publisher portal account');
    for (const code of (regenerated.json() as { recoveryCodes: string[] }).recoveryCodes) expect(codesMail.text).not.toContain(code);
    expect(codesMail.text).toContain('If it was not you');
    expect((await t.call({ method: 'POST', url: '/external/me/two-factor/disable', headers: bearer(jwt), payload: { password: DEMO_PASSWORD } })).statusCode).toBe(204);
    const offMail = await lastMail(t.db, email);
    expect(offMail.subject).toBe('Two-factor sign-in was turned off for your publisher portal account');
    expect(offMail.text).toContain('If it was not you');
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password, takes one of this step or one either side, never two steps off', async () => {
    // Turned on ten steps ago, so that every step around now is still unused.
    const now = fixClock(10_000);
    vi.setSystemTime(now - 10 * STEP);
    const { secret } = await withTwoFactor('steps@publisher.example');
    vi.setSystemTime(now);
    const challenge = await challengeOf('steps@publisher.example');
    expect(challenge.mode).toBe('VERIFY');
    expect(Date.parse(challenge.expiresAt) - now).toBe(5 * 60_000);
    // The challenge is no bearer token.
    expect((await protectedCall(t, challenge.token)).statusCode).toBe(401);

    for (const off of [-2, 2]) {
      const res = await verify(challenge.token, { code: totpCode(secret, now + off * STEP) });
      expect([res.statusCode, res.json().code], `${off} steps`).toEqual([401, 'INVALID_CODE']);
    }
    const previous = await verify(challenge.token, { code: totpCode(secret, now - STEP) });
    expect(previous.statusCode).toBe(200);
    const jwt = previous.json().jwt as string;
    expect((await protectedCall(t, jwt)).statusCode).toBe(200);

    // The next step's code once, but neither it again nor the code of this (earlier) step afterwards.
    const second = await challengeOf('steps@publisher.example');
    expect((await verify(second.token, { code: totpCode(secret, now + STEP) })).statusCode).toBe(200);
    const third = await challengeOf('steps@publisher.example');
    expect((await verify(third.token, { code: totpCode(secret, now + STEP) })).json().code).toBe('INVALID_CODE');
    expect((await verify(third.token, { code: totpCode(secret, now) })).json().code).toBe('INVALID_CODE');
    // 30 seconds on, the step after that is new.
    vi.setSystemTime(now + 2 * STEP);
    expect((await verify(third.token, { code: totpCode(secret, now + 2 * STEP) })).statusCode).toBe(200);
  });

  it('throttles wrong codes like passwords: the sixth from one client is refused, even a right one', async () => {
    const now = fixClock();
    const { secret } = await withTwoFactor('guessed@publisher.example', now);
    const challenge = await challengeOf('guessed@publisher.example');
    const address = '198.51.100.7';
    for (let i = 0; i < 5; i++) expect((await verify(challenge.token, { code: '000000' }, address)).statusCode).toBe(401);
    const blocked = await verify(challenge.token, { code: totpCode(secret) }, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held by this one's guesses.
    expect((await verify(challenge.token, { code: totpCode(secret) }, '203.0.113.9')).statusCode).toBe(200);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { recoveryCodes } = await withTwoFactor('recovering@publisher.example');
    const code = recoveryCodes[3]!;
    const first = await challengeOf('recovering@publisher.example');
    const res = await verify(first.token, { recoveryCode: code.toUpperCase().replace('-', '') });
    expect(res.statusCode, res.body).toBe(200);
    const again = await challengeOf('recovering@publisher.example');
    expect((await verify(again.token, { recoveryCode: code })).json().code).toBe('INVALID_CODE');
    const status = await t.call({ method: 'GET', url: '/external/me/two-factor', headers: bearer(res.json().jwt) });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('lets a challenge run out after 5 minutes, and a password reset end it', async () => {
    const { secret } = await withTwoFactor('slow@publisher.example');
    const now = fixClock();
    const challenge = await challengeOf('slow@publisher.example');
    vi.setSystemTime(now + 5 * 60_000 + 1000);
    expect((await verify(challenge.token, { code: totpCode(secret) })).json().code).toBe('CHALLENGE_EXPIRED');
    vi.useRealTimers();
    const fresh = await challengeOf('slow@publisher.example');
    await t.db.query("UPDATE users SET tokens_valid_after = now() + interval '2 seconds' WHERE email = 'slow@publisher.example'");
    expect((await verify(fresh.token, { code: totpCode(secret) })).json().code).toBe('CHALLENGE_EXPIRED');
  });

  it('keeps the secret under TOTP_ENCRYPTION_KEY: another instance with the same key reads it, one with another key does not', async () => {
    const key = 'k'.repeat(40);
    const first = await createTestApp({ TOTP_ENCRYPTION_KEY: key }, { db: t.db });
    const same = await createTestApp({ TOTP_ENCRYPTION_KEY: key }, { db: t.db });
    const other = await createTestApp({ TOTP_ENCRYPTION_KEY: 'o'.repeat(40) }, { db: t.db });
    try {
      await addUser(t, 'keyed@publisher.example');
      const setup = await first.call({
        method: 'POST',
        url: '/external/me/two-factor/setup',
        headers: bearer(await loginToken(first, 'keyed@publisher.example')),
        payload: { password: DEMO_PASSWORD },
      });
      const { secret } = setup.json() as { secret: string };
      const confirm = (app: TestApp, token: string) =>
        app.call({ method: 'POST', url: '/external/me/two-factor/confirm', headers: bearer(token), payload: { code: totpCode(secret), password: DEMO_PASSWORD } });
      expect((await confirm(other, await loginToken(other, 'keyed@publisher.example'))).json().code).toBe('INVALID_CODE');
      expect((await confirm(same, await loginToken(same, 'keyed@publisher.example'))).statusCode).toBe(200);
    } finally {
      for (const app of [first, same, other]) await app.close();
    }
  });
});

describe("a team's requirement", () => {
  it('refuses an admin requiring it without it; once on, members without it are refused there and set it up at sign-in', async () => {
    const adminEmail = 'sakura-admin@publisher.example';
    await addMember(t, adminEmail, SAKURA, 'ADMIN');
    const adminToken = await loginToken(t, adminEmail);
    const requirement = (token: string, required: boolean) =>
      t.call({ method: 'PUT', url: `/external/publishers/${SAKURA}/two-factor-requirement`, headers: bearer(token), payload: { required } });
    const refused = await requirement(adminToken, true);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'TWO_FACTOR_REQUIRED']);
    const { secret: adminSecret, jwt: adminToken2 } = await enableTwoFactor(t, adminToken);
    // Turning it on refused every earlier token: the session goes on with the fresh one.
    expect((await protectedCall(t, adminToken)).statusCode).toBe(401);
    const on = await requirement(adminToken2, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: SAKURA, requireTwoFactor: true, role: 'ADMIN' });

    // A member signed in before: refused for this publisher from the next request on, not for another one.
    await addMember(t, 'sakura-editor@publisher.example', SAKURA, 'EDITOR');
    await t.db.query("INSERT INTO user_publishers (user_id, publisher_id, role) SELECT id, $1, 'EDITOR' FROM users WHERE email = 'sakura-editor@publisher.example'", [
      DEMO.publishers.soloMedia,
    ]);
    await t.db.query('UPDATE publishers SET require_two_factor = false WHERE id = $1', [SAKURA]);
    const editorToken = await loginToken(t, 'sakura-editor@publisher.example');
    await t.db.query('UPDATE publishers SET require_two_factor = true WHERE id = $1', [SAKURA]);
    const there = await t.call({ method: 'GET', url: `/external/publishers/${SAKURA}`, headers: bearer(editorToken) });
    expect([there.statusCode, there.json().code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    expect((await t.call({ method: 'GET', url: `/external/publishers/${DEMO.publishers.soloMedia}`, headers: bearer(editorToken) })).statusCode).toBe(200);

    // Signing in: the set-up comes after the password, and ends signed in with recovery codes.
    const challenge = await challengeOf('sakura-editor@publisher.example');
    expect(challenge.mode).toBe('SETUP');
    expect((await verify(challenge.token, { code: '123456' })).statusCode).toBe(400);
    const setup = await t.call({ method: 'POST', url: '/auth/login/two-factor-setup', payload: { challenge: challenge.token } });
    const { secret } = setup.json() as { secret: string };
    const done = await t.call({ method: 'POST', url: '/auth/login/two-factor-setup/confirm', payload: { challenge: challenge.token, code: totpCode(secret) } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await t.call({ method: 'GET', url: `/external/publishers/${SAKURA}`, headers: bearer(done.json().jwt) })).statusCode).toBe(200);
    // Turned on at sign-in as on the security page (issue 30): the earlier session ends, and the owner is told.
    expect((await protectedCall(t, editorToken)).statusCode).toBe(401);
    expect((await lastMail(t.db, 'sakura-editor@publisher.example')).subject).toBe('Two-factor sign-in was turned on for your publisher portal account');
    // Now a code is asked for at every sign-in.
    expect((await challengeOf('sakura-editor@publisher.example')).mode).toBe('VERIFY');

    // Turning it off is refused while a team requires it.
    const off = await t.call({ method: 'POST', url: '/external/me/two-factor/disable', headers: bearer(done.json().jwt), payload: { password: DEMO_PASSWORD } });
    expect([off.statusCode, off.json().code]).toEqual([409, 'TWO_FACTOR_REQUIRED']);

    // Staff reset: the member is told by e-mail, the publisher's history says so; an admin may not.
    const memberId = (await t.db.one<{ id: number }>("SELECT id FROM users WHERE email = 'sakura-editor@publisher.example'"))!.id;
    const reset = (token: string) => t.call({ method: 'POST', url: `/external/publishers/${SAKURA}/members/${memberId}/two-factor/reset`, headers: bearer(token) });
    expect((await reset(adminToken2)).json().code).toBe('ROLE_NOT_ALLOWED');
    expect((await reset(await t.token('staff'))).statusCode).toBe(204);
    expect((await lastMail(t.db, 'sakura-editor@publisher.example')).subject).toContain('Two-factor sign-in was turned off');
    const entry = await t.db.one<{ kind: string; author_internal: boolean; after: unknown }>(
      "SELECT kind, author_internal, after FROM history WHERE publisher_id = $1 AND operation = 'resetMemberTwoFactor'",
      [SAKURA],
    );
    expect(entry).toMatchObject({ kind: 'TWO_FACTOR', author_internal: true, after: { enabled: false, user: { id: memberId } } });
    expect((await challengeOf('sakura-editor@publisher.example')).mode).toBe('SETUP');
    expect((await reset(await t.token('staff'))).json().code).toBe('NO_PENDING_SETUP');

    // The requirement's change is recorded, and undone by the previous setting.
    const changed = await t.db.one<{ id: number }>(
      "SELECT id FROM history WHERE publisher_id = $1 AND operation = 'setTwoFactorRequirement' ORDER BY id DESC LIMIT 1",
      [SAKURA],
    );
    await t.db.query('UPDATE publishers SET require_two_factor = true WHERE id = $1', [SAKURA]);
    const undo = await t.call({ method: 'POST', url: `/external/publishers/${SAKURA}/history/${changed!.id}/undo`, headers: bearer(adminToken2) });
    expect(undo.statusCode, undo.body).toBe(201);
    expect(undo.json()).toMatchObject({ kind: 'TEAM_SETTINGS', before: { requireTwoFactor: true }, after: { requireTwoFactor: false } });
    expect(adminSecret).toBeTruthy();
  });
});

describe("a team's requirement is met by the session, not the user's setting (issue 30, item 2)", () => {
  it('refuses a password-only session of a user whose second factor is on, and takes the session that turned it on', async () => {
    const publisher = DEMO.publishers.soloMedia;
    const id = await addMember(t, 'session-factor@publisher.example', publisher, 'EDITOR');
    const passwordOnly = await loginToken(t, 'session-factor@publisher.example');
    // Two-factor sign-in on for the user while this session, signed in with the password alone, lives on (as it
    // did for anyone who turned it on before the sessions were ended with it).
    await t.db.query("INSERT INTO user_two_factor (user_id, secret, enabled_at) VALUES ($1, 'v1.unused.unused.unused', now())", [id]);
    await t.db.query('UPDATE publishers SET require_two_factor = true WHERE id = $1', [publisher]);
    try {
      const refused = await t.call({ method: 'GET', url: `/external/publishers/${publisher}`, headers: bearer(passwordOnly) });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
      const ledger = await t.call({ method: 'GET', url: `/external/publishers/${publisher}/payment-ledger`, headers: bearer(passwordOnly) });
      expect(ledger.statusCode).toBe(403);

      // The session that turns it on proved a code: it meets the requirement.
      await t.db.query('DELETE FROM user_two_factor WHERE user_id = $1', [id]);
      await t.db.query('UPDATE publishers SET require_two_factor = false WHERE id = $1', [publisher]);
      const { jwt } = await enableTwoFactor(t, passwordOnly);
      await t.db.query('UPDATE publishers SET require_two_factor = true WHERE id = $1', [publisher]);
      expect((await t.call({ method: 'GET', url: `/external/publishers/${publisher}`, headers: bearer(jwt) })).statusCode).toBe(200);
    } finally {
      await t.db.query('UPDATE publishers SET require_two_factor = false WHERE id = $1', [publisher]);
    }
  });
});

describe('turning it off', () => {
  it('asks for a current code, a recovery code or the password; a wrong one is 400 and the caller stays signed in', async () => {
    await addUser(t, 'leaving-2fa@publisher.example');
    const { secret, jwt: token } = await enableTwoFactor(t, await loginToken(t, 'leaving-2fa@publisher.example'), Date.now() - STEP);
    const disable = (payload: object) => t.call({ method: 'POST', url: '/external/me/two-factor/disable', headers: bearer(token), payload });
    expect((await disable({ code: '000000' })).json().code).toBe('INVALID_CODE');
    expect((await disable({ password: 'Wrong#2026pass' })).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await disable({ password: 'Wrong#2026pass' })).statusCode).toBe(400);
    expect((await protectedCall(t, token)).statusCode).toBe(200);
    expect((await disable({ code: totpCode(secret) })).statusCode).toBe(204);
    expect((await disable({ password: DEMO_PASSWORD })).json().code).toBe('NO_PENDING_SETUP');
    // Sign-in goes back to the password alone.
    expect(decodeJwt((await login(t, 'leaving-2fa@publisher.example', DEMO_PASSWORD)).json().jwt)).toMatchObject({ sid: expect.any(Number) });
  });
});

describe('new recovery codes', () => {
  const regenerate = (token: string, payload: object, remoteAddress?: string) =>
    t.call({ method: 'POST', url: '/external/me/two-factor/recovery-codes', headers: bearer(token), payload, remoteAddress });
  const codesLeft = async (token: string) => (await t.call({ method: 'GET', url: '/external/me/two-factor', headers: bearer(token) })).json().recoveryCodesLeft as number;
  const storedHashes = (email: string) =>
    t.db.query<{ code_hash: string; used_at: string | null }>(
      'SELECT code_hash, used_at FROM recovery_codes WHERE user_id = (SELECT id FROM users WHERE email = $1) ORDER BY code_hash',
      [email],
    );

  it('replaces every recovery code with 10 new ones for a current code: the old ones stop signing in, a new one signs in once', async () => {
    const now = fixClock();
    await addUser(t, 'new-codes@publisher.example');
    const { secret, recoveryCodes: old, jwt: token } = await enableTwoFactor(t, await loginToken(t, 'new-codes@publisher.example'), now - STEP);
    const other = await withTwoFactor('other-codes@publisher.example', now);
    const othersBefore = await storedHashes('other-codes@publisher.example');
    // One old code used at sign-in: 9 left before.
    expect((await verify((await challengeOf('new-codes@publisher.example')).token, { recoveryCode: old[0]! })).statusCode).toBe(200);
    expect(await codesLeft(token)).toBe(9);

    const res = await regenerate(token, { code: totpCode(secret, now) });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(recoveryCodes.filter((code) => old.includes(code))).toEqual([]);
    expect(await codesLeft(token)).toBe(10);
    const stored = JSON.stringify(await storedHashes('new-codes@publisher.example'));
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));

    // Recorded as the user's own change, with nothing of a code.
    const entry = await t.db.one<{ kind: string; publisher_id: number | null; before: unknown; after: unknown }>(
      "SELECT kind, publisher_id, before, after FROM history WHERE operation = 'regenerateRecoveryCodes' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({
      kind: 'TWO_FACTOR',
      publisher_id: null,
      before: { user: expect.objectContaining({ email: 'new-codes@publisher.example' }), enabled: true },
      after: { user: expect.objectContaining({ email: 'new-codes@publisher.example' }), enabled: true, newRecoveryCodes: true },
    });

    // The unused old codes no longer sign in; a new one does, once.
    const challenge = await challengeOf('new-codes@publisher.example');
    for (const code of old.slice(1, 4)) expect((await verify(challenge.token, { recoveryCode: code })).json().code).toBe('INVALID_CODE');
    expect((await verify(challenge.token, { recoveryCode: recoveryCodes[5]! })).statusCode).toBe(200);
    const again = await challengeOf('new-codes@publisher.example');
    expect((await verify(again.token, { recoveryCode: recoveryCodes[5]! })).json().code).toBe('INVALID_CODE');

    // Another user's codes are untouched and still work.
    expect(await storedHashes('other-codes@publisher.example')).toEqual(othersBefore);
    const theirs = await verify((await challengeOf('other-codes@publisher.example')).token, { recoveryCode: other.recoveryCodes[0]! });
    expect(theirs.statusCode).toBe(200);
  });

  it('refuses a wrong or replayed code with 400 INVALID_CODE, changing nothing and keeping the caller signed in; throttled like turning it off', async () => {
    const now = fixClock();
    await addUser(t, 'replayed-codes@publisher.example');
    const { secret, jwt: token } = await enableTwoFactor(t, await loginToken(t, 'replayed-codes@publisher.example'), now - STEP);
    const used = totpCode(secret, now);
    const first = await regenerate(token, { code: used });
    expect(first.statusCode).toBe(200);
    const { recoveryCodes } = first.json() as { recoveryCodes: string[] };
    const before = await storedHashes('replayed-codes@publisher.example');

    for (const code of [used, '000000', 'aaaaa-aaaaa']) {
      const refused = await regenerate(token, { code });
      expect([refused.statusCode, refused.json().code], code).toEqual([400, 'INVALID_CODE']);
    }
    const wrongPassword = await regenerate(token, { password: 'Wrong#2026pass' });
    expect([wrongPassword.statusCode, wrongPassword.json().code]).toEqual([400, 'INVALID_CREDENTIALS']);
    expect(await storedHashes('replayed-codes@publisher.example')).toEqual(before);
    expect((await protectedCall(t, token)).statusCode).toBe(200);

    // The sixth guess from one client is refused, even a right code; another client is not held by them.
    const address = '198.51.100.21';
    for (let i = 0; i < 5; i++) expect((await regenerate(token, { code: '111111' }, address)).statusCode).toBe(400);
    const blocked = await regenerate(token, { code: totpCode(secret, now + STEP) }, address);
    expect([blocked.statusCode, blocked.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedHashes('replayed-codes@publisher.example')).toEqual(before);

    // A recovery code (or the password) proves it too, from another client.
    const byRecovery = await regenerate(token, { code: recoveryCodes[2]! }, '203.0.113.21');
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    const byPassword = await regenerate(token, { password: DEMO_PASSWORD }, '203.0.113.21');
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expect(await codesLeft(token)).toBe(10);
  });

  it('answers 409 NO_PENDING_SETUP while two-factor sign-in is off, even with a set-up started', async () => {
    fixClock();
    await addUser(t, 'no-codes@publisher.example');
    const token = await loginToken(t, 'no-codes@publisher.example');
    const off = await regenerate(token, { code: '123456' });
    expect([off.statusCode, off.json().code]).toEqual([409, 'NO_PENDING_SETUP']);
    const setup = await t.call({ method: 'POST', url: '/external/me/two-factor/setup', headers: bearer(token), payload: { password: DEMO_PASSWORD } });
    const pending = await regenerate(token, { code: totpCode((setup.json() as { secret: string }).secret) });
    expect([pending.statusCode, pending.json().code]).toEqual([409, 'NO_PENDING_SETUP']);
    expect(await storedHashes('no-codes@publisher.example')).toEqual([]);
  });
});
