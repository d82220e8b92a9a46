// Browser tests: Debian's Chromium headless shell (tests/e2e/support/chromium.ts) driven by Playwright against the
// real server (tests/e2e/fixtures.ts starts one per worker on a fresh copy of the demo data). `npm run test:e2e`;
// part of `npm test` after the build.
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './tests/e2e/support/chromium';

// Each worker is a server plus a browser. Two cores: two workers keep both busy while one waits on the other;
// more only queue. E2E_WORKERS overrides it (1 while profiling a slow test).
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(2, os.availableParallelism()));

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  outputDir: 'test-results',
  // Guards against a hang, not speed targets: the longest tests take about 10 s on a quiet machine and 2-3 times
  // that on a loaded CI machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Tests never depend on one another (each makes what it changes, tests/e2e/README.md), so those of one file may
  // run on both workers: the run ends when the work does, not when the longest file does.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    locale: 'en-US',
    timezoneId: 'UTC',
    // No trace unless asked for (E2E_TRACE=1 keeps one of each failed test: its DOM snapshot after each action).
    // Snapshotting every action of every test costs CPU on both cores, and a CI run's trace is never read: what it
    // prints (the error, the call log) and error-context.md's page snapshot are. Recording the screencast too cost
    // a third of the browser tests' CPU.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
  },
});
