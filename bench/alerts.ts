// Revenue alerts timings (npm run bench:alerts, issue 23): the daily job over the large seed on PGlite, and the
// alerts page of 'Atlas Network Large' (months of alerts: server/src/db/seed/largeAlerts.ts). Service time with
// one connection (PGlite has one): the real app in this process (production settings, answers checked against the
// contract as by default), requests sent one at a time with HTTP injection.
//
//   npm run bench:alerts                                   # seeds a temporary data dir, measures, cleans up
//   npm run bench:alerts -- --data-dir /tmp/large --runs 3 --requests 300
//       (--data-dir: a data dir to reuse; seeded with the large seed when it lacks it, and kept afterwards)
//
// What is measured:
//   job       runRevenueAlertJob at today's date, --runs times each way: on the alerts the seed already raised
//             (what a second instance, or a restart the same day, does: the detection over every series, nothing
//             new to store), and from scratch (the last 14 days' alerts removed first: the detection, every
//             alert's causes ranked over the history entries of its window, and their rows written)
//   list      GET listRevenueAlerts of the big publisher as Max Multi (first page, every state, zones by size),
//             its unread count and its largest alert with causes, each --requests times after 20 warm-up, in turn
// Targets: job < 10 s; list p95 < 25 ms. Results: a table on stdout and bench/results/alerts.json (gitignored).
// Exit code 1 when a target is missed. State the load average with the figures: the machine's two cores are shared.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite, type Db } from '../server/src/db/db';
import { migrate } from '../server/src/db/migrate';
import { DEMO } from '../server/src/db/seed/demo';
import { LARGE } from '../server/src/db/seed/large';
import { detectLargeAlerts, seedLargeAlertData } from '../server/src/db/seed/largeAlerts';
import { JOB_NAME, runRevenueAlertJob, type JobResult } from '../server/src/alerts/job';
import { LOOKBACK_DAYS } from '../server/src/alerts/detect';
import { signIn } from '../server/src/auth/sessions';
import { latencyStats, ROOT, seedLarge } from './common';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '3' },
    requests: { type: 'string', default: '300' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/alerts.json') },
  },
});

const TARGET = { jobMs: 10_000, listP95Ms: 25 } as const;
const WARM_UP = 20;
const TIMED = ['first page', 'every state', 'zones by size'];

const stats = (samples: readonly number[]) => latencyStats(samples);

async function main(): Promise<void> {
  const runs = Number(values.runs);
  const requests = Number(values.requests);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(requests) || requests < 20) throw new Error('--runs takes an integer of at least 1, --requests one of at least 20');
  const home = values['data-dir'] === undefined ? await mkdtemp(path.join(os.tmpdir(), 'portal-bench-alerts-')) : null;
  const dataDir = values['data-dir'] ?? path.join(home ?? '', 'data');
  try {
    console.log(`Large seed into ${dataDir} …`);
    seedLarge(dataDir);
    await measure(dataDir, runs, requests);
  } finally {
    if (home) await rm(home, { recursive: true, force: true });
  }
}

/** A data dir seeded before the alerts' part of the large seed existed gets it now. */
async function ensureAlertData(db: Db): Promise<void> {
  if (await db.one('SELECT 1 FROM report_daily WHERE publisher_id >= $1 LIMIT 1', [LARGE.firstPublisherId])) return;
  console.log('Adding the revenue alerts’ part of the large seed …');
  await db.transaction((tx) => seedLargeAlertData(tx, { bigPublisherId: LARGE.bigPublisherId, firstPublisherId: LARGE.firstPublisherId }, new Date()));
  await db.exec('VACUUM ANALYZE');
  await detectLargeAlerts(db, new Date());
}

async function measure(dataDir: string, runs: number, requests: number): Promise<void> {
  const db = await openPglite({ dataDir });
  await migrate(db);
  await ensureAlertData(db);
  const config = loadConfig({ NODE_ENV: 'production', SEED: 'none', DATA_DIR: dataDir });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  try {
    const ctx = { config, log: { info: () => undefined } };
    const now = new Date();
    const job = async (fromScratch: boolean): Promise<JobResult & { ran: true }> => {
      await db.query('DELETE FROM scheduled_job_runs WHERE name = $1', [JOB_NAME]);
      if (fromScratch) {
        const through = (await db.one<{ day: string }>('SELECT max(day) AS day FROM report_publisher_daily WHERE day < $1::date', [now.toISOString().slice(0, 10)]))!.day;
        await db.query("DELETE FROM revenue_alerts WHERE day > $1::date - $2::int", [through, LOOKBACK_DAYS]);
      }
      const result = await runRevenueAlertJob(db, ctx, now);
      if (!result.ran) throw new Error('the job did not run');
      return result;
    };
    const jobRuns = { existing: [] as JobResult[], fromScratch: [] as JobResult[] };
    for (let run = 0; run < runs; run++) {
      jobRuns.existing.push(await job(false));
      jobRuns.fromScratch.push(await job(true));
    }
    const jobStats = (results: JobResult[]) => ({ ...stats(results.map((result) => (result.ran ? result.ms : 0))), last: results.at(-1) });

    const publisherId = LARGE.bigPublisherId;
    const alerts = (await db.one<{ n: number; zones: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE zone_id IS NOT NULL)::int AS zones FROM revenue_alerts WHERE publisher_id = $1',
      [publisherId],
    ))!;
    const largest = (await db.one<{ id: number; changes: number }>(
      'SELECT id, change_count AS changes FROM revenue_alerts WHERE publisher_id = $1 AND drop_percent >= 30 ORDER BY change_count DESC, id LIMIT 1',
      [publisherId],
    ))!;
    const user = (await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
      'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
      [DEMO.users.multi],
    ))!;
    const token = await signIn(db, app.services.tokens, { ...user, isInternal: user.is_internal }, { userAgent: 'bench', address: '127.0.0.1' });
    const headers = { 'x-app': 'PC', authorization: `Bearer ${token}` };
    const base = `/external/publishers/${publisherId}`;
    const scenarios: [string, string][] = [
      ['first page', `${base}/alerts?page=0&size=20`],
      ['every state', `${base}/alerts?page=0&size=20&state=all`],
      ['zones by size', `${base}/alerts?page=0&size=20&scope=zone&sortBy=drop`],
      ['unread count', `${base}/alert-summary`],
      ['largest alert', `${base}/alerts/${largest.id}`],
    ];
    const totals: Record<string, number> = {};
    const samples = new Map(scenarios.map(([name]) => [name, [] as number[]]));
    for (let round = -WARM_UP; round < requests; round++) {
      for (const [name, url] of scenarios) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        if (round < 0) {
          const body = res.json() as { totalElements?: number; unread?: number; causes?: unknown[] };
          totals[name] = body.totalElements ?? body.unread ?? body.causes?.length ?? 0;
          continue;
        }
        samples.get(name)!.push(ms);
      }
    }

    const pages = Object.fromEntries(scenarios.map(([name]) => [name, { ...stats(samples.get(name)!), total: totals[name] }]));
    const jobs = { existing: jobStats(jobRuns.existing), fromScratch: jobStats(jobRuns.fromScratch) };
    const missed = TIMED.some((name) => pages[name]!.p95Ms >= TARGET.listP95Ms) || jobs.existing.maxMs >= TARGET.jobMs || jobs.fromScratch.maxMs >= TARGET.jobMs;
    const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');

    console.log(`\nDaily job over the large seed (${runs} runs each; load average ${load})`);
    for (const [name, row] of Object.entries(jobs)) {
      const detect = row.last?.ran ? row.last.detect : undefined;
      console.log(
        `  ${name.padEnd(14)} p50 ${row.p50Ms} ms  max ${row.maxMs} ms (target < ${TARGET.jobMs})  ${row.maxMs < TARGET.jobMs ? 'ok' : 'MISSED'}` +
          (detect ? `  — ${detect.publishers} publishers, ${detect.zones} zones judged, ${detect.raised} alerts raised, report data through ${detect.through}` : ''),
      );
    }
    console.log(`\n${LARGE.bigPublisherName}: ${alerts.n} alerts (${alerts.zones} of zones); largest explained by ${largest.changes} changes`);
    console.log(`  ${'request'.padEnd(26)}${'total'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}`);
    for (const [name] of scenarios) {
      const row = pages[name]!;
      const target = TIMED.includes(name) ? (row.p95Ms < TARGET.listP95Ms ? '  ok' : '  MISSED') : '';
      console.log(`  ${name.padEnd(26)}${String(row.total).padStart(9)}${`${row.p50Ms} ms`.padStart(9)}${`${row.p95Ms}`.padStart(9)}${`${row.maxMs}`.padStart(9)}${target}`);
    }

    await mkdir(path.dirname(values.out), { recursive: true });
    await writeFile(
      values.out,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: os.loadavg(), cpus: os.cpus().length, runs, requests, targetsMs: TARGET, jobs, alerts, pages, missed }, null, 2)}\n`,
    );
    console.log(`\nWrote ${path.relative(process.cwd(), values.out)}`);
    if (missed) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
