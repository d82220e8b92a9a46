// Sessions (issue 22): each sign-in a row that every token of it names; a user lists theirs (device from the user
// agent, first and last seen, address) and ends one or all others. Ending refuses the tokens at once on every
// instance: two apps share one database here, as several API instances share one PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { DEMO_PASSWORD, NEW_PASSWORD, addUser, protectedCall } from '../support/auth';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { bearer } from '../support/teamFixtures';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({}, { db: t.db });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Session = { id: number; browser: string | null; os: string | null; address: string; firstSeenAt: string; lastSeenAt: string; current: boolean };

async function signIn(email: string, userAgent: string, remoteAddress: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().jwt as string;
}

/** The sessions as `token` lists them, asked from `remoteAddress` (the listing call moves its own session's address). */
const sessions = async (app: TestApp, token: string, remoteAddress?: string) => {
  const res = await app.call({ method: 'GET', url: '/external/me/sessions', headers: bearer(token), remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Session[];
};

describe('the active sessions', () => {
  it('lists each sign-in with its device, address and times, this one marked, most recently seen first', async () => {
    await addUser(t, 'devices@publisher.example');
    const laptop = await signIn('devices@publisher.example', CHROME_WINDOWS, '192.0.2.10');
    const phone = await signIn('devices@publisher.example', SAFARI_IPHONE, '198.51.100.20');
    const listed = await sessions(t, phone, '198.51.100.20');
    expect(listed.map(({ browser, os, address, current }) => ({ browser, os, address, current }))).toEqual([
      { browser: 'Safari', os: 'iOS', address: '198.51.100.20', current: true },
      { browser: 'Chrome', os: 'Windows', address: '192.0.2.10', current: false },
    ]);
    expect(listed[1]!.id).toBe(decodeJwt(laptop).sid);
    expect(Date.parse(listed[0]!.firstSeenAt)).toBeLessThanOrEqual(Date.parse(listed[0]!.lastSeenAt));
  });

  it('moves last seen and the address at most once a minute (time moved in the database)', async () => {
    await addUser(t, 'roaming@publisher.example');
    const token = await signIn('roaming@publisher.example', FIREFOX_LINUX, '192.0.2.30');
    const sid = decodeJwt(token).sid;
    await t.db.query("UPDATE user_sessions SET created_at = now() - interval '1 hour', last_seen_at = now() - interval '2 minutes' WHERE id = $1", [sid]);
    await t.call({ method: 'GET', url: '/external/publishers/simple-search', headers: bearer(token), remoteAddress: '192.0.2.31' });
    const [session] = await sessions(t, token, '192.0.2.31');
    expect(session).toMatchObject({ browser: 'Firefox', os: 'Linux', address: '192.0.2.31' });
    expect(Date.now() - Date.parse(session!.lastSeenAt)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(session!.firstSeenAt)).toBeGreaterThan(3_000_000);
  });
});

describe('ending sessions', () => {
  it('ends one: its tokens are refused at once on every instance, the others go on', async () => {
    await addUser(t, 'ending@publisher.example');
    const kept = await signIn('ending@publisher.example', CHROME_WINDOWS, '192.0.2.40');
    const ended = await signIn('ending@publisher.example', SAFARI_IPHONE, '192.0.2.41');
    expect((await protectedCall(other, ended)).statusCode).toBe(200);
    const res = await t.call({ method: 'DELETE', url: `/external/me/sessions/${decodeJwt(ended).sid}`, headers: bearer(kept) });
    expect(res.statusCode).toBe(204);
    expect((await protectedCall(t, ended)).statusCode).toBe(401);
    expect((await protectedCall(other, ended)).statusCode).toBe(401);
    expect((await protectedCall(other, kept)).statusCode).toBe(200);
    expect((await sessions(t, kept)).map((session) => session.current)).toEqual([true]);
    // Once ended it is gone; another user's session answers as a missing one.
    expect((await t.call({ method: 'DELETE', url: `/external/me/sessions/${decodeJwt(ended).sid}`, headers: bearer(kept) })).statusCode).toBe(404);
    const stranger = await signIn('solo@publisher.example', FIREFOX_LINUX, '192.0.2.42');
    expect((await t.call({ method: 'DELETE', url: `/external/me/sessions/${decodeJwt(stranger).sid}`, headers: bearer(kept) })).statusCode).toBe(404);
    expect((await protectedCall(t, stranger)).statusCode).toBe(200);
  });

  it('signs out everywhere else: every other token and this one refused at once, the fresh token of this session works', async () => {
    await addUser(t, 'everywhere@publisher.example');
    const here = await signIn('everywhere@publisher.example', CHROME_WINDOWS, '192.0.2.50');
    const elsewhere = [await signIn('everywhere@publisher.example', SAFARI_IPHONE, '192.0.2.51'), await signIn('everywhere@publisher.example', FIREFOX_LINUX, '192.0.2.52')];
    const res = await t.call({ method: 'POST', url: '/external/me/sessions/end-others', headers: bearer(here), payload: { password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().jwt as string;
    expect(decodeJwt(fresh).sid).toBe(decodeJwt(here).sid);
    for (const app of [t, other]) {
      for (const token of [here, ...elsewhere]) expect((await protectedCall(app, token)).statusCode).toBe(401);
      expect((await protectedCall(app, fresh)).statusCode).toBe(200);
    }
    expect((await sessions(other, fresh)).map((session) => [session.browser, session.current])).toEqual([['Chrome', true]]);
  });

  it('ends every other session with a password change; the answer keeps this one', async () => {
    await addUser(t, 'changing-password@publisher.example');
    const here = await signIn('changing-password@publisher.example', CHROME_WINDOWS, '192.0.2.60');
    const elsewhere = await signIn('changing-password@publisher.example', SAFARI_IPHONE, '192.0.2.61');
    const res = await t.call({
      method: 'POST',
      url: '/auth/change-pwd',
      headers: bearer(here),
      payload: { email: 'changing-password@publisher.example', password: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await protectedCall(other, elsewhere)).statusCode).toBe(401);
    expect((await sessions(t, res.json().jwt)).map((session) => session.current)).toEqual([true]);
  });
});
