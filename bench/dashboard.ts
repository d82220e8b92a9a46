// Dashboard timings (npm run bench:dashboard): the stand-in reporting dashboard of the large seed's biggest
// publisher ('Atlas Network Large', 180 days of report rows over 200 zones), on the real server with the console's
// production build, and in Debian's Chromium driven by playwright-core with the browser tests' flags.
//
//   npm run bench:dashboard                                   # builds, seeds a temporary data dir, measures, cleans up
//   npm run bench:dashboard -- --data-dir /tmp/large --skip-build --requests 200 --runs 7
//       (--data-dir: a data dir to reuse; seeded with the large seed when it lacks it, and kept afterwards)
//
// What is measured:
//   render      GET of the reporting dashboard page (report 5) for the last 180 days, one request at a time
//               (--requests of them after 20 warm-up requests), from the request to the last byte of the page
//   tab         in the console, a click on the Reporting tab from the advertiser-spend tab (no reload) until the
//               frame is shown (its load event cleared the overlay) with its revenue chart: --runs runs after one
//               warm-up; each opening asks for a new frame address, as the console does
//   load        page.goto('/home/reporting') (a full page load, cache warm) until the same, from navigation start
// Targets on the 2-core machine: render p95 < 100 ms; tab and load medians < 1500 ms. Results: a table on stdout
// and bench/results/dashboard.json (gitignored). Exit code 1 when a target is missed.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { LARGE } from '../server/src/db/seed/large';
import { DEMO_PASSWORD } from '../server/src/db/seed/demo';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { quantile, ROOT, run, seedLarge } from './common';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    requests: { type: 'string', default: '200' },
    runs: { type: 'string', default: '7' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/dashboard.json') },
  },
});

const TARGET_MS = { renderP95: 100, chart: 1500 } as const;
const WARM_UP_REQUESTS = 20;
const ACCOUNT = 'multi@publisher.example';
const REPORTING = 5;
const FRAME = 'iframe[title="Reporting dashboard"]';

const stats = (samples: readonly number[]) => ({
  medianMs: Math.round(quantile(samples, 0.5)),
  p95Ms: Math.round(quantile(samples, 0.95)),
  minMs: Math.round(Math.min(...samples)),
  maxMs: Math.round(Math.max(...samples)),
});

interface Session {
  jwt: string;
  user: { id: number; name: string };
}

async function login(baseUrl: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-App': 'PC' },
    body: JSON.stringify({ email: ACCOUNT, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`POST /auth/login answered ${res.status}`);
  const { jwt } = (await res.json()) as { jwt: string };
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user: Session['user'] };
  return { jwt, user: payload.user };
}

/** The server side: the 180-day reporting page of the big publisher, one request at a time. */
async function measureRender(baseUrl: string, session: Session, requests: number): Promise<{ samples: number[]; bytes: number }> {
  const res = await fetch(`${baseUrl}/external/dashboard-service/publishers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-App': 'PC', authorization: `Bearer ${session.jwt}` },
    body: JSON.stringify({
      userId: session.user.id,
      // Split as the console splits the user's name.
      firstName: session.user.name.split(' ')[0] ?? '',
      lastName: session.user.name.split(' ').slice(1).join(' '),
      entityId: LARGE.bigPublisherId,
      lookerReportId: REPORTING,
      locale: 'en',
    }),
  });
  if (!res.ok) throw new Error(`POST /external/dashboard-service/publishers answered ${res.status}`);
  const { url } = (await res.json()) as { url: string };
  const page = new URL(url, baseUrl);
  page.searchParams.set('range', '180');
  let bytes = 0;
  const samples: number[] = [];
  for (let i = 0; i < WARM_UP_REQUESTS + requests; i++) {
    const started = performance.now();
    const answer = await fetch(page);
    const body = await answer.text();
    const elapsed = performance.now() - started;
    if (!answer.ok || !body.includes('MuiChartsSurface-root')) throw new Error(`the dashboard page answered ${answer.status} without its chart`);
    bytes = body.length;
    if (i >= WARM_UP_REQUESTS) samples.push(elapsed);
  }
  return { samples, bytes };
}

/** Opens the chooser with the token (the external-login path) and picks the big publisher. */
async function signIn(page: Page, baseUrl: string, session: Session): Promise<void> {
  await page.goto(`${baseUrl}/browse?jwt=${encodeURIComponent(session.jwt)}`);
  await page.getByRole('list', { name: 'Publishers' }).getByRole('button', { name: new RegExp(`^${LARGE.bigPublisherName} #`) }).click();
  await page.waitForURL(/\/home\/reporting$/);
}

/** Until the frame is shown (visibility follows its load event) and its revenue chart is visible inside it. */
async function chartShown(page: Page): Promise<void> {
  await page.locator(FRAME).waitFor({ state: 'visible', timeout: 30_000 });
  await page.frameLocator(FRAME).locator('figure.chart svg').first().waitFor({ state: 'visible', timeout: 30_000 });
}

async function tabToChart(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/home/advertiser-spend`);
  await page.frameLocator('iframe[title="Advertiser spend dashboard"]').locator('figure.chart svg').first().waitFor({ timeout: 30_000 });
  const tab = page.getByRole('tablist', { name: 'Report types' }).getByRole('tab', { name: 'Reporting', exact: true });
  const started = performance.now();
  await tab.click();
  await chartShown(page);
  return performance.now() - started;
}

async function loadToChart(page: Page, baseUrl: string): Promise<number> {
  const started = performance.now();
  await page.goto(`${baseUrl}/home/reporting`);
  await chartShown(page);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const runs = Number(values.runs);
  const requests = Number(values.requests);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  if (!Number.isInteger(requests) || requests < 20) throw new Error('--requests must be an integer of at least 20');
  if (!values['skip-build']) run('npm', ['run', 'build', '--silent']);

  const ownDir = values['data-dir'] === undefined;
  const home = ownDir ? await mkdtemp(path.join(os.tmpdir(), 'portal-bench-dashboard-')) : null;
  const dataDir = values['data-dir'] ?? path.join(home ?? '', 'data');
  let server: RunningServer | undefined;
  try {
    console.log(`Large seed into ${dataDir} …`);
    seedLarge(dataDir);
    server = await startServer({ name: 'bench-dashboard', dataDir, env: { NODE_ENV: 'production', SEED: 'none' } });
    const session = await login(server.url);

    console.log(`Rendering the 180-day dashboard: ${WARM_UP_REQUESTS} warm-up + ${requests} requests, one at a time`);
    const render = await measureRender(server.url, session, requests);

    const chromiumVersion = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const tab: number[] = [];
    const load: number[] = [];
    try {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      await signIn(page, server.url, session);
      console.log(`Measuring in ${chromiumVersion}: 1 warm-up + ${runs} run(s)`);
      await tabToChart(page, server.url);
      await loadToChart(page, server.url);
      for (let i = 1; i <= runs; i++) {
        tab.push(await tabToChart(page, server.url));
        load.push(await loadToChart(page, server.url));
        console.log(`  run ${i}: tab ${Math.round(tab.at(-1) ?? 0)} ms  load ${Math.round(load.at(-1) ?? 0)} ms`);
      }
    } finally {
      await browser.close();
    }

    const summary = { render: stats(render.samples), tab: stats(tab), load: stats(load) };
    const missed = summary.render.p95Ms >= TARGET_MS.renderP95 || summary.tab.medianMs >= TARGET_MS.chart || summary.load.medianMs >= TARGET_MS.chart;
    console.log(`\n${LARGE.bigPublisherName}, reporting dashboard (${Math.round(render.bytes / 1024)} kB page)`);
    console.log(`  server render, 180 days     median ${summary.render.medianMs} ms  p95 ${summary.render.p95Ms} ms  max ${summary.render.maxMs} ms  (target p95 < ${TARGET_MS.renderP95})`);
    console.log(`  tab click -> chart shown    median ${summary.tab.medianMs} ms  max ${summary.tab.maxMs} ms  (target < ${TARGET_MS.chart})`);
    console.log(`  page load -> chart shown    median ${summary.load.medianMs} ms  max ${summary.load.maxMs} ms  (target < ${TARGET_MS.chart})`);

    await mkdir(path.dirname(values.out), { recursive: true });
    await writeFile(
      values.out,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          chromium: chromiumVersion,
          cpus: os.cpus().length,
          loadAverage: os.loadavg(),
          publisher: { id: LARGE.bigPublisherId, name: LARGE.bigPublisherName },
          requests,
          runs,
          pageBytes: render.bytes,
          targetsMs: TARGET_MS,
          summary,
          missed,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(process.cwd(), values.out)}`);
    if (missed) process.exitCode = 1;
  } finally {
    await server?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
