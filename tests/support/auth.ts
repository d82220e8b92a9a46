// Helpers of the auth-service tests: real sign-in over HTTP, throwaway accounts, the reset e-mail's link.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO, DEMO_PASSWORD } from '../../server/src/db/seed/demo';
import { mailbox, type TestApp } from './serverHarness';

export { DEMO_PASSWORD };
export const NEW_PASSWORD = 'Fresh#2027word';

/**
 * A new account whose password is the demo password (its hash is copied, so no scrypt run). Tests that change
 * passwords or trip limits use their own account, so they stay independent of each other and of order.
 */
export async function addUser(t: TestApp, email: string, options: { enabled?: boolean } = {}): Promise<number> {
  const row = await t.db.one<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, enabled)
     SELECT $1, 'Test ' || $1, password_hash, $2 FROM users WHERE id = $3 RETURNING id`,
    [email, options.enabled ?? true, DEMO.users.solo],
  );
  return row!.id;
}

export function login(t: TestApp, email: string, password: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return t.call({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });
}

export async function loginToken(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await login(t, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jwt as string;
}

/** A protected call that any signed-in user may make: 200 when the token is accepted. */
export function protectedCall(t: TestApp, token: string): Promise<LightMyRequestResponse> {
  return t.call({ method: 'GET', url: '/external/publishers/simple-search', headers: { authorization: `Bearer ${token}` } });
}

export interface ResetMail {
  text: string;
  link: string;
  tk: string;
  ts: string;
  ue: string;
}

/** Asks for a reset e-mail and reads it back from the development mailbox. */
export async function requestReset(t: TestApp, email: string): Promise<ResetMail> {
  const res = await t.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  const messages = await t.call({ method: 'GET', url: mailbox(t, '/dev/mailbox/messages', { to: email }) });
  const [mail] = messages.json() as { text: string; link: string }[];
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const params = new URL(mail.link).searchParams;
  return { text: mail.text, link: mail.link, tk: params.get('tk')!, ts: params.get('ts')!, ue: params.get('ue')! };
}
