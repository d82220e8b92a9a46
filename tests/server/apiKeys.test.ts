// API keys (issue 29), through HTTP: made by admins (never network staff) with a secret answered once and stored as
// its hash only; a key is a principal of its own, for its publisher alone, allowed exactly the operations its scopes
// list (the matrix below is generated from src/lib/apiKeyScopes.ts and the role table, each operation called with
// the request of tests/support/publisherRequests.ts), never the management ones; another publisher's objects answer
// as missing ones; expired, revoked and foreign-address keys get a 401 of their own; a key is throttled; its first
// use from a new address is a history entry; its maker leaving the team leaves it working and tells the admins.
// The secret is in no later answer, no log line and no history entry. (Expiry and revocation across two instances:
// apiKeysInstances.test.ts, on PostgreSQL.)
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import type { Db } from '../../server/src/db/db';
import { API_KEY_SCOPES, MANAGEMENT_OPERATIONS, keyMayCall } from '../../src/lib/apiKeyScopes';
import { OPERATION_RULES, type OperationId } from '../../src/lib/roles';
import { keyHeader, makeKey, type MadeKey } from '../support/apiKeyFixtures';
import { ACCOUNT_REQUESTS, ATLAS, MISSING, REQUESTS } from '../support/publisherRequests';
import { cloneDatabase, createTestApp, type TestApp } from '../support/serverHarness';
import { addMember, bearer, lastMail } from '../support/teamFixtures';
import { loginToken } from '../support/auth';

const SOLO = DEMO.publishers.soloMedia;
const PER_MINUTE = 100;
const logLines: string[] = [];
let db: Db;
/** Production mode, every request logged (captured above), the socket's address as the client's. */
let t: TestApp;
/** The same database behind a proxy it trusts (127.0.0.1, where injected requests come from). */
let proxied: TestApp;
let admin: string;
const secrets: string[] = [];

beforeAll(async () => {
  db = await cloneDatabase();
  const env = { API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE) };
  t = await createTestApp({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'debug' }, { db, logStream: { write: (line) => void logLines.push(line) } });
  proxied = await createTestApp({ ...env, TRUST_PROXY: '127.0.0.1' }, { db });
  admin = await t.token('multi');
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  await db.close();
});

const keyOf = async (...args: Parameters<typeof makeKey> extends [unknown, unknown, unknown, ...infer R] ? R : never) => {
  const key = await makeKey(t, admin, ATLAS, ...args);
  secrets.push(key.secret);
  return key;
};
const codeOf = (res: LightMyRequestResponse) => (res.json() as { code?: string }).code;
const publisherUrl = (id: number) => `/external/publishers/${id}`;

describe('making, listing and revoking keys', () => {
  it('answers the secret once, prefixed for secret scanners, and keeps only its SHA-256', async () => {
    const key = await keyOf(['reports:read'], { name: 'Nightly report pull' });
    expect(key.secret).toMatch(/^pp_live_[A-Za-z0-9_-]{40}$/);
    expect(key.hint).toBe(key.secret.slice(0, 12));
    const row = await db.one<{ hash: string; whole: string }>("SELECT encode(secret_hash, 'hex') AS hash, row_to_json(k)::text AS whole FROM api_keys k WHERE id = $1", [key.id]);
    expect(row!.hash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(row!.whole).not.toContain(key.secret.slice(8));

    const list = await t.call({ method: 'GET', url: `${publisherUrl(ATLAS)}/api-keys`, headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.secret.slice(8));
    expect(list.json()).toContainEqual(expect.objectContaining({ id: key.id, name: 'Nightly report pull', hint: key.hint, scopes: ['reports:read'], revokedAt: null, makerIsMember: true }));
  });

  it('lets network staff list and revoke a publisher’s keys but not make one, and editors none of it', async () => {
    const staff = await t.token('staff');
    const made = await t.call({
      method: 'POST',
      url: `${publisherUrl(ATLAS)}/api-keys`,
      headers: bearer(staff),
      payload: { name: 'Staff key', scopes: ['reports:read'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(made.statusCode).toBe(403);
    expect(codeOf(made)).toBe('FORBIDDEN');
    expect((await t.call({ method: 'GET', url: `${publisherUrl(ATLAS)}/api-keys`, headers: bearer(staff) })).statusCode).toBe(200);
    const key = await keyOf(['reports:read']);
    expect((await t.call({ method: 'DELETE', url: `${publisherUrl(ATLAS)}/api-keys/${key.id}`, headers: bearer(staff) })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: `${publisherUrl(ATLAS)}/api-keys/${key.id}`, headers: bearer(staff) })).statusCode).toBe(404);
    const editor = await t.token('editor');
    expect(codeOf(await t.call({ method: 'GET', url: `${publisherUrl(ATLAS)}/api-keys`, headers: bearer(editor) }))).toBe('ROLE_NOT_ALLOWED');
  });

  it('refuses every key operation for a legacy just-premium publisher, whose console offers no keys page', async () => {
    const classic = publisherUrl(DEMO.publishers.premiumClassic);
    const answers = await Promise.all([
      t.call({ method: 'GET', url: `${classic}/api-keys`, headers: bearer(admin) }),
      t.call({ method: 'POST', url: `${classic}/api-keys`, headers: bearer(admin), payload: { name: 'Classic key', scopes: ['reports:read'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() } }),
      t.call({ method: 'DELETE', url: `${classic}/api-keys/1`, headers: bearer(await t.token('staff')) }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, codeOf(answer)])).toEqual(Array(3).fill([403, 'FORBIDDEN']));
  });

  it('refuses an expiry past a year or in the past and an address that is no CIDR block, storing nothing', async () => {
    const before = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM api_keys');
    const attempt = (payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: `${publisherUrl(ATLAS)}/api-keys`, headers: bearer(admin), payload: { name: 'Bad', scopes: ['reports:read'], ...payload } });
    const year = (await attempt({ expiresAt: new Date(Date.now() + 367 * 86_400_000).toISOString() })).json();
    expect(year.details).toEqual([expect.objectContaining({ field: '/body/expiresAt' })]);
    expect((await attempt({ expiresAt: new Date(Date.now() - 1000).toISOString() })).statusCode).toBe(400);
    const cidr = await attempt({ expiresAt: new Date(Date.now() + 86_400_000).toISOString(), allowedAddresses: ['10.0.0.0/8', '300.1.1.1'] });
    expect(cidr.statusCode).toBe(400);
    expect(cidr.json().details).toEqual([expect.objectContaining({ field: '/body/allowedAddresses/1' })]);
    expect(await db.one('SELECT count(*)::int AS n FROM api_keys')).toEqual(before);
  });
});

describe('what a key may call', () => {
  const called = (Object.keys(OPERATION_RULES) as OperationId[]).filter((id) => OPERATION_RULES[id].scope === 'publisher' || OPERATION_RULES[id].scope === 'account');
  const requestOf = (operation: OperationId) => REQUESTS[operation]?.(DEMO.users.multi) ?? ACCOUNT_REQUESTS[operation]?.();
  const refusedByScope = (res: LightMyRequestResponse) => res.statusCode === 403 && codeOf(res) === 'SCOPE_NOT_ALLOWED';

  it('has a request for every operation of a signed-in caller (add one for a new operation)', () => {
    expect(called.filter((operation) => !requestOf(operation))).toEqual([]);
  });

  it.each(API_KEY_SCOPES)('%s: allowed exactly the operations the scope lists, every other one 403 SCOPE_NOT_ALLOWED', async (scope) => {
    const key = await keyOf([scope]);
    for (const operation of called) {
      const res = await t.call({ ...requestOf(operation)!, headers: keyHeader(key) });
      expect(res.statusCode, `${operation}: ${res.body}`).toBeLessThan(500);
      expect(refusedByScope(res) ? 'refused' : 'allowed', `${scope} on ${operation}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(
        keyMayCall([scope], operation) ? 'allowed' : 'refused',
      );
    }
  });

  it('never manages members, security, sessions, keys or notification settings, whatever its scopes', async () => {
    const key = await keyOf([...API_KEY_SCOPES]);
    for (const operation of MANAGEMENT_OPERATIONS) {
      const res = await t.call({ ...requestOf(operation)!, headers: keyHeader(key) });
      expect(refusedByScope(res), `${operation}: ${res.statusCode} ${res.body}`).toBe(true);
    }
  });

  it("answers another publisher's objects exactly as missing ones", async () => {
    const key = await keyOf([...API_KEY_SCOPES]);
    const soloZone = await db.one<{ id: number }>('SELECT tracking_id AS id FROM zones WHERE publisher_id = $1 LIMIT 1', [SOLO]);
    const pairs: [string, string][] = [
      [publisherUrl(SOLO), publisherUrl(MISSING)],
      [`/external/zones/${soloZone!.id}`, `/external/zones/${MISSING}`],
      [`${publisherUrl(SOLO)}/reports/reporting/rows?from=2026-01-01&to=2026-01-02`, `${publisherUrl(MISSING)}/reports/reporting/rows?from=2026-01-01&to=2026-01-02`],
      [`/external/publisher/${SOLO}/restrictions?restrictionType=advertiser_domain`, `/external/publisher/${MISSING}/restrictions?restrictionType=advertiser_domain`],
    ];
    for (const [foreign, missing] of pairs) {
      const [a, b] = [await t.call({ method: 'GET', url: foreign, headers: keyHeader(key) }), await t.call({ method: 'GET', url: missing, headers: keyHeader(key) })];
      expect(a.statusCode, foreign).toBe(404);
      expect(a.body).toBe(b.body);
    }
    const search = await t.call({ method: 'POST', url: `${publisherUrl(SOLO)}/zones/search`, headers: keyHeader(key) });
    expect(search.statusCode).toBe(404);
    const services = await t.call({ method: 'PUT', url: '/external/zones/bulk/services', headers: keyHeader(key), payload: { trackingIds: [soloZone!.id], services: [{ serviceId: 5 }] } });
    expect(services.statusCode).toBe(404);
  });

  it('records a write made with a key as the key’s, and its first use from a new address once', async () => {
    const key = await keyOf(['zones:write', 'zones:read'], { name: 'Zone robot' });
    const res = await t.call({
      method: 'POST',
      url: '/external/request',
      headers: keyHeader(key),
      payload: { userId: DEMO.users.multi, publisherId: ATLAS, name: 'Made by a key', domains: ['madebykey.com'], typeId: 1, services: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.call({ method: 'GET', url: `/external/zones/${(res.json() as { trackingId: number }).trackingId}`, headers: keyHeader(key) });
    const entries = await db.query<{ kind: string; operation: string; authorId: number; authorName: string; after: { address?: string } }>(
      'SELECT kind, operation, author_id AS "authorId", author_name AS "authorName", after FROM history WHERE author_id = $1 ORDER BY id',
      [-key.id],
    );
    expect(entries.map((entry) => [entry.kind, entry.operation, entry.after.address ?? null])).toEqual([
      ['API_KEY', 'requestZone', '127.0.0.1'],
      ['ZONE', 'requestZone', null],
    ]);
    const page = await t.call({ method: 'GET', url: `${publisherUrl(ATLAS)}/history?authorId=${-key.id}`, headers: bearer(admin) });
    expect(page.json().content[0].author).toEqual({ id: -key.id, name: 'Zone robot', email: null, internal: false, apiKey: true });
    const listed = (await t.call({ method: 'GET', url: `${publisherUrl(ATLAS)}/api-keys`, headers: bearer(admin) })).json() as { id: number; lastUsedAddress: string | null; lastUsedAt: string | null }[];
    expect(listed.find((entry) => entry.id === key.id)).toEqual(expect.objectContaining({ lastUsedAddress: '127.0.0.1', lastUsedAt: expect.any(String) }));
  });
});

describe('keys refused', () => {
  const read = (key: Pick<MadeKey, 'secret'>, app = t, headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.app.inject({ method: 'GET', url: publisherUrl(ATLAS), headers: { 'x-app': 'PC', ...keyHeader(key), ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });

  it('answers 401 with a code of its own for an unknown, a revoked and an expired key', async () => {
    expect(codeOf(await read({ secret: `pp_live_${'x'.repeat(40)}` }))).toBe('UNAUTHORIZED');
    const revoked = await keyOf(['reports:read']);
    expect((await read(revoked)).statusCode).toBe(200);
    await t.call({ method: 'DELETE', url: `${publisherUrl(ATLAS)}/api-keys/${revoked.id}`, headers: bearer(admin) });
    const refusal = await read(revoked);
    expect([refusal.statusCode, refusal.json()]).toEqual([401, { code: 'API_KEY_REVOKED', message: 'This API key has been revoked' }]);
    const expired = await keyOf(['reports:read']);
    await db.query("UPDATE api_keys SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    expect([(await read(expired)).statusCode, codeOf(await read(expired))]).toEqual([401, 'API_KEY_EXPIRED']);
  });

  it(`throttles each key to ${PER_MINUTE} requests a minute: 429 RATE_LIMITED with Retry-After, then again once its minute is over`, async () => {
    const key = await keyOf(['reports:read']);
    const other = await keyOf(['reports:read']);
    for (let i = 0; i < PER_MINUTE; i++) expect((await read(key)).statusCode).toBe(200);
    const limited = await read(key);
    expect([limited.statusCode, codeOf(limited)]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await read(other)).statusCode).toBe(200);
    // The minute is over (time moved in the database, never waited for).
    await db.query("UPDATE login_attempts SET window_started_at = now() - interval '2 minutes', blocked_until = now() - interval '1 second' WHERE key = $1", [`api-key:${key.id}`]);
    expect((await read(key)).statusCode).toBe(200);
  });

  it('takes a key only from its allowed addresses: the socket’s, or X-Forwarded-For’s from a trusted proxy (TRUST_PROXY), never a client’s own claim', async () => {
    const key = await keyOf(['reports:read'], { allowedAddresses: ['203.0.113.0/24', '2001:db8::/48'] });
    // No proxy trusted: the socket's address decides, and X-Forwarded-For is anyone's claim.
    expect((await read(key, t, {}, '203.0.113.9')).statusCode).toBe(200);
    expect((await read(key, t, {}, '2001:db8:0:1::5')).statusCode).toBe(200);
    expect(codeOf(await read(key, t, { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.4'))).toBe('API_KEY_ADDRESS_NOT_ALLOWED');
    // Behind the trusted proxy: the address it forwards decides, not the proxy's own.
    expect((await read(key, proxied, { 'x-forwarded-for': '203.0.113.77' })).statusCode).toBe(200);
    const outside = await read(key, proxied, { 'x-forwarded-for': '198.51.100.4' });
    expect([outside.statusCode, codeOf(outside)]).toEqual([401, 'API_KEY_ADDRESS_NOT_ALLOWED']);
    expect(codeOf(await read(key, proxied))).toBe('API_KEY_ADDRESS_NOT_ALLOWED');
  });
});

describe('a maker who leaves the team', () => {
  it('leaves the keys they made working and e-mails the admins which ones', async () => {
    const makerId = await addMember(t, 'key-maker@publisher.example', ATLAS, 'ADMIN');
    const makerToken = await loginToken(proxied, 'key-maker@publisher.example');
    const key = await makeKey(t, makerToken, ATLAS, ['reports:read'], { name: 'Agency dashboard' });
    secrets.push(key.secret);
    expect((await t.call({ method: 'DELETE', url: `${publisherUrl(ATLAS)}/members/${makerId}`, headers: bearer(admin) })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: publisherUrl(ATLAS), headers: keyHeader(key) })).statusCode).toBe(200);
    const mail = await lastMail(db, 'multi@publisher.example');
    expect(mail.subject).toContain('still work');
    expect(mail.text).toContain('Agency dashboard');
    expect(mail.text).not.toContain(key.secret.slice(8));
    const listed = (await t.call({ method: 'GET', url: `${publisherUrl(ATLAS)}/api-keys`, headers: bearer(admin) })).json() as { id: number; makerIsMember: boolean }[];
    expect(listed.find((entry) => entry.id === key.id)?.makerIsMember).toBe(false);
  });
});

describe('a script with a reports:read key (the API half of the browser journey)', () => {
  it('pulls last week’s CSV, and gets 401 once the key is revoked', async () => {
    const key = await keyOf(['reports:read'], { name: 'Weekly CSV' });
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const url = `${publisherUrl(ATLAS)}/reports/reporting/rows/export?fileType=CSV&from=${day(-7)}&to=${day(-1)}`;
    const csv = await t.call({ method: 'GET', url, headers: keyHeader(key) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFDay,Zone ID,Zone,Impressions,Clicks,CTR,Revenue,eCPM,Currency');
    expect(csv.body.split('\r\n').length).toBeGreaterThan(7);
    await t.call({ method: 'DELETE', url: `${publisherUrl(ATLAS)}/api-keys/${key.id}`, headers: bearer(admin) });
    expect((await t.call({ method: 'GET', url, headers: keyHeader(key) })).statusCode).toBe(401);
  });
});

describe('the secret stays secret', () => {
  it('appears in no log line and no history entry', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(100);
    const history = await db.query<{ text: string }>("SELECT row_to_json(h)::text AS text FROM history h WHERE kind = 'API_KEY'");
    expect(history.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      const random = secret.slice(8);
      expect(logLines.filter((line) => line.includes(random))).toEqual([]);
      expect(history.filter((row) => row.text.includes(random))).toEqual([]);
    }
  });
});
