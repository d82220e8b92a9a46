// What the browser benchmarks share (bench/zones-page.ts, bench/blocks-page.ts): the console's production build,
// the real server on a data dir with the large seed, Debian's Chromium driven by playwright-core with the browser
// tests' flags, signing in through the external-login path, and the medians they report.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/src/db/seed/demo';
import { LARGE } from '../server/src/db/seed/large';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { ROOT, run, seedLarge } from './common';

/** The command line both take: --data-dir (reused, and kept), --skip-build, --runs N, --out FILE. */
export function benchArgs(resultFile: string) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      out: { type: 'string', default: path.join(ROOT, 'bench/results', resultFile) },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { dataDir: values['data-dir'], skipBuild: values['skip-build'], runs, out: values.out };
}

export interface Stat {
  medianMs: number;
  minMs: number;
  maxMs: number;
  samples: number[];
}

export const median = (numbers: readonly number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export const stats = (samples: readonly number[]): Stat => ({
  medianMs: Math.round(median(samples)),
  minMs: Math.round(Math.min(...samples)),
  maxMs: Math.round(Math.max(...samples)),
  samples: samples.map(Math.round),
});

/** Signs in through the API and opens the console with the token (the external-login path), as `email`. */
export async function openWithToken(page: Page, baseUrl: string, email: string): Promise<void> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-App': 'PC' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`POST /auth/login answered ${res.status}`);
  const { jwt } = (await res.json()) as { jwt: string };
  await page.goto(`${baseUrl}/browse?jwt=${encodeURIComponent(jwt)}`);
}

/** The demo's multi chooses 'Atlas Network Large' in the chooser (its only way there). */
export async function chooseBigPublisher(page: Page, baseUrl: string): Promise<void> {
  await openWithToken(page, baseUrl, 'multi@publisher.example');
  await page.getByRole('textbox', { name: 'Search publishers' }).fill(LARGE.bigPublisherName);
  await page.getByRole('list', { name: 'Publishers' }).getByRole('button', { name: new RegExp(`^${LARGE.bigPublisherName}`) }).click();
  await page.waitForURL(/\/home\//);
}

export interface BenchSession {
  server: RunningServer;
  context: BrowserContext;
  chromiumVersion: string;
  seedMs: number;
}

export interface BenchOptions {
  name: string;
  dataDir?: string;
  skipBuild: boolean;
  /** Scripts installed before every document (the pages' own timers). */
  initScripts?: (() => void)[];
}

/** Builds (unless skipped), seeds, starts the server and a browser context, runs `measure`, and cleans up. */
export async function withLargeSeedBrowser<T>(options: BenchOptions, measure: (session: BenchSession) => Promise<T>): Promise<T> {
  if (!options.skipBuild) run('npm', ['run', 'build', '--silent']);
  const home = options.dataDir === undefined ? await mkdtemp(path.join(os.tmpdir(), `portal-${options.name}-`)) : null;
  const dataDir = options.dataDir ?? path.join(home ?? '', 'data');
  let server: RunningServer | undefined;
  try {
    console.log(`Large seed into ${dataDir} …`);
    const seedMs = seedLarge(dataDir);
    server = await startServer({ name: options.name, dataDir, env: { NODE_ENV: 'production', SEED: 'none' } });
    const chromiumVersion = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      // tsx (esbuild keepNames) wraps named functions in __name(...) calls, also in the functions a benchmark
      // hands to the page; the page has no such helper, so give it one that does nothing.
      await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
      for (const script of options.initScripts ?? []) await context.addInitScript(script);
      return await measure({ server, context, chromiumVersion, seedMs });
    } finally {
      await browser.close();
    }
  } finally {
    await server?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  }
}

/** Prints the medians against their targets; true when one is missed. */
export function report(title: string, rows: [string, Stat, number][]): boolean {
  console.log(`\n${title}`);
  console.log(`  ${'measure'.padEnd(48)}${'median'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}${'target'.padStart(9)}`);
  let missed = false;
  for (const [name, stat, target] of rows) {
    const ok = stat.medianMs < target;
    missed ||= !ok;
    console.log(
      `  ${name.padEnd(48)}${`${stat.medianMs} ms`.padStart(8)}${`${stat.minMs}`.padStart(8)}${`${stat.maxMs}`.padStart(8)}${`< ${target}`.padStart(9)}${ok ? '  ok' : '  MISSED'}`,
    );
  }
  return missed;
}

export async function writeResults(file: string, results: object): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), cpus: os.cpus().length, ...results }, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
}

/** Runs a benchmark's main: exit code 1 when it missed a target or failed. */
export function runBench(main: () => Promise<boolean>): void {
  main().then(
    (missed) => {
      if (missed) process.exitCode = 1;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
