// Behind a reverse proxy (Vite's dev server is one: vite.config.ts sends X-Forwarded-For/-Host/-Proto): what the
// server takes from the forwarded headers, and only from a proxy it trusts (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, createTestApp, type TestApp } from '../support/serverHarness';
import { DEMO_PASSWORD } from '../support/auth';
import type { Db } from '../../server/src/db/db';

let db: Db;
let trusting: TestApp;
let direct: TestApp;
beforeAll(async () => {
  db = await cloneDatabase();
  // Injected requests come from 127.0.0.1: the proxy on this machine.
  trusting = await createTestApp({ TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://portal.example' }, { db });
  direct = await createTestApp({ PUBLIC_URL: 'https://portal.example' }, { db });
});
afterAll(async () => {
  await trusting.close();
  await direct.close();
  await db.close();
});

const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
const signIn = (t: TestApp) =>
  t.call({ method: 'POST', url: '/auth/login', payload: { email: 'solo@publisher.example', password: DEMO_PASSWORD }, headers: forwarded });

describe('behind a proxy', () => {
  it("marks the sign-in's cookie Secure when a trusted proxy says the browser used https, and not on anyone else's word", async () => {
    const viaProxy = await signIn(trusting);
    expect(viaProxy.statusCode, viaProxy.body).toBe(200);
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/; Secure/);

    const claimed = await signIn(direct);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(String(claimed.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('builds the reset link from PUBLIC_URL, never from X-Forwarded-Host, even from a trusted proxy (a poisoned link would carry the reset token away)', async () => {
    const res = await trusting.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email: 'solo@publisher.example' }, headers: forwarded });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await db.one<{ link: string }>('SELECT link FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', ['solo@publisher.example']);
    expect(mail?.link).toMatch(/^https:\/\/portal\.example\/auth\?tk=/);
  });
});
