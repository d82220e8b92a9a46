// What the benchmarks share: the repository root, running a command in it, the large seed into a data dir, and
// the latency figures they report (a quantile by the nearest-rank method).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  execFileSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** The large seed into `dataDir` (migrated and demo-seeded first when new; a no-op when it is there); its ms. */
export function seedLarge(dataDir: string): number {
  const started = performance.now();
  run(process.execPath, ['--import', 'tsx', 'server/src/db/seed/large.ts'], { DATA_DIR: dataDir, DATABASE_URL: '' });
  return Math.round(performance.now() - started);
}

/** The q-quantile of `numbers` (nearest rank); 0 for none. */
export function quantile(numbers: readonly number[], q: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/** Count, p50, p95 and maximum of latencies in ms, rounded to `digits` decimals. */
export function latencyStats(samples: readonly number[], digits = 2) {
  const round = (value: number) => Number(value.toFixed(digits));
  return { n: samples.length, p50Ms: round(quantile(samples, 0.5)), p95Ms: round(quantile(samples, 0.95)), maxMs: round(Math.max(...samples)) };
}
