// Several instances behind HAProxy (npm run bench:cluster): the zones search and a write mix through the proxy with
// one instance and with two, in one run (the second instance set to maintenance in HAProxy for the one-instance
// rounds, so everything else stays the same), then a rolling restart of both under load (its 5xx count), then a
// PostgreSQL restart under light load (how long until requests succeed again, and until HAProxy has both back).
//
// PostgreSQL: a private throw-away cluster (as npm run cluster starts one), or DATABASE_URL's server, in a database
// of its own that is dropped afterwards (the restart is then skipped: that server is not ours to stop). The data:
// the demo seed, with 200 more zones for Atlas News (a typical publisher's list). Instances run NODE_ENV=production
// with LOG_LEVEL=warn (per-request log lines off) and the default pool of 10.
//
// On this project's 2-core machine the load generator (this process), HAProxy, the instances and PostgreSQL all
// share the two cores: the one-to-two-instance ratio says how much a second process gains here, not what a second
// machine would. Settings: BENCH_DURATION (s per scenario and instance count, default 12), BENCH_CONNECTIONS
// (default 16), BENCH_ROUNDS (default 3, taken in turn).
// Results: a table on stdout and bench/results/cluster.json.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster, type Cluster } from '../scripts/cluster/cluster';
import { DEMO, DEMO_PASSWORD } from '../server/src/db/seed/demo';

const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 2;
const ATLAS = DEMO.publishers.atlasNews;
const EXTRA_ZONES = 200;
const HERE = import.meta.dirname;

interface Sample {
  times: number[];
  statuses: Map<number, number>;
  errors: number;
  seconds: number;
  /** CPU seconds spent meanwhile by the instances, by PostgreSQL (every process of the cluster) and by HAProxy. */
  cpu: Cpu;
}

interface Cpu {
  instances: number;
  postgres: number;
  haproxy: number;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds, and its parent (Linux /proc); null when it is gone. */
function processCpu(pid: number): { seconds: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, parent: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** CPU seconds so far of the instances, of the postmaster with every child of it, and of HAProxy. */
function cpuNow(cluster: Cluster): Cpu {
  const of = (pid: number | undefined) => (pid ? (processCpu(pid)?.seconds ?? 0) : 0);
  let postgres = 0;
  if (cluster.postgres) {
    const postmaster = Number(readFileSync(path.join(cluster.postgres.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      const cpu = processCpu(pid);
      if (cpu && (pid === postmaster || cpu.parent === postmaster)) postgres += cpu.seconds;
    }
  }
  return {
    instances: cluster.instances.reduce((sum, instance) => sum + of(instance.process.pid), 0),
    postgres,
    haproxy: of(cluster.proxy.process.pid),
  };
}

type RequestSetup = (request: autocannon.Request) => autocannon.Request;

/** One autocannon run through the proxy: every 2xx answer's own latency, the statuses, and the socket errors. */
function sample(cluster: Cluster, token: string, setup: RequestSetup, seconds: number, until?: Promise<unknown>): Promise<Sample> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const before = cpuNow(cluster);
  const spent = (): Cpu => {
    const after = cpuNow(cluster);
    return { instances: after.instances - before.instances, postgres: after.postgres - before.postgres, haproxy: after.haproxy - before.haproxy };
  };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: cluster.url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}`, 'x-app': 'PC' },
        requests: [{ setupRequest: setup }],
      },
      (error, result) => (error ? reject(error) : resolve({ times, statuses, errors: result.errors + result.timeouts, seconds: result.duration, cpu: spent() })),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 200 && status < 300) times.push(responseTime);
    });
    void until?.then(() => (instance as unknown as { stop(): void }).stop());
  });
}

const search: RequestSetup = (request) => ({
  ...request,
  method: 'POST',
  path: `/external/publishers/${ATLAS}/zones/search?page=0&size=20&sortBy=name&direction=ASC`,
});

/** Two renames of a random zone to one added blocked URL (a unique pattern): each write records its history entry. */
function writeMix(zoneIds: readonly number[]): RequestSetup {
  let n = 0;
  return (request) => {
    n++;
    const zoneId = zoneIds[Math.floor(Math.random() * zoneIds.length)]!;
    const headers = { ...request.headers, 'content-type': 'application/json' };
    if (n % 3 === 0) {
      const pattern = `https://bench-${randomBytes(6).toString('hex')}.example.com/`;
      return {
        ...request,
        headers,
        method: 'POST',
        path: `/external/zones/${zoneId}/asset-url-filter-patterns/bulk`,
        body: JSON.stringify({ zoneAssetUrlFilterPatternParamList: [{ pattern, urlType: 'PAGE', evalType: 'CONTAINS' }] }),
      };
    }
    return { ...request, headers, method: 'PUT', path: `/external/zones/${zoneId}`, body: JSON.stringify({ name: `Bench zone ${n}`, typeId: 1, enabled: true }) };
  };
}

/** A read or a write in turn (the rolling restart's load). */
function mixed(zoneIds: readonly number[]): RequestSetup {
  const write = writeMix(zoneIds);
  let n = 0;
  return (request) => (n++ % 2 ? write(request) : search(request));
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Measurement {
  scenario: string;
  instances: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
  /** CPU milliseconds per answered request: in the instances, in PostgreSQL, in HAProxy. */
  cpuMsPerRequest: Cpu;
}

function summary(scenario: string, instances: number, samples: readonly Sample[]): Measurement {
  const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const failures = samples.reduce((sum, s) => sum + s.errors + [...s.statuses].filter(([status]) => status >= 300).reduce((n, [, count]) => n + count, 0), 0);
  return {
    scenario,
    instances,
    requests: times.length,
    requestsPerSecond: times.length / seconds,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    failures,
    cpuMsPerRequest: {
      instances: (samples.reduce((sum, s) => sum + s.cpu.instances, 0) * 1000) / times.length,
      postgres: (samples.reduce((sum, s) => sum + s.cpu.postgres, 0) * 1000) / times.length,
      haproxy: (samples.reduce((sum, s) => sum + s.cpu.haproxy, 0) * 1000) / times.length,
    },
  };
}

async function useInstances(cluster: Cluster, count: 1 | 2): Promise<void> {
  const second = cluster.instances[1]!.name;
  await cluster.proxy.command(`set server api/${second} state ${count === 1 ? 'maint' : 'ready'}`);
  if (count === 2) await cluster.proxy.waitFor(second, 'UP');
}

/** The PostgreSQL restart under a light load (a read every 50 ms through the proxy): what was answered, and when. */
async function databaseRestart(cluster: Cluster, token: string) {
  const postgres = cluster.postgres!;
  const statuses = new Map<string, number>();
  let firstOkAfterStart = 0;
  let started = 0;
  let slowest = 0;
  let running = true;
  const poll = (async () => {
    while (running) {
      const began = Date.now();
      const res = await fetch(`${cluster.url}/external/zones/${DEMO.zones.atlas}`, { headers: { authorization: `Bearer ${token}`, 'x-app': 'PC' } }).catch(() => null);
      slowest = Math.max(slowest, Date.now() - began);
      const body = res ? await res.text() : '';
      const key = !res ? 'no answer' : res.status === 200 ? '200' : `${res.status} ${/"code":"(\w+)"/.exec(body)?.[1] ?? 'not the Error shape'}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (started && !firstOkAfterStart && res?.status === 200) firstOkAfterStart = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const stoppedAt = Date.now();
  await postgres.stop('fast');
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await postgres.start();
  started = Date.now();
  for (const instance of cluster.instances) await cluster.proxy.waitFor(instance.name, 'UP', 30_000);
  const allUp = Date.now();
  while (!firstOkAfterStart) await new Promise((resolve) => setTimeout(resolve, 20));
  running = false;
  await poll;
  return {
    downMs: started - stoppedAt,
    firstSuccessAfterStartMs: firstOkAfterStart - started,
    allInstancesUpAfterStartMs: allUp - started,
    slowestAnswerMs: slowest,
    answers: Object.fromEntries(statuses),
  };
}

async function main(): Promise<void> {
  const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const loadBefore = load();
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `portal_bench_cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  console.log(`Starting 2 instances behind HAProxy on ${databaseUrl ? 'a database of DATABASE_URL' : 'a private PostgreSQL cluster'} (load average ${loadBefore}) ...`);
  const cluster = await startCluster({
    instances: 2,
    databaseUrl,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '3000' },
  });
  try {
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const zoneRows = await db.query<{ id: number }>(
      `INSERT INTO zones (publisher_id, user_id, name, type_id, enabled)
       SELECT $1, $2, 'Bench zone ' || n, 1, true FROM generate_series(1, $3) AS n RETURNING tracking_id AS id`,
      [ATLAS, DEMO.users.multi, EXTRA_ZONES],
    );
    await db.query('ANALYZE');
    await db.end();
    const zoneIds = zoneRows.rows.map((row) => row.id);
    const login = await fetch(`${cluster.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app': 'PC' },
      body: JSON.stringify({ email: 'multi@publisher.example', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in through the proxy answered ${login.status}`);
    const token = ((await login.json()) as { jwt: string }).jwt;

    const scenarios = [
      { name: 'zones search (page of 20 of ~210 zones)', setup: search },
      { name: 'write mix (2 renames : 1 blocked URL)', setup: writeMix(zoneIds) },
    ];
    console.log(`${CONNECTIONS} connections, ${DURATION} s per scenario and instance count, in ${ROUNDS} rounds`);
    const samples = new Map<string, Sample[]>();
    for (const count of [1, 2] as const) {
      await useInstances(cluster, count);
      for (const scenario of scenarios) await sample(cluster, token, scenario.setup, WARMUP_SECONDS);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const count of [1, 2] as const) {
        await useInstances(cluster, count);
        for (const scenario of scenarios) {
          const key = `${scenario.name}|${count}`;
          samples.set(key, [...(samples.get(key) ?? []), await sample(cluster, token, scenario.setup, DURATION / ROUNDS)]);
        }
      }
    }
    const results = [...samples].map(([key, list]) => {
      const [scenario, count] = key.split('|');
      return summary(scenario!, Number(count), list);
    });

    console.log('Rolling restart of both instances under load (a read or a write in turn) ...');
    const restart = cluster.rollingRestart((message) => console.log(`  ${message}`));
    const during = await sample(cluster, token, mixed(zoneIds), 120, restart);
    const stops = await restart;
    const rolling = {
      requests: [...during.statuses.values()].reduce((a, b) => a + b, 0),
      statuses: Object.fromEntries(during.statuses),
      serverErrors: [...during.statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0),
      socketErrors: during.errors,
      stops,
    };

    const restartDatabase = cluster.postgres ? await databaseRestart(cluster, token) : null;
    const loadAfter = load();

    console.table(
      results.map((row) => {
        const one = results.find((other) => other.scenario === row.scenario && other.instances === 1)!;
        return {
          scenario: row.scenario,
          instances: row.instances,
          'req/s': Math.round(row.requestsPerSecond),
          'x one': (row.requestsPerSecond / one.requestsPerSecond).toFixed(2),
          'p50 ms': row.p50Ms.toFixed(1),
          'p95 ms': row.p95Ms.toFixed(1),
          'p99 ms': row.p99Ms.toFixed(1),
          'CPU ms/req: instances': row.cpuMsPerRequest.instances.toFixed(2),
          postgres: row.cpuMsPerRequest.postgres.toFixed(2),
          haproxy: row.cpuMsPerRequest.haproxy.toFixed(2),
          failed: row.failures,
        };
      }),
    );
    console.log(`Rolling restart: ${rolling.requests} requests, ${rolling.serverErrors} 5xx, ${rolling.socketErrors} socket errors; statuses ${JSON.stringify(rolling.statuses)}`);
    console.log(`  stops: ${stops.map((s) => `${s.name} exit ${s.exitCode} in ${s.stoppedInMs} ms`).join(', ')}`);
    if (restartDatabase) {
      console.log(
        `PostgreSQL restart: down ${restartDatabase.downMs} ms; first success ${restartDatabase.firstSuccessAfterStartMs} ms after it was back, ` +
          `both instances UP in HAProxy after ${restartDatabase.allInstancesUpAfterStartMs} ms; slowest answer ${restartDatabase.slowestAnswerMs} ms; ` +
          `answers ${JSON.stringify(restartDatabase.answers)}`,
      );
    } else {
      console.log('PostgreSQL restart: skipped (DATABASE_URL is not ours to stop; run without it for a private cluster)');
    }
    console.log(`Load average before ${loadBefore}, after ${loadAfter} (2 cores: load generator, HAProxy, instances and PostgreSQL share them)`);
    const file = path.join(HERE, 'results', 'cluster.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), cores: os.availableParallelism(), loadBefore, loadAfter, connections: CONNECTIONS, durationSeconds: DURATION, rounds: ROUNDS, results, rolling, restartDatabase }, null, 2)}\n`,
    );
    console.log(`Results written to ${path.relative(process.cwd(), file)}`);
    if (rolling.serverErrors || rolling.socketErrors) process.exitCode = 1;
  } finally {
    await cluster.stop();
    await dropDatabase?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
