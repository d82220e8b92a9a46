// Setup of the component tests (happy-dom, vitest.config.ts): jest-dom matchers, cleanup, and a clean
// slate of the app's global state (session, language, runtime configuration client) and of what tests replace
// (spies, object URLs) for every test: the files of a worker share one window and one module graph.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiClient } from '../../src/dataProvider/client';
import { session } from '../../src/dataProvider/session';
import { LANGUAGE_COOKIE, resetLocaleForTests } from '../../src/i18n/locales';
import { resetMaintenanceNoticeForTests } from '../../src/layout/MaintenanceNotice';
import { clearTestStyles } from './styles';

// happy-dom has what the app reads of the browser (matchMedia at a 1024 px wide window, so desktop, ResizeObserver,
// scrolling, object URLs): nothing to stand in for.

// Two cores shared by every test run: an answer can take longer than Testing Library's 1 s default, and on a loaded
// CI machine a large form (1,001 domains reviewed and saved) took more than 5 s. A guard against a hang, not a speed
// target: a wait ends as soon as what it waits for is there.
configure({ asyncUtilTimeout: 15_000 });

// Testing Library moves fake timers itself (while it waits, and to settle after a wait) only when it sees Jest's;
// under Vitest it would otherwise wait for a faked setTimeout that never fires. Only used while timers are fake.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

// A test of a download puts stand-ins for the object URLs there, which must not outlive it (the files of a worker
// share this window, vitest.config.ts).
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

afterEach(() => {
  cleanup();
  clearTestStyles();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(URL, objectUrls);
  session.clear();
  // The tab's own storage too: the page to return to after a sign-in (sessionLife.ts) must not leak between tests.
  sessionStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  document.documentElement.lang = 'en';
  resetLocaleForTests();
  resetMaintenanceNoticeForTests();
  resetApiClient();
  window.history.replaceState(null, '', '/');
});
