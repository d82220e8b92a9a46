// Team helpers of the server tests (issue 22): members of a role made directly in the database, real sign-ins
// for them, the mails the outbox holds, and the TOTP codes an authenticator app would show.
import { expect } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import type { Queryable } from '../../server/src/db/db';
import type { Role } from '../../src/lib/roles';
import { DEMO_PASSWORD, addUser, loginToken } from './auth';
import type { TestApp } from './serverHarness';

/** A new account (the demo password) that is a member of `publisherId` with `role`; answers its id. */
export async function addMember(t: TestApp, email: string, publisherId: number, role: Role): Promise<number> {
  const id = await addUser(t, email);
  await t.db.query('INSERT INTO user_publishers (user_id, publisher_id, role) VALUES ($1, $2, $3)', [id, publisherId, role]);
  return id;
}

/** A signed-in member's token (a real sign-in, so it names a session). */
export async function memberToken(t: TestApp, email: string): Promise<string> {
  return loginToken(t, email);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
}

/**
 * The newest mail to `to` in the outbox. Read from the table rather than through the development mailbox, whose
 * access rules are its own tests' business.
 */
export async function lastMail(db: Queryable, to: string): Promise<OutboxMail> {
  const mail = await db.one<OutboxMail>(
    'SELECT to_email AS to, subject, body_text AS text, link FROM outbox WHERE lower(to_email) = lower($1) ORDER BY id DESC LIMIT 1',
    [to],
  );
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The code an authenticator app shows for `secret` (base32) at `at` (ms), as the console's users would type it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/**
 * Turns two-factor sign-in on for the holder of `token` (whose password is the demo one) through the API; answers
 * the secret, the recovery codes and the session's fresh token (`jwt`): turning it on refuses every earlier token.
 */
export async function enableTwoFactor(t: TestApp, token: string, at = Date.now()): Promise<{ secret: string; recoveryCodes: string[]; jwt: string }> {
  const setup = await t.call({ method: 'POST', url: '/external/me/two-factor/setup', headers: bearer(token), payload: { password: DEMO_PASSWORD } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await t.call({
    method: 'POST',
    url: '/external/me/two-factor/confirm',
    headers: bearer(token),
    payload: { code: totpCode(secret, at), password: DEMO_PASSWORD },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes, jwt } = confirm.json() as { recoveryCodes: string[]; jwt: string };
  return { secret, recoveryCodes, jwt };
}
