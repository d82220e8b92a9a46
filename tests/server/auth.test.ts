// Sign-in, throttling, token checks and password change over real HTTP sign-in (with the test suites' cheap
// password hashes: testConfig() in tests/support/serverHarness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, login, loginToken, protectedCall } from '../support/auth';
import { storedSecret } from '../../server/src/auth/tokens';
import { LIMITS } from '../../server/src/auth/throttle';
import { DEMO } from '../../server/src/db/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong#2026pass';

describe('login', () => {
  it('answers a token with the contract payload, and the token opens the API', async () => {
    const res = await login(t, 'solo@publisher.example', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { jwt } = res.json();
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = decodeJwt(jwt);
    expect(payload).toEqual({
      user: { id: DEMO.users.solo, email: 'solo@publisher.example', name: 'Sofia Solo', enabled: true, roles: [] },
      isInternal: false,
      sid: expect.any(Number),
      iss: 'publisher-portal',
      aud: 'publisher-portal-console',
      iat: expect.any(Number),
      exp: expect.any(Number),
      // A sign-in starts a session (renewToken keeps its start).
      auth_time: payload.iat,
    });
    expect(payload.exp! - payload.iat!).toBe(t.config.tokenTtlSeconds);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(5);

    const publishers = await protectedCall(t, jwt);
    expect(publishers.statusCode).toBe(200);
    expect(publishers.json().map((p: { name: string }) => p.name)).toEqual(['Solo Media']);
  });

  it('flags internal staff and carries their roles; the e-mail is matched without regard to case', async () => {
    const payload = decodeJwt(await loginToken(t, 'Staff@AdNetwork.example'));
    expect(payload).toMatchObject({ user: { id: DEMO.users.staff, roles: ['PUBLISHER_SUPPORT'] }, isInternal: true });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await login(t, 'multi@publisher.example', WRONG);
    const unknown = await login(t, 'nobody@publisher.example', DEMO_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
  });

  it('tells a disabled account it is locked, but only to whoever knows its password', async () => {
    const right = await login(t, 'locked@publisher.example', DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');
    const guess = await login(t, 'locked@publisher.example', WRONG);
    expect(guess.statusCode).toBe(401);
    expect(guess.json().code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    ['missing', { password: DEMO_PASSWORD }],
    ['malformed', { email: 'not-an-email', password: DEMO_PASSWORD }],
  ])('answers 400 naming /body/email for a %s e-mail', async (_case, payload) => {
    const res = await t.call({ method: 'POST', url: '/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/email']);
  });
});

describe('throttling of failed sign-ins', () => {
  const max = LIMITS.accountAddress.max;

  it(`evaluates at most ${max} guesses per e-mail from one address, even in parallel, then refuses that address even the right password`, async () => {
    await addUser(t, 'guessed@publisher.example');
    const address = '203.0.113.10';
    const guesses = await Promise.all(Array.from({ length: max + 2 }, () => login(t, 'guessed@publisher.example', WRONG, address)));
    expect(guesses.map((r) => r.statusCode).sort()).toEqual([...Array(max).fill(401), 429, 429]);

    const right = await login(t, 'guessed@publisher.example', DEMO_PASSWORD, address);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: expect.any(String) });
    const retryAfter = Number(right.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(LIMITS.accountAddress.blockSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.accountAddress.blockSeconds);

    // Another account from the same address is not held by this e-mail's block.
    expect((await login(t, 'multi@publisher.example', DEMO_PASSWORD, address)).statusCode).toBe(200);

    // Once the block has run out, the count starts afresh (the database's clock decides: moved, not waited for).
    await t.db.query(
      `UPDATE login_attempts SET blocked_until = now() - interval '1 second', window_started_at = now() - interval '1 hour'
        WHERE key LIKE 'email-ip:guessed@publisher.example|%'`,
    );
    expect((await login(t, 'guessed@publisher.example', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it("does not let one guessing address lock the owner out: the right password from the owner's address still signs in", async () => {
    await addUser(t, 'targeted@publisher.example');
    const attacker = '203.0.113.13';
    for (let i = 0; i < max + 3; i++) await login(t, 'targeted@publisher.example', WRONG, attacker);
    expect((await login(t, 'targeted@publisher.example', DEMO_PASSWORD, attacker)).statusCode).toBe(429);
    expect((await login(t, 'targeted@publisher.example', DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 network, so one host cannot take a fresh address per guess', async () => {
    await addUser(t, 'rotated@publisher.example');
    const statuses: number[] = [];
    for (let i = 1; i <= max + 1; i++) statuses.push((await login(t, 'rotated@publisher.example', WRONG, `2001:db8:1:2::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
    expect((await login(t, 'rotated@publisher.example', DEMO_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  /** The known-device cookie a sign-in answered, as a browser would send it back. */
  const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => {
    const cookie = res.cookies.find((c) => c.name === 'known_device');
    if (!cookie) throw new Error('no known-device cookie');
    return `known_device=${cookie.value}`;
  };
  const loginFrom = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.call({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });

  it.each([
    ['25 IPv6 /64s of one /48', 'net6', (i: number) => `2001:db8:77:${i.toString(16)}::1`, '2001:db8:78::1'],
    ['25 addresses of one IPv4 /24', 'net4', (i: number) => `192.0.2.${i}`, '198.51.100.30'],
  ])('does not let one network lock the owner out, even from %s', async (_case, name, attacker, elsewhere) => {
    const email = `${name}@publisher.example`;
    await addUser(t, email);
    const known = deviceCookie(await loginFrom(email, DEMO_PASSWORD, attacker(200)));
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++) for (let j = 0; j < max; j++) statuses.push((await loginFrom(email, WRONG, attacker(i))).statusCode);
    // The network's own cap ends its guessing at this account: the rest are refused unread.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.accountNetwork.max);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);

    expect((await loginFrom(email, DEMO_PASSWORD, elsewhere)).statusCode).toBe(200);
    // Inside the guessing network, a new browser is held with it; one that signed in before is not.
    expect((await loginFrom(email, DEMO_PASSWORD, attacker(201))).statusCode).toBe(429);
    expect((await loginFrom(email, DEMO_PASSWORD, attacker(201), known)).statusCode).toBe(200);
  });

  it('holds an account for new browsers once guesses from many networks reach its ceiling, never a browser that signed in to it before', async () => {
    await addUser(t, 'swarmed@publisher.example');
    await addUser(t, 'neighbour@publisher.example');
    const owner = await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.21');
    expect(String(owner.headers['set-cookie'])).toMatch(/^known_device=[^;]+; Path=\/auth\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const known = deviceCookie(owner);
    const neighbour = deviceCookie(await loginFrom('neighbour@publisher.example', DEMO_PASSWORD, '198.51.100.21'));

    // One failing guess from each of as many networks as the ceiling takes.
    for (let n = 1; n <= LIMITS.account.max; n++) {
      expect((await loginFrom('swarmed@publisher.example', WRONG, `100.64.${n}.7`)).statusCode).toBe(401);
    }
    const blocked = await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.22');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A cookie names one account: another's, or a forged one, does not open this one.
    expect((await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.21', neighbour)).statusCode).toBe(429);
    const forged = `known_device=${Math.floor(Date.now() / 1000).toString(36)}.${'A'.repeat(22)}`;
    expect((await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.21', forged)).statusCode).toBe(429);
    // The owner's browser, remembering both accounts, signs in; the fresh cookie still holds both.
    const both = `${known}~${neighbour.slice('known_device='.length)}`;
    const again = await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.21', both);
    expect(again.statusCode).toBe(200);
    expect(deviceCookie(again).split('~')).toHaveLength(2);
    // A wrong password from a known browser is still a guess: the limit of its own address holds it.
    for (let i = 0; i < max; i++) await loginFrom('swarmed@publisher.example', WRONG, '198.51.100.23', known);
    expect((await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.23', known)).statusCode).toBe(429);

    // A password change makes every earlier cookie of the account worthless.
    await t.db.query(`UPDATE users SET tokens_valid_after = now() + interval '1 second' WHERE email = 'swarmed@publisher.example'`);
    expect((await loginFrom('swarmed@publisher.example', DEMO_PASSWORD, '198.51.100.21', known)).statusCode).toBe(429);
  });

  it('answers guesses about an unknown e-mail exactly like those about an existing account, 429 included', async () => {
    const answers = async (email: string, address: (i: number) => string, count: number) => {
      const seen: string[] = [];
      for (let i = 0; i < count; i++) {
        const res = await login(t, email, WRONG, address(i));
        seen.push(`${res.statusCode} ${res.headers['retry-after'] === undefined ? '-' : 'retry'} ${res.headers['set-cookie'] ?? '-'} ${res.body}`);
      }
      return seen;
    };
    await addUser(t, 'existing@publisher.example');
    await addUser(t, 'existing-net@publisher.example');
    // From one address (its pair limit), and from many addresses of one network (the network's cap).
    expect(await answers('nobody-here@publisher.example', () => '203.0.113.15', max + 1)).toEqual(
      await answers('existing@publisher.example', () => '203.0.113.16', max + 1),
    );
    const network = LIMITS.accountNetwork.max + 1;
    expect(await answers('nobody-net@publisher.example', (i) => `198.18.1.${i + 1}`, network)).toEqual(
      await answers('existing-net@publisher.example', (i) => `198.18.2.${i + 1}`, network),
    );
  });

  it('forgets an e-mail failures from an address after a successful sign-in from it', async () => {
    await addUser(t, 'forgetful@publisher.example');
    const address = '203.0.113.11';
    const fail = async () => {
      const guesses = await Promise.all(Array.from({ length: max - 1 }, () => login(t, 'forgetful@publisher.example', WRONG, address)));
      return guesses.map((r) => r.statusCode);
    };
    expect(await fail()).toEqual(Array(max - 1).fill(401));
    expect((await login(t, 'forgetful@publisher.example', DEMO_PASSWORD, address)).statusCode).toBe(200);
    expect(await fail()).toEqual(Array(max - 1).fill(401));
  });

  it('blocks a client address that failed too often, for every e-mail', async () => {
    const address = '203.0.113.12';
    // As if the address had already failed one short of its limit with many e-mails.
    await t.db.query(`INSERT INTO login_attempts (key, failures, window_started_at) VALUES ($1, $2, now())`, [
      `ip:${address}`,
      LIMITS.address.max - 1,
    ]);
    expect((await login(t, 'someone@publisher.example', WRONG, address)).statusCode).toBe(401);
    const blocked = await login(t, 'solo@publisher.example', DEMO_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('tokens the API refuses', () => {
  let key: Uint8Array;
  let valid: string;
  const now = () => Math.floor(Date.now() / 1000);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  /** The session of `valid`, a real sign-in: a token names its session. */
  let sid: unknown;
  const claims = () => ({
    user: { id: DEMO.users.multi, email: 'multi@publisher.example', name: 'Max Multi', enabled: true, roles: [] },
    isInternal: false,
    sid,
  });
  /** A token as the server builds them; `null` leaves a claim out, `userId` replaces the user's id. */
  const sign = (
    options: { secret?: Uint8Array; iss?: string; aud?: string; iat?: number | null; exp?: number | null; userId?: unknown; sid?: unknown } = {},
  ) => {
    const payload = options.sid === undefined ? claims() : { ...claims(), sid: options.sid };
    const jwt = new SignJWT(options.userId === undefined ? payload : { ...payload, user: { ...payload.user, id: options.userId } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(options.iss ?? 'publisher-portal')
      .setAudience(options.aud ?? 'publisher-portal-console');
    if (options.iat !== null) jwt.setIssuedAt(options.iat ?? now());
    if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now() + 3600);
    return jwt.sign(options.secret ?? key);
  };

  beforeAll(async () => {
    key = new TextEncoder().encode(await storedSecret(t.db, 'jwt'));
    valid = await loginToken(t, 'multi@publisher.example');
    sid = decodeJwt(valid).sid;
  });

  it('accepts a token built here the way the server builds them (the control for the cases below)', async () => {
    expect((await protectedCall(t, await sign())).statusCode).toBe(200);
  });

  const cases: [string, () => Promise<string>][] = [
    ['signed with another secret (forged)', () => sign({ secret: new TextEncoder().encode('x'.repeat(48)) })],
    ['expired', () => sign({ iat: now() - 7200, exp: now() - 3600 })],
    ['unsigned (alg none)', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...decodeJwt(valid), isInternal: true })}.`],
    [
      'edited after signing',
      async () => {
        const [header, , signature] = valid.split('.');
        const edited = { ...decodeJwt(valid), isInternal: true, user: { ...claims().user, id: DEMO.users.staff } };
        return `${header}.${b64(edited)}.${signature}`;
      },
    ],
    ['from another issuer', () => sign({ iss: 'someone-else' })],
    ['for another audience', () => sign({ aud: 'another-app' })],
    ['with a header that is not JSON', async () => `${Buffer.from('{alg:').toString('base64url')}.${valid.split('.').slice(1).join('.')}`],
    ['that is no JWT at all', async () => 'not-a-token'],
    ['without an expiry', () => sign({ exp: null })],
    ['without an issue time', () => sign({ iat: null })],
    ['living longer than the configured token lifetime', () => sign({ exp: now() + t.config.tokenTtlSeconds + 3600 })],
    ['issued in the future, beyond the allowed clock skew', () => sign({ iat: now() + 600, exp: now() + 1200 })],
    ['whose user id is not an integer', () => sign({ userId: 'abc' })],
    ['whose user id is a fraction', () => sign({ userId: 2.5 })],
    ['whose user id is beyond the id range', () => sign({ userId: 2 ** 40 })],
    ['without a session', () => sign({ sid: null })],
    ["naming another user's session", async () => sign({ sid: decodeJwt(await loginToken(t, 'solo@publisher.example')).sid })],
    ['naming a session that does not exist', () => sign({ sid: 999_999 })],
  ];

  it.each(cases)('refuses a token %s with 401', async (_case, make) => {
    const res = await protectedCall(t, await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('accepts a token issued a little ahead of this clock (another instance, a password change this second)', async () => {
    expect((await protectedCall(t, await sign({ iat: now() + 5, exp: now() + 3605 }))).statusCode).toBe(200);
  });

  it('refuses an authorization header that is not a bearer token', async () => {
    const res = await t.call({ method: 'GET', url: '/external/publishers/simple-search', headers: { authorization: `Token ${valid}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('password change', () => {
  const change = (token: string, payload: Record<string, string>, remoteAddress?: string) =>
    t.call({ method: 'POST', url: '/auth/change-pwd', payload, remoteAddress, headers: { authorization: `Bearer ${token}` } });

  it('changes the own password: older tokens stop working, the fresh token and the new password work', async () => {
    await addUser(t, 'changer@publisher.example');
    const before = await loginToken(t, 'changer@publisher.example');
    const res = await change(before, { email: 'changer@publisher.example', password: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_CHANGED', message: expect.any(String) });
    const fresh = res.json().jwt as string;
    expect(decodeJwt(fresh)).toMatchObject({ user: { email: 'changer@publisher.example' } });

    expect((await protectedCall(t, before)).statusCode).toBe(401);
    expect((await protectedCall(t, fresh)).statusCode).toBe(200);
    expect((await login(t, 'changer@publisher.example', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, 'changer@publisher.example', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it("refuses staff setting a client's password with 403, and changes nothing", async () => {
    const client = await loginToken(t, 'solo@publisher.example');
    const staff = await loginToken(t, 'staff@adnetwork.example');
    const res = await change(staff, { email: 'solo@publisher.example', password: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await protectedCall(t, client)).statusCode).toBe(200);
    expect((await login(t, 'solo@publisher.example', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 for a wrong current password and 400 naming /body/newPassword for a new one equal to it or too weak', async () => {
    await addUser(t, 'careless@publisher.example');
    const token = await loginToken(t, 'careless@publisher.example');
    const email = 'careless@publisher.example';

    const wrong = await change(token, { email, password: WRONG, newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    for (const newPassword of [DEMO_PASSWORD, 'alllowercase1!']) {
      const res = await change(token, { email, password: DEMO_PASSWORD, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('/body/newPassword');
      expect(res.body).not.toContain(DEMO_PASSWORD);
    }
    // Nothing changed: the token still works.
    expect((await protectedCall(t, token)).statusCode).toBe(200);
  });

  it('throttles wrong current passwords together with the account sign-in failures', async () => {
    await addUser(t, 'probed@publisher.example');
    const email = 'probed@publisher.example';
    const token = await loginToken(t, email);
    // As if sign-ins from this address had already failed one short of the limit.
    await t.db.query(`INSERT INTO login_attempts (key, failures, window_started_at) VALUES ($1, $2, now())`, [
      `email-ip:${email}|203.0.113.30`,
      LIMITS.accountAddress.max - 1,
    ]);
    expect((await change(token, { email, password: WRONG, newPassword: NEW_PASSWORD }, '203.0.113.30')).statusCode).toBe(401);
    const blocked = await change(token, { email, password: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, '203.0.113.30');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, email, DEMO_PASSWORD, '203.0.113.30')).statusCode).toBe(429);
  });
});
