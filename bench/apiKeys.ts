// Issue 29's two targets (npm run bench:keys):
//
//   key auth   what authenticating with an API key adds to a request: the key check itself (auth/apiKeys.ts: the
//              secret's SHA-256, one prepared statement, the per-key throttle's upsert, the address rules), target
//              p95 < 1 ms; for comparison the sign-in token's check (auth/principal.ts), and a whole
//              GET /external/publishers/{id} with either, taken in turn
//   report API listReportRows for Atlas Network Large over 90 days x its 200 report zones (18,000 rows by day and
//              zone): the first page, a page in the middle, and by day only; target p95 < 50 ms. The CSV of all
//              18,000 rows for information.
//
// Service time through the real app in this process (HTTP injection, production settings, PGlite), each series
// --requests times after a warm-up. --data-dir: a data dir with the large seed (seeded when it lacks it: `npm run
// seed:large` with its defaults); kept afterwards. Results: a table on stdout and bench/results/api-keys.json
// (gitignored); exit code 1 when a target is missed. State the load average with the figures: two shared cores.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app';
import { authenticateKey } from '../server/src/auth/apiKeys';
import { authenticate } from '../server/src/auth/principal';
import { signIn } from '../server/src/auth/sessions';
import { loadConfig } from '../server/src/config';
import { openPglite } from '../server/src/db/db';
import { LARGE } from '../server/src/db/seed/large';
import { latencyStats, ROOT, seedLarge } from './common';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    requests: { type: 'string', default: '500' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/api-keys.json') },
  },
});

const TARGETS = { keyCheckP95Ms: 1, reportP95Ms: 50 };
const WARM_UP = 30;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const requests = Number(values.requests);
  if (!Number.isInteger(requests) || requests < 100) throw new Error('--requests takes an integer of at least 100');
  const dataDir = values['data-dir'] ?? path.join(os.tmpdir(), 'portal-bench-large');
  console.log(`Large seed in ${dataDir}: ${seedLarge(dataDir)} ms`);
  const db = await openPglite({ dataDir });
  // No rate limit in the way of a benchmark's thousands of requests a minute (the throttle's upsert still runs).
  const config = loadConfig({ NODE_ENV: 'production', SEED: 'none', API_KEY_REQUESTS_PER_MINUTE: '1000000' });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  try {
    const publisherId = LARGE.bigPublisherId;
    const admin = (await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
      `SELECT u.id, u.email, u.name, u.enabled, u.roles, u.is_internal FROM users u JOIN user_publishers up ON up.user_id = u.id
        WHERE up.publisher_id = $1 AND up.role = 'ADMIN' ORDER BY u.id LIMIT 1`,
      [publisherId],
    ))!;
    const jwt = await signIn(db, app.services.tokens, { ...admin, isInternal: admin.is_internal }, { userAgent: 'bench', address: '127.0.0.1' });
    const made = await app.inject({
      method: 'POST',
      url: `/external/publishers/${publisherId}/api-keys`,
      headers: { 'x-app': 'PC', authorization: `Bearer ${jwt}` },
      payload: { name: 'Benchmark', scopes: ['reports:read'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    if (made.statusCode !== 201) throw new Error(`making the key answered ${made.statusCode}: ${made.body}`);
    const secret = (made.json() as { secret: string }).secret;
    const day = await db.one<{ from: string; to: string }>("SELECT to_char(current_date - 90, 'YYYY-MM-DD') AS from, to_char(current_date - 1, 'YYYY-MM-DD') AS to");
    const rows = `/external/publishers/${publisherId}/reports/reporting/rows?from=${day!.from}&to=${day!.to}`;
    const keyHeaders = { 'x-app': 'PC', authorization: `Bearer ${secret}` };
    const jwtHeaders = { 'x-app': 'PC', authorization: `Bearer ${jwt}` };
    const first = await app.inject({ method: 'GET', url: `${rows}&size=100`, headers: keyHeaders });
    const total = (first.json() as { totalElements: number }).totalElements;

    const series: Record<string, () => Promise<unknown>> = {
      keyCheck: () => authenticateKey(db, secret, 'getPublisher', '127.0.0.1', config.apiKeyRequestsPerMinute),
      tokenCheck: () => authenticate(db, app.services.tokens, `Bearer ${jwt}`, 'getPublisher', '127.0.0.1'),
      requestWithKey: () => app.inject({ method: 'GET', url: `/external/publishers/${publisherId}`, headers: keyHeaders }),
      requestWithToken: () => app.inject({ method: 'GET', url: `/external/publishers/${publisherId}`, headers: jwtHeaders }),
      reportFirstPage: () => app.inject({ method: 'GET', url: `${rows}&size=100`, headers: keyHeaders }),
      reportMiddlePage: () => app.inject({ method: 'GET', url: `${rows}&size=100&page=${Math.floor(total / 200)}`, headers: keyHeaders }),
      reportByDay: () => app.inject({ method: 'GET', url: `${rows}&groupBy=day&size=100`, headers: keyHeaders }),
    };
    const samples = Object.fromEntries(Object.keys(series).map((name) => [name, [] as number[]]));
    for (let i = 0; i < WARM_UP + requests; i++) {
      // Every series once per round, in turn, so all meet the same machine load.
      for (const [name, run] of Object.entries(series)) {
        const ms = await timed(run);
        if (i >= WARM_UP) samples[name]!.push(ms);
      }
    }
    const csvMs: number[] = [];
    for (let i = 0; i < 20; i++) csvMs.push(await timed(() => app.inject({ method: 'GET', url: rows.replace('/rows?', '/rows/export?fileType=CSV&'), headers: keyHeaders })));

    const result = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, latencyStats(list, 3)]));
    result.reportCsv = latencyStats(csvMs, 1);
    const reportP95 = Math.max(result.reportFirstPage!.p95Ms, result.reportMiddlePage!.p95Ms, result.reportByDay!.p95Ms);
    const report = {
      measuredAt: new Date().toISOString(),
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      requests,
      reportRows: total,
      series: result,
      keyCheckP95Ms: result.keyCheck!.p95Ms,
      requestWithKeyMinusTokenP95Ms: Number((result.requestWithKey!.p95Ms - result.requestWithToken!.p95Ms).toFixed(3)),
      reportP95Ms: reportP95,
      targets: TARGETS,
    };
    console.table(result);
    console.log(`Key check p95 ${report.keyCheckP95Ms} ms (target < ${TARGETS.keyCheckP95Ms} ms); a request with a key against one with a sign-in token, p95 difference ${report.requestWithKeyMinusTokenP95Ms} ms`);
    console.log(`Report API, ${total} rows of 90 days x zones: p95 ${reportP95} ms (target < ${TARGETS.reportP95Ms} ms); the whole CSV p50 ${result.reportCsv.p50Ms} ms`);
    console.log(`Load average ${report.loadAverage.join(' ')}`);
    await mkdir(path.dirname(values.out!), { recursive: true });
    await writeFile(values.out!, `${JSON.stringify(report, null, 2)}\n`);
    if (report.keyCheckP95Ms >= TARGETS.keyCheckP95Ms || reportP95 >= TARGETS.reportP95Ms) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

await main();
