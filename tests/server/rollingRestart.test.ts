// Real processes behind the real proxy (issue 24): two instances of server/src/main.ts behind HAProxy running
// deploy/haproxy.cfg, on a copy of the suite's PostgreSQL database. A rolling restart of both under a steady
// read-and-write load through the proxy: SIGTERM drains an instance (not ready at once, the proxy takes it out, the
// request it has finishes, it exits cleanly within 10 s), and the run ends with no 5xx and no acknowledged write
// lost. One test, so that the instances start only as often as the restart needs (about 4 s each here).
// Health checks every 200 ms and a 1 s drain here (the deployment: 1 s and 3 s), so the test takes seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { haproxyInstalled } from '../../scripts/cluster/haproxy';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster';
import { createDatabase, holdLock, withPostgres, type TestDatabase } from '../support/postgres';
import { openPostgres, type Db } from '../../server/src/db/db';
import { insertZone } from '../support/zoneFixtures';

const ATLAS = DEMO.publishers.atlasNews;
const RUNS = withPostgres('rollingRestart.test.ts') && haproxyInstalled();
if (!haproxyInstalled()) console.log('rollingRestart.test.ts: skipped, /usr/sbin/haproxy is missing (apt-get install haproxy; .ci/run installs it)');

describe.runIf(RUNS)('instances behind HAProxy: drain on SIGTERM and a rolling restart', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let db: Db;
  let token: string;
  beforeAll(async () => {
    database = await createDatabase('template');
    db = await openPostgres(database.url, { max: 2 });
    cluster = await startCluster({
      instances: 2,
      databaseUrl: database.url,
      checkInterval: '200ms',
      // The copied database holds the suite's cheap password hashes, which only NODE_ENV=test takes.
      env: { NODE_ENV: 'test', UNSAFE_FAST_PASSWORD_HASHING: 'true', SEED: 'none', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '1000', DATABASE_POOL_SIZE: '4' },
    });
    const login = await fetch(`${cluster.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app': 'PC' },
      body: JSON.stringify({ email: 'multi@publisher.example', password: 'Demo#2026pass' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { jwt: string }).jwt;
  }, 90_000);
  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    await database?.drop();
  });

  const api = (base: string, path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'x-app': 'PC', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  it('rolls both instances under a steady read-and-write load: each drains on SIGTERM (not ready at once, its request in flight finished, exit 0 within 10 s), with no 5xx and no acknowledged write lost', async () => {
    const zones = [DEMO.zones.atlas, DEMO.zones.atlasFlex, DEMO.zones.atlasNoSlots];
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let failures = 0;
    let sequence = 0;
    let running = true;
    const worker = async (id: number) => {
      while (running) {
        const n = sequence++;
        try {
          if (n % 2 === 0) {
            const res = await api(cluster.url, `/external/publishers/${ATLAS}/zones/search?page=0&size=20&sortBy=name&direction=ASC`, { method: 'POST' });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          } else {
            const pattern = `https://rolling-${id}-${n}.example.com/`;
            const zoneId = zones[n % zones.length]!;
            const res = await api(cluster.url, `/external/zones/${zoneId}/asset-url-filter-patterns/bulk`, {
              method: 'POST',
              body: JSON.stringify({ zoneAssetUrlFilterPatternParamList: [{ pattern, urlType: 'PAGE', evalType: 'CONTAINS' }] }),
            });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            (res.status === 201 ? acknowledged : refused).push(pattern);
          }
        } catch {
          failures++;
        }
        // A steady load, not a flood: the machine's two cores also run the instances, HAProxy and PostgreSQL.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    try {
      // The first instance gets a request that waits inside it for a row the test holds: in flight at SIGTERM.
      const [first, second] = cluster.instances;
      const direct = `http://127.0.0.1:${first!.port}`;
      const zoneId = await insertZone(db, { publisherId: ATLAS, name: 'Renamed while stopping?' });
      const held = await holdLock(database.url, 'SELECT 1 FROM zones WHERE tracking_id = $1 FOR UPDATE', [zoneId]);
      const rename = api(direct, `/external/zones/${zoneId}`, { method: 'PUT', body: JSON.stringify({ name: 'Renamed while stopping', typeId: 1, enabled: true }) });
      await waitUntil(async () =>
        (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))', [held.pid]))!.n > 0,
      );
      const stopped = first!.stop('SIGTERM');
      const ready = await waitUntil(async () => {
        const res = await fetch(`${direct}/readyz`);
        return res.status === 503 ? res : null;
      });
      expect(await ready.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'This server is shutting down. Please try again.' });
      await cluster.proxy.waitFor(first!.name, 'DOWN', 5_000);
      await held.release();
      const renamed = await rename;
      expect(renamed.status).toBe(200);
      expect(((await renamed.json()) as { name: string }).name).toBe('Renamed while stopping');
      const exits = [await stopped];
      expect(first!.output()).not.toMatch(/"level":50|Error/);
      await cluster.replace(0);

      exits.push(await second!.stop('SIGTERM'));
      await cluster.replace(1);
      for (const exit of exits) {
        expect(exit.code).toBe(0);
        expect(exit.ms).toBeLessThan(10_000);
      }
    } finally {
      running = false;
      await load;
    }

    expect(failures).toBe(0);
    const answered = [...statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
    expect([...statuses.keys()].filter((status) => status >= 500), answered).toEqual([]);
    expect(refused, answered).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    // Every acknowledged write is there, with its one history entry.
    const stored = await db.query<{ pattern: string; entries: number }>(
      `SELECT p.pattern, (SELECT count(*)::int FROM history h WHERE h.kind = 'BLOCKED_URLS' AND h.after -> 'urls' -> 0 ->> 'pattern' = p.pattern) AS entries
         FROM asset_url_filter_patterns p WHERE p.pattern = ANY($1::text[])`,
      [acknowledged],
    );
    expect(stored.map((row) => row.pattern).sort()).toEqual([...acknowledged].sort());
    expect(stored.every((row) => row.entries === 1)).toBe(true);
    // A hang guard: two restarts of each instance (each starts its server) took over 60 s at load 10.
  }, 150_000);
});

/** Polls until `check` answers something truthy (every 20 ms, at most 10 s). */
async function waitUntil<T>(check: () => Promise<T | null | false>): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
