import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Two workers on the two cores. Vitest's default in a run is one fewer than the cores: one worker here, which
    // left a core to the main process's transforms and idle for most of the run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // The files of a worker share their imported modules (the contract's validators, the server's rules):
          // unit tests keep no state between files, and each restores the timers and environment it changes.
          isolate: false,
          // A guard against a hang, not a speed target (Vitest's default is 5 s): regenerating the contract's
          // rules takes about 2 s on a quiet machine and went past 5 s on a loaded CI machine (a red run).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/serverTemplate.ts', 'tests/support/operationCoverage.ts'],
          // The files of a worker share its imported modules (the server, its compiled contract validators)
          // instead of importing them again each: they share no state but what each builds with createTestApp.
          // Each file clones a migrated template database. The three projects share the run's two workers (no
          // group of its own): a core freed by one project's last file takes the next project's, where a separate
          // run of the server files after the others left one core idle at each end (one run: 377 s against 417 s
          // as two steps, on a loaded machine).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          // happy-dom, not jsdom: the same 457 tests in 59 s instead of 79 s, one after the other on a quiet machine
          // (jsdom's getComputedStyle, which every accessible name and role query calls, was a quarter of the CPU).
          // What a real browser draws is the browser tests' (Playwright).
          environment: 'happy-dom',
          // A page never leaves for another document: a link followed or location.href set changes nothing, as in
          // jsdom. By default happy-dom moves the window to the link's address: a click on a download link that its
          // test did not stub left every later file of the worker on about:blank (the object URL's origin).
          environmentOptions: {
            happyDOM: { settings: { navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true } } },
          },
          include: ['tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setupDom.ts'],
          // The files of a worker share one window and its imported modules (MUI, react-admin, the app) instead of
          // building and importing them again each: that was half of this project's CPU time (189 CPU-s against
          // 96). setupDom.ts gives every test a clean slate of what the app and the tests change globally.
          isolate: false,
          // A guard against a test that hangs, not a speed target: the slowest tests (a form typed key by key) take
          // 5-8 s on a quiet machine and 2-3 times that on a loaded CI machine.
          testTimeout: 45_000,
        },
      },
    ],
  },
});
