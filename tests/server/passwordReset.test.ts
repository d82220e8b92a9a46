// Forgot password, the reset link and the reset itself, read back through the development mailbox.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailbox, type TestApp } from '../support/serverHarness';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, login, loginToken, protectedCall, requestReset } from '../support/auth';
import { LIMITS } from '../../server/src/auth/throttle';
import { passwordProblems } from '../../src/lib/password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forget = (email: string, remoteAddress?: string) => t.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email }, remoteAddress });
const validate = ({ tk, ue, ts }: { tk: string; ue: string; ts?: string }) =>
  t.call({ method: 'POST', url: '/auth/validate', payload: { tk, ue, ts } });
const reset = (body: { tk: string; ue: string; password: string; newPassword: string }) =>
  t.call({ method: 'POST', url: '/auth/reset-pwd', payload: body });
const count = async (sql: string, params: unknown[]) => (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))!.n;

describe('forgot password', () => {
  it('mails a temporary password and a link valid for 24 hours; the link gives the e-mail and that password back', async () => {
    await addUser(t, 'Mixed.Case@publisher.example');
    const requestedAt = Date.now();
    const mail = await requestReset(t, 'mixed.case@publisher.example');

    expect(mail.link.startsWith(`${t.config.publicUrl}/auth?tk=`)).toBe(true);
    expect(mail.ue).toBe('Mixed.Case@publisher.example');
    expect(Number(mail.ts)).toBeGreaterThanOrEqual(requestedAt + 24 * 3600_000 - 60_000);
    expect(Number(mail.ts)).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 60_000);
    expect(mail.text).toContain(mail.link);

    const res = await validate({ tk: mail.tk, ue: mail.ue, ts: mail.ts });
    expect(res.statusCode).toBe(200);
    const { email, pwd } = res.json().response;
    expect(email).toBe('Mixed.Case@publisher.example');
    expect(mail.text).toContain(`Temporary password: ${pwd}`);
    expect(passwordProblems(pwd)).toEqual([]);

    // Only a digest of the token and a scrypt hash of the temporary password are stored.
    const stored = await t.db.one<{ token_hash: string; temp_password_hash: string }>(
      'SELECT token_hash, temp_password_hash FROM password_resets WHERE token_hash = $1',
      [createHash('sha256').update(mail.tk).digest('hex')],
    );
    expect(stored?.temp_password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain(pwd);
  });

  it('answers an unknown or disabled account exactly like a known one, and mails nothing', async () => {
    await addUser(t, 'known@publisher.example');
    await addUser(t, 'disabled@publisher.example', { enabled: false });
    const known = await forget('known@publisher.example');
    const unknown = await forget('nobody@publisher.example');
    const disabled = await forget('disabled@publisher.example');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ code: 'TEMP_PASSWORD_SENT' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(disabled.body).toBe(known.body);
    expect(await count('outbox WHERE to_email = ANY($1)', [['nobody@publisher.example', 'disabled@publisher.example']])).toBe(0);
    expect(await count('password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1', ['disabled@publisher.example'])).toBe(0);
    expect(await count('outbox WHERE to_email = $1', ['known@publisher.example'])).toBe(1);
  });

  it(`sends at most ${LIMITS.resetMail.max} e-mails an hour to one address, whether or not it has an account`, async () => {
    for (const email of ['bombed@publisher.example', 'nobody-at-all@publisher.example']) {
      if (email.startsWith('bombed')) await addUser(t, email);
      for (let i = 0; i < LIMITS.resetMail.max; i++) expect((await forget(email, '203.0.113.40')).statusCode).toBe(200);
      const blocked = await forget(email, '203.0.113.40');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await count('outbox WHERE to_email = $1', ['bombed@publisher.example'])).toBe(LIMITS.resetMail.max);
  });

  it('validates the e-mail', async () => {
    const res = await forget('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/body/email');
  });
});

describe('password reset', () => {
  it('sets the new password: it signs in, the old one and older tokens no longer work, and the link works once', async () => {
    await addUser(t, 'resetter@publisher.example');
    const before = await loginToken(t, 'resetter@publisher.example');
    const mail = await requestReset(t, 'resetter@publisher.example');
    const { pwd } = (await validate(mail)).json().response;

    const wrong = await reset({ tk: mail.tk, ue: mail.ue, password: 'Guess#2026pass', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const same = await reset({ tk: mail.tk, ue: mail.ue, password: pwd, newPassword: pwd });
    expect(same.statusCode).toBe(400);
    expect(same.json().details.map((d: { field: string }) => d.field)).toEqual(['/body/newPassword']);
    expect(same.body).not.toContain(pwd);

    const done = await reset({ tk: mail.tk, ue: mail.ue, password: pwd, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ code: 'PASSWORD_CHANGED' });

    expect((await protectedCall(t, before)).statusCode).toBe(401);
    const after = await login(t, 'resetter@publisher.example', NEW_PASSWORD);
    expect(after.statusCode).toBe(200);
    expect((await protectedCall(t, after.json().jwt)).statusCode).toBe(200);
    expect((await login(t, 'resetter@publisher.example', DEMO_PASSWORD)).statusCode).toBe(401);

    const again = await validate(mail);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('LINK_INVALID');
    const resetAgain = await reset({ tk: mail.tk, ue: mail.ue, password: pwd, newPassword: 'Other#2028word' });
    expect(resetAgain.statusCode).toBe(404);
    expect(resetAgain.json().code).toBe('LINK_INVALID');
  });

  it("closes the user's other open links", async () => {
    await addUser(t, 'twice@publisher.example');
    const first = await requestReset(t, 'twice@publisher.example');
    const second = await requestReset(t, 'twice@publisher.example');
    expect(second.tk).not.toBe(first.tk);
    const { pwd } = (await validate(second)).json().response;
    expect((await reset({ tk: second.tk, ue: second.ue, password: pwd, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const stale = await validate(first);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().code).toBe('LINK_INVALID');
  });

  it('answers 410 for an expired link, checked by the server whatever ts says', async () => {
    await addUser(t, 'late@publisher.example');
    const mail = await requestReset(t, 'late@publisher.example');
    const { pwd } = (await validate(mail)).json().response;
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
      createHash('sha256').update(mail.tk).digest('hex'),
    ]);
    const checked = await validate({ tk: mail.tk, ue: mail.ue, ts: String(Date.now() + 3600_000) });
    expect(checked.statusCode).toBe(410);
    expect(checked.json().code).toBe('LINK_EXPIRED');
    const res = await reset({ tk: mail.tk, ue: mail.ue, password: pwd, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(410);
    expect((await login(t, 'late@publisher.example', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 404 for a link used with another user's e-mail, and for an unknown token", async () => {
    await addUser(t, 'owner@publisher.example');
    const mail = await requestReset(t, 'owner@publisher.example');
    const { pwd } = (await validate(mail)).json().response;
    const foreign = await validate({ tk: mail.tk, ue: 'solo@publisher.example' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('LINK_INVALID');
    const foreignReset = await reset({ tk: mail.tk, ue: 'solo@publisher.example', password: pwd, newPassword: NEW_PASSWORD });
    expect(foreignReset.statusCode).toBe(404);
    const unknown = await validate({ tk: 'x'.repeat(43), ue: 'owner@publisher.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(foreign.body);
    // The link still works for its owner.
    expect((await validate(mail)).statusCode).toBe(200);
  });

  it('throttles guesses of the temporary password per link', async () => {
    await addUser(t, 'linkguess@publisher.example');
    const mail = await requestReset(t, 'linkguess@publisher.example');
    const { pwd } = (await validate(mail)).json().response;
    const linkId = (await t.db.one<{ id: number }>('SELECT id FROM password_resets WHERE token_hash = $1', [
      createHash('sha256').update(mail.tk).digest('hex'),
    ]))!.id;
    await t.db.query(`INSERT INTO login_attempts (key, failures, window_started_at) VALUES ($1, $2, now())`, [
      `reset-link:${linkId}`,
      LIMITS.resetLink.max - 1,
    ]);
    expect((await reset({ tk: mail.tk, ue: mail.ue, password: 'Guess#2026pass', newPassword: NEW_PASSWORD })).statusCode).toBe(401);
    const blocked = await reset({ tk: mail.tk, ue: mail.ue, password: pwd, newPassword: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("gives the owner a way back in while guessers hold the account's sign-in", async () => {
    await addUser(t, 'besieged@publisher.example');
    await t.db.query(
      `INSERT INTO login_attempts (key, failures, window_started_at, blocked_until) VALUES ($1, $2, now(), now() + interval '10 minutes')`,
      ['email:besieged@publisher.example', LIMITS.account.max],
    );
    // The owner's own mistyped sign-ins from this address (inject's 127.0.0.1) and its network hold it too.
    for (const [key, max] of [
      ['email-ip:besieged@publisher.example|127.0.0.1', LIMITS.accountAddress.max],
      ['email-net:besieged@publisher.example|127.0.0.0/24', LIMITS.accountNetwork.max],
    ] as const) {
      await t.db.query(
        `INSERT INTO login_attempts (key, failures, window_started_at, blocked_until) VALUES ($1, $2, now(), now() + interval '10 minutes')`,
        [key, max],
      );
    }
    expect((await login(t, 'besieged@publisher.example', DEMO_PASSWORD)).statusCode).toBe(429);
    const mail = await requestReset(t, 'besieged@publisher.example');
    const { pwd } = (await validate(mail)).json().response;
    expect((await reset({ tk: mail.tk, ue: mail.ue, password: pwd, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(t, 'besieged@publisher.example', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('development mailbox', () => {
  it('lists the reset e-mail as JSON and as a page', async () => {
    await addUser(t, 'reader@publisher.example');
    const mail = await requestReset(t, 'reader@publisher.example');
    const list = await t.call({ method: 'GET', url: mailbox(t, '/dev/mailbox/messages', { to: 'READER@publisher.example' }) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: expect.any(Number),
        to: 'reader@publisher.example',
        subject: expect.stringMatching(/temporary password/i),
        text: mail.text,
        link: mail.link,
        attachments: [],
        createdAt: expect.any(String),
      },
    ]);
    const page = await t.call({ method: 'GET', url: mailbox(t, '/dev/mailbox') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('reader@publisher.example');
  });
});
