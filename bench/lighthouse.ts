// Lighthouse mobile performance of the console's /login (the first page every user loads), with Debian's Chromium.
// A benchmark, not part of npm test: scores move with machine load, so it reports the median of several runs.
//
//   npm start                      # in another terminal: the production build on http://127.0.0.1:8080
//   npm run bench:lighthouse       # measures http://127.0.0.1:8080/login
//   npm run bench:lighthouse -- --start --runs 5     # starts its own server (the console from dist/: npm run build first)
//   npm run bench:lighthouse -- --url http://127.0.0.1:8080/login
//
// Writes bench/results/lighthouse.json (gitignored). Lighthouse's default config is the mobile one: a Moto G
// Power-sized screen, 4x CPU slowdown and slow-4G network, both simulated (Lantern) from an unthrottled load.
import { mkdir, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { ROOT, startServer, type RunningServer } from '../tests/e2e/support/server';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    start: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/lighthouse.json') },
  },
});

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'Speed Index',
  interactive: 'TTI',
} as const;
type MetricId = keyof typeof METRICS;

interface Run {
  score: number;
  metrics: Record<MetricId, number>;
  transferBytes: { total: number; script: number };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

async function measure(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]),
    ) as Record<MetricId, number>;
    const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      metrics,
      transferBytes: {
        total: items.find((i) => i.resourceType === 'total')?.transferSize ?? 0,
        script: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
      },
    };
  } finally {
    await chrome.kill();
  }
}

function format(id: MetricId, value: number): string {
  return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

async function main(): Promise<void> {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  let server: RunningServer | undefined;
  let url = values.url ?? 'http://127.0.0.1:8080/login';
  if (values.start) {
    server = await startServer({ name: 'lighthouse', env: { NODE_ENV: 'production' } });
    url = new URL(new URL(url).pathname, server.url).toString();
  }
  try {
    if (!(await reachable(url))) {
      throw new Error(`${url} does not answer. Start the portal with "npm start" first, or pass --start.`);
    }
    const chromium = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    console.log(`Lighthouse (mobile, simulated throttling) on ${url} with ${chromium}, ${runs} run(s)`);
    const results: Run[] = [];
    for (let i = 1; i <= runs; i++) {
      const run = await measure(url);
      results.push(run);
      console.log(`  run ${i}: performance ${run.score}  ${Object.entries(METRICS).map(([id, name]) => `${name} ${format(id as MetricId, run.metrics[id as MetricId])}`).join('  ')}`);
    }
    const summary = {
      score: median(results.map((r) => r.score)),
      metrics: Object.fromEntries(Object.keys(METRICS).map((id) => [id, median(results.map((r) => r.metrics[id as MetricId]))])) as Record<MetricId, number>,
      transferBytes: { total: median(results.map((r) => r.transferBytes.total)), script: median(results.map((r) => r.transferBytes.script)) },
    };
    console.log(`\nMedian of ${runs}: performance score ${summary.score}`);
    for (const [id, name] of Object.entries(METRICS)) console.log(`  ${name.padEnd(12)} ${format(id as MetricId, summary.metrics[id as MetricId])}`);
    console.log(`  transferred  ${(summary.transferBytes.total / 1000).toFixed(1)} kB (script ${(summary.transferBytes.script / 1000).toFixed(1)} kB)`);
    await mkdir(path.dirname(values.out), { recursive: true });
    await writeFile(
      values.out,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), url, chromium, formFactor: 'mobile', runs: results, median: summary }, null, 2)}\n`,
    );
    console.log(`\nWrote ${path.relative(process.cwd(), values.out)}`);
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
