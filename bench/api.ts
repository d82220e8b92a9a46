// API benchmark (npm run bench:api): the zones search against a bare one-query route, on the large seed.
//
// For each database (PGlite always; PostgreSQL too when DATABASE_URL is set) a child process (bench/apiTarget.ts)
// seeds a fresh temporary database and serves the real app; this process drives it with autocannon, so the
// server keeps a core of its own. Per publisher (one of about 200 zones, and the 10,000-zone one) it measures, in
// one run with the same connections: the bare route, the zones search (page 20 sorted by name) without a
// filter, and with a name filter. Latency percentiles come from every response's own time; requests/s counts
// 2xx answers only, and any other answer fails the run.
//
// Targets (the brief): zones search p95 < 25 ms, and at least 60% of the bare route's requests/s.
// Settings: BENCH_DURATION (s per scenario, default 10), BENCH_CONNECTIONS (default 8), BENCH_ROUNDS (default 5:
// each scenario's time is split into that many slices, taken in turn with the others).
// Results: a table on stdout and bench/results/api.json. Exit code 1 when a target is missed.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchPublisher, TargetKind, TargetReady } from './apiTarget';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_SECONDS = 2;
const NAME_FILTER = 'leader';
const TARGET = { p95Ms: 25, shareOfBare: 0.6 } as const;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
}

export interface Measurement {
  target: TargetKind;
  publisher: string;
  scenario: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function scenarios(publisher: BenchPublisher): Scenario[] {
  const auth = { authorization: `Bearer ${publisher.token}`, 'x-app': 'PC' };
  const search = `/external/publishers/${publisher.publisherId}/zones/search?page=0&size=20&sortBy=name&direction=ASC`;
  return [
    { name: 'bare page query', method: 'GET', path: `/bench/bare-page?publisherId=${publisher.publisherId}`, headers: {} },
    { name: 'bare page query, prepared', method: 'GET', path: `/bench/bare-page?publisherId=${publisher.publisherId}&prepared=1`, headers: {} },
    { name: 'zones search', method: 'POST', path: search, headers: auth },
    { name: `zones search names=${NAME_FILTER}`, method: 'POST', path: `${search}&names=${NAME_FILTER}`, headers: auth },
  ];
}

interface Sample {
  times: number[];
  failures: number;
  seconds: number;
}

/** One autocannon run: every 2xx response's own latency, and how many requests failed. */
async function sample(port: number, scenario: Scenario, seconds: number): Promise<Sample> {
  const times: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${scenario.path}`,
        method: scenario.method,
        headers: scenario.headers,
        connections: CONNECTIONS,
        duration: seconds,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      else failures++;
    });
  });
  return { times, failures: failures + result.errors + result.timeouts, seconds };
}

function summary(samples: readonly Sample[]): Omit<Measurement, 'target' | 'publisher' | 'scenario'> {
  const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    requests: times.length,
    requestsPerSecond: times.length / seconds,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    failures: samples.reduce((sum, s) => sum + s.failures, 0),
  };
}

function startTarget(kind: TargetKind): Promise<{ child: ChildProcess; ready: TargetReady }> {
  const child = fork(path.join(HERE, 'apiTarget.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_TARGET: kind },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ready: message as TargetReady }));
    child.once('exit', (code) => reject(new Error(`the ${kind} bench server exited (${code}) before it was ready`)));
  });
}

async function sanityCheck(port: number, publisher: BenchPublisher): Promise<void> {
  const search = scenarios(publisher).find((scenario) => scenario.name === 'zones search');
  const response = await fetch(`http://127.0.0.1:${port}${search!.path}`, { method: 'POST', headers: search!.headers });
  const body = (await response.json()) as { content?: unknown[]; totalElements?: number };
  if (response.status !== 200 || body.content?.length !== 20 || body.totalElements !== publisher.zones) {
    throw new Error(`zones search answered ${response.status} with ${body.content?.length} rows of ${body.totalElements}, expected 20 of ${publisher.zones}`);
  }
}

async function benchTarget(kind: TargetKind): Promise<Measurement[]> {
  console.log(`\n[${kind}] seeding a fresh database with the large seed ...`);
  const { child, ready } = await startTarget(kind);
  console.log(`[${kind}] ${ready.zones} large-seed zones ready in ${(ready.seedMs / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s per scenario in ${ROUNDS} rounds`);
  const results: Measurement[] = [];
  try {
    for (const publisher of ready.publishers) {
      await sanityCheck(ready.port, publisher);
      const list = scenarios(publisher);
      for (const scenario of list) await sample(ready.port, scenario, WARMUP_SECONDS);
      // Interleaved rounds: a burst of load from elsewhere on the machine hits every scenario alike.
      const samples = list.map((): Sample[] => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, scenario] of list.entries()) samples[index]!.push(await sample(ready.port, scenario, DURATION / ROUNDS));
      }
      list.forEach((scenario, index) => results.push({ target: kind, publisher: publisher.label, scenario: scenario.name, ...summary(samples[index]!) }));
    }
  } finally {
    child.send('stop');
  }
  return results;
}

function verdicts(results: readonly Measurement[]): string[] {
  const misses: string[] = [];
  for (const row of results) {
    if (row.failures > 0) misses.push(`${row.target} ${row.publisher} ${row.scenario}: ${row.failures} failed requests`);
    if (!row.scenario.startsWith('zones search')) continue;
    const bare = results.find((other) => other.target === row.target && other.publisher === row.publisher && other.scenario === 'bare page query');
    if (row.p95Ms >= TARGET.p95Ms) misses.push(`${row.target} ${row.publisher} ${row.scenario}: p95 ${row.p95Ms.toFixed(1)} ms >= ${TARGET.p95Ms} ms`);
    if (row.target === 'pglite' && bare && row.requestsPerSecond < TARGET.shareOfBare * bare.requestsPerSecond) {
      misses.push(`${row.target} ${row.publisher} ${row.scenario}: ${(row.requestsPerSecond / bare.requestsPerSecond * 100).toFixed(0)}% of the bare route's requests/s`);
    }
  }
  return misses;
}

function printTable(results: readonly Measurement[]): void {
  const rows = results.map((row) => {
    const bare = results.find((other) => other.target === row.target && other.publisher === row.publisher && other.scenario === 'bare page query');
    return {
      target: row.target,
      publisher: row.publisher,
      scenario: row.scenario,
      'req/s': Math.round(row.requestsPerSecond),
      'of bare': bare ? `${Math.round((row.requestsPerSecond / bare.requestsPerSecond) * 100)}%` : '',
      'p50 ms': row.p50Ms.toFixed(2),
      'p95 ms': row.p95Ms.toFixed(2),
      'p99 ms': row.p99Ms.toFixed(2),
      failed: row.failures,
    };
  });
  console.table(rows);
}

async function main(): Promise<void> {
  const kinds: TargetKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const results: Measurement[] = [];
  for (const kind of kinds) results.push(...(await benchTarget(kind)));
  printTable(results);
  const misses = verdicts(results);
  const file = path.join(HERE, 'results', 'api.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, connections: CONNECTIONS, durationSeconds: DURATION, rounds: ROUNDS, targets: TARGET, results, misses }, null, 2)}\n`,
  );
  console.log(misses.length ? `\nTargets missed:\n- ${misses.join('\n- ')}` : '\nAll targets met.');
  console.log(`Results written to ${path.relative(process.cwd(), file)}`);
  if (misses.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
