// What differs between production and development mode for the auth service: the mailbox, and what reaches
// the log. No password, token, reset link or temporary password may be logged in either mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailbox, type TestApp } from '../support/serverHarness';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, login, loginToken, protectedCall } from '../support/auth';
import { DEMO } from '../../server/src/db/seed/demo';
import { bearer, lastMail, totpCode } from '../support/teamFixtures';

function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('') };
}

describe('production mode', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => t?.close());

  it('serves no mailbox, neither as JSON nor as a page, and has no key for one', async () => {
    expect(t.config.devMailboxKey).toBeNull();
    for (const url of ['/dev/mailbox/messages', '/dev/mailbox', '/dev/mailbox?key=', '/dev/mailbox/messages?key=null']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('raises a password hashed at a lower cost (the cheap hashes the test suites seed) to the configured cost at its next sign-in', async () => {
    const email = 'multi@publisher.example';
    const hashOf = async () => (await t.db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]))!.password_hash;
    expect(await hashOf()).toMatch(/^scrypt\$16\$1\$1\$/);
    const token = await loginToken(t, email);
    expect(await hashOf()).toMatch(/^scrypt\$16384\$8\$5\$/);
    // The same password: it still signs in, and the token issued before the upgrade still opens the API.
    expect((await login(t, email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await protectedCall(t, token)).statusCode).toBe(200);
  });

  it('logs every request but no password, token or temporary password of the whole sign-in and reset cycle', async () => {
    const email = 'solo@publisher.example';
    const secrets: string[] = [DEMO_PASSWORD, NEW_PASSWORD, 'Wrong#2026pass', 'Third#2029word'];
    secrets.push(await loginToken(t, email));
    await login(t, email, 'Wrong#2026pass');

    expect((await t.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email } })).statusCode).toBe(200);
    const mail = await t.db.one<{ link: string; body_text: string }>('SELECT link, body_text FROM outbox WHERE to_email = $1', [email]);
    const tk = new URL(mail!.link).searchParams.get('tk')!;
    const validated = await t.call({ method: 'POST', url: '/auth/validate', payload: { tk, ue: email } });
    const { pwd } = validated.json().response;
    expect(mail!.body_text).toContain(pwd);
    secrets.push(tk, pwd);

    // The console's reset page and ?jwt= sign-in link carry secrets in the address this server logs.
    await t.call({ method: 'GET', url: `/auth?tk=${tk}&ts=1&ue=${encodeURIComponent(email)}` });
    await t.call({ method: 'GET', url: `/browse?jwt=${secrets[4]}` });

    const reset = await t.call({ method: 'POST', url: '/auth/reset-pwd', payload: { tk, ue: email, password: pwd, newPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    // The one place the suite hashes with the production parameters (everywhere else testConfig() asks for cheap
    // ones, which a production config refuses): OWASP's scrypt N=2^14, r=8, p=5, and the sign-in below verifies it.
    const stored = await t.db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(stored?.password_hash).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    const token = await loginToken(t, email, NEW_PASSWORD);
    const changed = await t.call({
      method: 'POST',
      url: '/auth/change-pwd',
      payload: { email, password: NEW_PASSWORD, newPassword: 'Third#2029word' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push(token, changed.json().jwt);

    const text = log.text();
    expect(text).toContain('incoming request');
    expect(text).toContain('/auth?tk=***&ts=1');
    expect(text).toContain('e-mail queued in the outbox');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('production mode: teams and two-factor sign-in', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'trace' }, { logStream: log.stream });
  });
  afterAll(() => t?.close());

  it('logs no invitation link or token, TOTP secret, code, recovery code (first or new) or second-factor challenge, at any level', async () => {
    const secrets: string[] = [];
    // An invitation, its link opened in the console (a logged address) and accepted.
    const admin = await loginToken(t, 'multi@publisher.example');
    const sent = await t.call({ method: 'POST', url: `/external/publishers/${DEMO.publishers.atlasNews}/invitations`, headers: bearer(admin), payload: { email: 'logged@publisher.example', role: 'EDITOR' } });
    expect(sent.statusCode).toBe(201);
    const mail = await lastMail(t.db, 'logged@publisher.example');
    const tk = new URL(mail.link!).searchParams.get('tk')!;
    secrets.push(mail.link!, tk);
    await t.call({ method: 'GET', url: `/invitation?tk=${tk}&ue=logged%40publisher.example` });
    await t.call({ method: 'POST', url: '/auth/invitation', payload: { tk, ue: 'logged@publisher.example' } });
    const accepted = await t.call({ method: 'POST', url: '/auth/invitation/accept', payload: { tk, ue: 'logged@publisher.example', name: 'Logged', newPassword: NEW_PASSWORD } });
    expect(accepted.statusCode).toBe(200);

    // Two-factor sign-in turned on, then a sign-in with a code and one with a recovery code.
    await addUser(t, 'totp-logged@publisher.example');
    const token = await loginToken(t, 'totp-logged@publisher.example');
    const { secret } = (await t.call({ method: 'POST', url: '/external/me/two-factor/setup', headers: bearer(token), payload: { password: DEMO_PASSWORD } })).json() as {
      secret: string;
    };
    const firstCode = totpCode(secret, Date.now() - 30_000);
    const confirmed = await t.call({
      method: 'POST',
      url: '/external/me/two-factor/confirm',
      headers: bearer(token),
      payload: { code: firstCode, password: DEMO_PASSWORD },
    });
    const { recoveryCodes, jwt: afterConfirm } = confirmed.json() as { recoveryCodes: string[]; jwt: string };
    secrets.push(secret, firstCode, ...recoveryCodes, afterConfirm);
    const challenge = async () => ((await login(t, 'totp-logged@publisher.example', DEMO_PASSWORD)).json() as { challenge: { token: string } }).challenge.token;
    const first = await challenge();
    const code = totpCode(secret);
    secrets.push(first, code);
    const signedIn = await t.call({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge: first, code } });
    expect(signedIn.statusCode).toBe(200);
    secrets.push(signedIn.json().jwt);
    const second = await challenge();
    secrets.push(second);
    expect((await t.call({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge: second, recoveryCode: recoveryCodes[0] } })).statusCode).toBe(200);
    await t.call({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge: second, recoveryCode: recoveryCodes[1] } });
    // New recovery codes, proven by one of the old ones, then one of them signing in.
    const renewed = await t.call({ method: 'POST', url: '/external/me/two-factor/recovery-codes', headers: bearer(afterConfirm), payload: { code: recoveryCodes[2] } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newCodes = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    recoveryCodes.push(...newCodes);
    secrets.push(...newCodes);
    const third = await challenge();
    secrets.push(third);
    expect((await t.call({ method: 'POST', url: '/auth/login/second-factor', payload: { challenge: third, recoveryCode: newCodes[0] } })).statusCode).toBe(200);

    const text = log.text();
    expect(text).toContain('/invitation?tk=***&ue=');
    expect(text).toContain('e-mail queued in the outbox');
    for (const value of secrets) expect(text).not.toContain(value);
    for (const value of recoveryCodes) expect(text).not.toContain(value.replace('-', ''));
  });
});

describe('development mode', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => t?.close());

  it('logs that a mail was queued and where to read it, never its link, temporary password or a token', async () => {
    await login(t, 'multi@publisher.example', 'Wrong#2026pass');
    const jwt = await loginToken(t, 'multi@publisher.example');
    await t.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email: 'multi@publisher.example' } });
    const [message] = (await t.call({ method: 'GET', url: mailbox(t) })).json() as { id: number; text: string; link: string }[];
    const tk = new URL(message!.link).searchParams.get('tk')!;
    const { pwd } = (await t.call({ method: 'POST', url: '/auth/validate', payload: { tk, ue: 'multi@publisher.example' } })).json().response;

    const entries = log.lines.map((line) => JSON.parse(line) as { msg: string; outboxId?: number });
    expect(entries.filter((entry) => entry.outboxId === message!.id)).toEqual([
      expect.objectContaining({ msg: expect.stringMatching(/e-mail queued in the outbox.*\/dev\/mailbox/) }),
    ]);
    expect(entries.map((entry) => entry.msg)).not.toContain('incoming request');
    for (const secret of ['Wrong#2026pass', DEMO_PASSWORD, jwt, tk, pwd, message!.link, t.config.devMailboxKey!]) expect(log.text()).not.toContain(secret);
  });
});
