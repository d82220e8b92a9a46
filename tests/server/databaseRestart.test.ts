// PostgreSQL goes away under two running instances and comes back (issue 24). A private cluster of this test's own
// (initdb and pg_ctl on a free port, in a temporary directory), never the suite's shared server, which other test
// files use at the same time. While it is down, every request answers 503 in the Error shape, at once (no hang, no
// crash, nothing of the server's insides in the answer), and readiness says not ready; a write that was in flight
// is applied whole or not at all; when it is back, both instances serve again by themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { openPostgres, type Db } from '../../server/src/db/db';
import { openDatabase } from '../../server/src/db/open';
import { DEMO } from '../../server/src/db/seed/demo';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../../scripts/cluster/postgres';
import { holdLock, waitForLockWaiters, withPostgres } from '../support/postgres';
import { createTestApp, testConfig, type TestApp } from '../support/serverHarness';

const RUNS = withPostgres('databaseRestart.test.ts') && postgresBinDir() !== null;
/** The longest a request may take while the database is gone: the pool's connect timeout is 5 s, refusals come at once. */
const ANSWER_BOUND_MS = 6_000;

describe.runIf(RUNS)('the database goes away and comes back', () => {
  let postgres: PrivatePostgres;
  const dbs: Db[] = [];
  const apps: TestApp[] = [];
  let a: TestApp;
  let b: TestApp;
  let observer: Db;
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    const config = testConfig({ DATABASE_URL: postgres.url, SEED: 'demo' });
    // Each instance opens its own pool: migrations and the demo seed run once between them.
    for (const seeded of await Promise.all([openDatabase(config), openDatabase(config)])) {
      dbs.push(seeded);
      apps.push(await createTestApp({}, { db: seeded }));
    }
    [a, b] = apps as [TestApp, TestApp];
    observer = await openPostgres(postgres.url, { max: 1 });
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of [...dbs, observer]) await db?.close().catch(() => undefined);
    await postgres?.dispose();
  });

  const zoneId = DEMO.zones.atlasNoSlots;
  const rename = (t: TestApp, headers: Record<string, string>, name: string) =>
    t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, headers, payload: { name, typeId: 1, enabled: true } });
  const timed = async (call: () => Promise<LightMyRequestResponse>) => {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started };
  };

  it('answers 503 in the Error shape at once while it is down, loses no half write, and recovers by itself', async () => {
    const headers = { authorization: `Bearer ${await a.token('multi')}` };
    for (const t of [a, b]) expect((await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, headers })).statusCode).toBe(200);

    // A write in flight: it waits inside its transaction for a row the test holds when PostgreSQL stops.
    const held = await holdLock(postgres.url, 'SELECT 1 FROM zones WHERE tracking_id = $1 FOR UPDATE', [zoneId]);
    const inFlight = timed(() => rename(a, headers, 'Renamed as the database stopped'));
    await waitForLockWaiters(observer, 1);
    await postgres.stop('fast');
    await held.release().catch(() => undefined);
    const cut = await inFlight;
    expect(cut.res.statusCode).toBe(503);
    expect(cut.res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' });

    const calls = [
      () => a.call({ method: 'GET', url: `/external/zones/${zoneId}`, headers }),
      () => b.call({ method: 'POST', url: `/external/publishers/${DEMO.publishers.atlasNews}/zones/search?page=0&size=20`, headers }),
      () => rename(b, headers, 'Written while down'),
      () => a.call({ method: 'POST', url: '/auth/login', payload: { email: 'solo@publisher.example', password: 'Demo#2026pass' } }),
    ];
    for (const call of calls) {
      const { res, ms } = await timed(call);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at .+\.ts|SELECT/);
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    for (const t of [a, b]) {
      const ready = await timed(() => t.call({ method: 'GET', url: '/readyz' }));
      expect(ready.res.statusCode).toBe(503);
      expect(ready.res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable' });
      expect(ready.ms).toBeLessThan(ANSWER_BOUND_MS);
    }

    await postgres.start();
    const back = Date.now();
    for (const t of [a, b]) {
      for (let res = await t.call({ method: 'GET', url: '/readyz' }); res.statusCode !== 200; res = await t.call({ method: 'GET', url: '/readyz' })) {
        expect(Date.now() - back, 'recovered within 10 s').toBeLessThan(10_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // The cut write is there whole (zone and its history entry) or not at all; nothing written while down is.
    const zone = await observer.one<{ name: string }>('SELECT name FROM zones WHERE tracking_id = $1', [zoneId]);
    const entries = await observer.query<{ after: { name: string } }>("SELECT after FROM history WHERE zone_id = $1 AND kind = 'ZONE' AND operation = 'updateZone'", [zoneId]);
    expect(zone!.name).not.toBe('Written while down');
    expect(entries.map((entry) => entry.after.name)).toEqual(zone!.name === 'Renamed as the database stopped' ? ['Renamed as the database stopped'] : []);

    // Both instances write and read again, each through connections of its own pool made anew.
    expect((await rename(b, headers, 'After the restart')).statusCode).toBe(200);
    expect((await a.call({ method: 'GET', url: `/external/zones/${zoneId}`, headers })).json().name).toBe('After the restart');
  });
});
