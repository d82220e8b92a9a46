// "Every operation of the contract at least once through HTTP": each server test file's app records the
// operations it answered (serverHarness.ts); after the whole server suite this global setup's teardown checks
// that together they cover the contract. Only when CHECK_OPERATION_COVERAGE is set (npm test sets it): a run
// of a single test file covers a few operations by design.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadContract } from '../../server/src/http/contract';

declare module 'vitest' {
  export interface ProvidedContext {
    operationCoverageDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-op-coverage-'));
  project.provide('operationCoverageDir', dir);
  return async () => {
    const covered = new Set<string>();
    for (const file of await readdir(dir)) {
      for (const operationId of JSON.parse(await readFile(path.join(dir, file), 'utf8')) as string[]) covered.add(operationId);
    }
    await rm(dir, { recursive: true, force: true });
    if (!process.env.CHECK_OPERATION_COVERAGE) return;
    const uncovered = loadContract().operations.map((o) => o.operationId).filter((id) => !covered.has(id));
    if (uncovered.length) {
      // Vitest only logs an error thrown by a global teardown; the exit code is what fails the run.
      console.error(`\nContract operations no server test called through HTTP: ${uncovered.join(', ')}\n`);
      process.exitCode = 1;
      return;
    }
    console.log(`Operation coverage: all ${covered.size} contract operations were called through HTTP.`);
  };
}
