// `npm test`: every check the project has, in one command, the same on a laptop and in CI (.ci/run).
// Runs every step even after a failure (one run shows everything that is wrong), times each, and fails at the
// end with a summary. The browser tests need the build, so they are skipped when it failed.
//
//   npm test                      all steps
//   npm test -- vitest e2e        only the named steps (ids in the summary); handy while working on one area
//
// The server suite runs once, on the database at hand: PostgreSQL when TEST_DATABASE_URL=postgres://... is set
// (.ci/run starts one; the files that need a real server, several instances or HAProxy run only there), else the
// embedded PGlite. The browser tests run every server on PGlite, the product's default database, so both are used.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const STEP_TIMEOUT_MS = 20 * 60_000;

// Whole server-suite runs also check that together they called every contract operation through HTTP
// (tests/support/operationCoverage.ts); a single file run by hand does not.
const serverSuiteEnv = { ...process.env, CHECK_OPERATION_COVERAGE: '1' };
const serverDatabase = process.env.TEST_DATABASE_URL ? 'PostgreSQL, TEST_DATABASE_URL' : 'PGlite; PostgreSQL when TEST_DATABASE_URL is set';

/**
 * `parallel` steps are checks run two at a time (the machine has two cores), longest first (in this order): ESLint
 * on one thread, beside it the two type checks, Redocly and Spectral. Their output is held and printed whole when
 * each ends. The others use both cores themselves and stream their output; the first starts when the checks leave a
 * core free (ESLint still running), not after the last check.
 *
 * ESLint on one thread: with `--concurrency 2` each thread loaded the parsers and walked the import graph for the
 * cycle check again, 9 CPU-s more for the same run and no faster beside the other checks (2026-12-04: 31.4 s
 * against 29.6 s).
 *
 * The type checks run TypeScript 7, the native port of the compiler (`typescript-7` in package.json), in a third of
 * 5.9's CPU time here (about 60 s for the console's program). It reports what 5.9 reports on this code today, but
 * the two may differ in rare cases, and this step is the one that counts. TypeScript 5.9 stays the `typescript`
 * package, whose API typescript-eslint and openapi-typescript use, and editors' `tsc`.
 */
const tsc = (project) => [process.execPath, path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc'), '--noEmit', '-p', project];
const STEPS = [
  { id: 'eslint', name: 'ESLint', cmd: [bin('eslint'), '--max-warnings', '0', '.'], parallel: true },
  { id: 'tsc', name: 'TypeScript: console, tests, scripts (tsconfig.json)', cmd: tsc('tsconfig.json'), parallel: true },
  { id: 'tsc-server', name: 'TypeScript: server (server/tsconfig.json)', cmd: tsc('server/tsconfig.json'), parallel: true },
  { id: 'openapi', name: 'OpenAPI lint (Redocly)', cmd: [bin('redocly'), 'lint', 'openapi/portal.yaml'], parallel: true },
  // An independent lint of the contract: OWASP API Security 2023 (.spectral.yaml says what is answered how); any
  // finding, down to a hint, fails.
  {
    id: 'spectral',
    name: 'OpenAPI lint (Spectral, OWASP API Security 2023)',
    cmd: [bin('spectral'), 'lint', 'openapi/portal.yaml', '--ruleset', '.spectral.yaml', '--fail-severity', 'hint'],
    parallel: true,
  },
  // One run of the three projects, which share its two workers (vitest.config.ts).
  { id: 'vitest', name: `Vitest: unit, component and server suite (${serverDatabase})`, cmd: [bin('vitest'), 'run'], env: serverSuiteEnv },
  { id: 'build', name: 'Production build (vite build + precompress)', cmd: ['npm', 'run', '--silent', 'build'] },
  {
    id: 'budget',
    name: 'Bundle-size budget (bench/budget.json)',
    cmd: [process.execPath, 'scripts/check-budget.mjs'],
    needs: 'build',
  },
  { id: 'e2e', name: 'Browser tests (Playwright, Chromium)', cmd: [bin('playwright'), 'test'], needs: 'build' },
];

const color = process.stdout.isTTY ? (code) => (text) => `\x1b[${code}m${text}\x1b[0m` : () => (text) => text;
const [green, red, yellow, bold, dim] = [32, 31, 33, 1, 2].map(color);
// What is held of a streamed step: enough for its failure list. CI shows only the end of a run's output.
const TAIL_LINES = 400;
const lastLines = (text, count) => text.split('\n').slice(-count).join('\n');
const seconds = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);

function run(step, { buffered }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [command, ...args] = step.cmd;
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...(step.env ?? process.env), ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Buffered checks: their output is held whole. Streamed steps: passed on as it comes, and only their last lines
    // held, which the summary prints again for a failed step, after the steps that printed since (CI keeps the tail).
    let output = '';
    const hold = (chunk) => (output = buffered ? output + chunk : lastLines(output + chunk, TAIL_LINES));
    child.stdout.on('data', (chunk) => {
      if (!buffered) process.stdout.write(chunk);
      hold(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (!buffered) process.stderr.write(chunk);
      hold(chunk);
    });
    const timer = setTimeout(() => {
      output += `\n${step.name} still running after ${seconds(STEP_TIMEOUT_MS)}: stopped\n`;
      child.kill('SIGTERM');
    }, STEP_TIMEOUT_MS);
    const finish = (code, error) => {
      clearTimeout(timer);
      if (error) output += `\ncould not start ${command}: ${error.message}\n`;
      resolve({ ok: code === 0, ms: Date.now() - started, output });
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code) => finish(code));
  });
}

const selected = process.argv.slice(2);
const unknown = selected.filter((id) => !STEPS.some((s) => s.id === id));
if (unknown.length) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const steps = selected.length ? STEPS.filter((s) => selected.includes(s.id)) : STEPS;
const results = new Map();
const total = Date.now();
console.log(bold(`npm test: ${steps.length} steps on ${os.availableParallelism()} cores`));

function skipReason(step) {
  if (step.skip) {
    const reason = step.skip();
    if (reason) return reason;
  }
  const needed = step.needs && results.get(step.needs);
  if (needed && !needed.ok) return `${step.needs} failed`;
  return null;
}

function report(step, result) {
  results.set(step.id, result);
  if (result.skipped) console.log(yellow(`- ${step.name}: skipped (${result.skipped})`));
  else console.log(`${result.ok ? green('✔') : red('✘')} ${step.name} ${dim(`(${seconds(result.ms)})`)}`);
}

/**
 * Runs the checks two at a time. Resolves `slotFree` as soon as one of the two has nothing left to take (the other
 * still on its last check, ESLint): the streamed steps start then instead of leaving that core idle; `done` when
 * every check has ended.
 */
function runParallel(group) {
  const queue = [...group];
  let freeSlot;
  const slotFree = new Promise((resolve) => (freeSlot = resolve));
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      console.log(dim(`▶ ${step.name}`));
      const result = await run(step, { buffered: true });
      // Passing checks print little; a failing one prints everything it said.
      const text = result.output.trim();
      if (text && !result.ok) console.log(text);
      else if (text) console.log(dim(text.split('\n').slice(-3).join('\n')));
      report(step, result);
    }
    freeSlot();
  };
  const done = Promise.all([worker(), worker()]);
  done.catch(() => undefined); // thrown where it is awaited, after the streamed steps: never an unhandled rejection
  return { slotFree, done };
}

const parallel = steps.filter((s) => s.parallel);
const checks = parallel.length ? runParallel(parallel) : null;
await checks?.slotFree;
for (const [index, step] of steps.filter((s) => !s.parallel).entries()) {
  // Only the first streamed step shares the machine with the last check; the next ones wait for it (the build and
  // the browser tests beside ESLint on two cores, when `npm test -- eslint build e2e` runs no Vitest).
  if (index > 0) await checks?.done;
  const reason = skipReason(step);
  if (reason) {
    report(step, { ok: true, skipped: reason, ms: 0 });
    continue;
  }
  console.log(bold(`\n▶ ${step.name}`));
  report(step, await run(step, { buffered: false }));
}
await checks?.done;

const list = steps.map((step) => ({ step, result: results.get(step.id) }));
const failed = list.filter(({ result }) => result && !result.ok && !result.skipped);
const skipped = list.filter(({ result }) => result?.skipped);
// A failed step's failures again, just before the summary: its lines naming a failed test, then its last lines,
// without colours (CI keeps only the end of a run's output; a check's, printed whole when it ended, may sit in the
// middle of Vitest's).
for (const { step, result } of failed) {
  const lines = stripVTControlCharacters(result.output).trimEnd().split('\n');
  const named = [...new Set(lines.filter((line) => /(\bFAIL\b|✘|×)/.test(line)))].slice(0, 15);
  console.log(bold(`\n${step.id}: the failed tests, then its last lines`));
  console.log([...named, '…', ...lines.slice(-30)].join('\n'));
}

console.log(bold('\nSummary'));
for (const { step, result } of list) {
  if (!result) continue;
  const mark = result.skipped ? yellow('-') : result.ok ? green('✔') : red('✘');
  const time = result.skipped ? yellow(`skipped: ${result.skipped}`) : seconds(result.ms);
  console.log(`  ${mark} ${step.id.padEnd(16)} ${step.name.padEnd(56)} ${time}`);
}
console.log(`  total ${seconds(Date.now() - total)}`);
if (failed.length) console.log(red(`\nFailed: ${failed.map(({ step }) => step.id).join(', ')} (rerun one with: npm test -- <id>)`));
// The closing line in the plain form CI summaries read.
console.log(`steps: ${list.length - failed.length - skipped.length} passed, ${failed.length} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
process.exit(failed.length ? 1 : 0);
