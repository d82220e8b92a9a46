// Issue 29 across two API instances on one PostgreSQL database: an API key revoked or expired on one is refused by
// the other from its next request (nothing of a key is cached), and an Idempotency-Key holds across them: the same
// key and body answered again without a second write, another body 422, a repeat while the first still runs 409
// (one write), a key past its 24 hours runs again, and one caller's keys never meet another's.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { removeExpiredKeys } from '../../server/src/http/idempotency';
import { keyHeader, makeKey } from '../support/apiKeyFixtures';
import { holdLock, twoInstancesOnTemplate, waitForLockWaiters, withPostgres } from '../support/postgres';
import type { TestApp } from '../support/serverHarness';
import { bearer } from '../support/teamFixtures';

const POSTGRES = withPostgres('apiKeysInstances.test.ts');
const ATLAS = DEMO.publishers.atlasNews;
/** The history's per-publisher rank lock (migration 0007): held by the test, it stops a write at its entry. */
const HISTORY_LOCK = 727013;

describe.runIf(POSTGRES)('two instances on one database', () => {
  const pair = twoInstancesOnTemplate();
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ a, b } = pair);
    admin = await a.token('multi');
  });

  describe('API keys', () => {
    it('refuses at B, from its next request, a key revoked at A', async () => {
      const key = await makeKey(a, admin, ATLAS, ['reports:read']);
      expect((await b.call({ method: 'GET', url: `/external/publishers/${ATLAS}`, headers: keyHeader(key) })).statusCode).toBe(200);
      expect((await a.call({ method: 'DELETE', url: `/external/publishers/${ATLAS}/api-keys/${key.id}`, headers: bearer(admin) })).statusCode).toBe(204);
      const refused = await b.call({ method: 'GET', url: `/external/publishers/${ATLAS}`, headers: keyHeader(key) });
      expect([refused.statusCode, refused.json().code]).toEqual([401, 'API_KEY_REVOKED']);
    });

    it('refuses at both, from the moment it passes, a key whose expiry came', async () => {
      const key = await makeKey(a, admin, ATLAS, ['reports:read']);
      for (const t of [a, b]) expect((await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}`, headers: keyHeader(key) })).statusCode).toBe(200);
      await a.db.query("UPDATE api_keys SET created_at = now() - interval '1 day', expires_at = now() WHERE id = $1", [key.id]);
      for (const t of [b, a]) {
        const refused = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}`, headers: keyHeader(key) });
        expect([refused.statusCode, refused.json().code]).toEqual([401, 'API_KEY_EXPIRED']);
      }
    });
  });

  describe('Idempotency-Key', () => {
    const zoneRequest = (name: string, key: string, token = admin, userId: number = DEMO.users.multi) => ({
      method: 'POST' as const,
      url: '/external/request',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: { userId, publisherId: ATLAS, name, domains: ['idempotent.example.com'], typeId: 1, services: [] },
    });
    const zonesNamed = async (name: string) => (await a.db.one<{ n: number }>('SELECT count(*)::int AS n FROM zones WHERE name = $1', [name]))!.n;

    it('answers a repeat at B with the first answer at A, status and body, without a second write', async () => {
      const key = `"${randomUUID()}"`;
      const first = await a.call(zoneRequest('Idempotent replay', key));
      expect(first.statusCode, first.body).toBe(201);
      const again = await b.call(zoneRequest('Idempotent replay', key));
      expect([again.statusCode, again.json(), again.headers['idempotent-replayed']]).toEqual([201, first.json(), 'true']);
      expect(await zonesNamed('Idempotent replay')).toBe(1);
    });

    it('refuses the same key with another body (422) and writes nothing for it', async () => {
      const key = randomUUID();
      expect((await a.call(zoneRequest('Idempotent first body', key))).statusCode).toBe(201);
      const other = await b.call(zoneRequest('Idempotent other body', key));
      expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
      expect(await zonesNamed('Idempotent other body')).toBe(0);
    });

    it('answers 409 to a repeat while the first still runs, and the first answer once it has: one write', async () => {
      const key = randomUUID();
      // The first request stops at its history entry, holding its key, until the test lets it go.
      const hold = await holdLock(pair.database.url, 'SELECT pg_advisory_xact_lock($1, $2)', [HISTORY_LOCK, ATLAS]);
      const first = a.call(zoneRequest('Idempotent race', key));
      try {
        await waitForLockWaiters(a.db, 1);
        const during = await b.call(zoneRequest('Idempotent race', key));
        expect([during.statusCode, during.json().code, during.headers['retry-after']]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE', '1']);
      } finally {
        await hold.release();
      }
      const done = await first;
      expect(done.statusCode, done.body).toBe(201);
      const after = await b.call(zoneRequest('Idempotent race', key));
      expect([after.statusCode, after.json()]).toEqual([201, done.json()]);
      expect(await zonesNamed('Idempotent race')).toBe(1);

      // Sent together, without a hand on either: whichever runs second is replayed or told to wait, never written.
      const together = randomUUID();
      const answers = await Promise.all([a.call(zoneRequest('Idempotent together', together)), b.call(zoneRequest('Idempotent together', together))]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual(answers.some((res) => res.statusCode === 409) ? [201, 409] : [201, 201]);
      expect(await zonesNamed('Idempotent together')).toBe(1);
    });

    it('runs a request again once its key is past 24 hours, and the hourly job removes such keys', async () => {
      const key = randomUUID();
      expect((await a.call(zoneRequest('Idempotent expiry', key))).statusCode).toBe(201);
      await a.db.query("UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second' WHERE key = $1", [key]);
      const later = await b.call(zoneRequest('Idempotent expiry', key));
      expect([later.statusCode, later.headers['idempotent-replayed']]).toEqual([201, undefined]);
      expect(await zonesNamed('Idempotent expiry')).toBe(2);

      const stale = randomUUID();
      expect((await a.call(zoneRequest('Idempotent removed', stale))).statusCode).toBe(201);
      await a.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1", [stale]);
      expect(await removeExpiredKeys(b.db)).toBeGreaterThanOrEqual(1);
      expect(await a.db.one('SELECT 1 FROM idempotency_keys WHERE key = $1', [stale])).toBeUndefined();
      expect(await a.db.one('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toBeDefined();
    });

    it("keeps each caller's keys apart: another user, or an API key, with the same key makes its own write", async () => {
      const key = randomUUID();
      expect((await a.call(zoneRequest('Idempotent per caller', key))).statusCode).toBe(201);
      const editor = await b.token('editor');
      const theirs = await b.call(zoneRequest('Idempotent per caller', key, editor, DEMO.users.editor));
      expect([theirs.statusCode, theirs.headers['idempotent-replayed']]).toEqual([201, undefined]);
      const apiKey = await makeKey(a, admin, ATLAS, ['zones:write']);
      const byKey = await b.call({ ...zoneRequest('Idempotent per caller', key), headers: { ...keyHeader(apiKey), 'idempotency-key': key } });
      expect([byKey.statusCode, byKey.headers['idempotent-replayed']]).toEqual([201, undefined]);
      expect(await zonesNamed('Idempotent per caller')).toBe(3);
    });

    it('keeps nothing of a refused request: the key may be sent again with a corrected body', async () => {
      const key = randomUUID();
      const refused = await a.call({ ...zoneRequest('Idempotent refused', key), payload: { ...zoneRequest('x', key).payload, name: '   ' } });
      expect(refused.statusCode).toBe(400);
      expect((await b.call(zoneRequest('Idempotent corrected', key))).statusCode).toBe(201);
    });

    it("replays an API key's creation without its secret, which exists in the first answer only", async () => {
      const key = randomUUID();
      const create = (t: TestApp) =>
        t.call({
          method: 'POST',
          url: `/external/publishers/${ATLAS}/api-keys`,
          headers: { ...bearer(admin), 'idempotency-key': key },
          payload: { name: 'Replayed key', scopes: ['reports:read'], expiresAt: '2099-01-01T00:00:00Z' },
        });
      const first = await create(a);
      expect(first.statusCode, first.body).toBe(400);
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      const make = (t: TestApp) =>
        t.call({
          method: 'POST',
          url: `/external/publishers/${ATLAS}/api-keys`,
          headers: { ...bearer(admin), 'idempotency-key': key },
          payload: { name: 'Replayed key', scopes: ['reports:read'], expiresAt },
        });
      const made = await make(a);
      expect(made.statusCode, made.body).toBe(201);
      const replayed = await make(b);
      const { secret, ...rest } = made.json() as { secret: string };
      expect(secret).toMatch(/^pp_live_/);
      expect([replayed.statusCode, replayed.json()]).toEqual([201, rest]);
      expect(JSON.stringify(await a.db.query('SELECT body FROM idempotency_keys WHERE key = $1', [key]))).not.toContain(secret.slice(8));
    });
  });
});
