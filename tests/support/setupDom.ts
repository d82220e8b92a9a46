// Setup of the component tests (jsdom): jest-dom matchers, cleanup, the browser APIs jsdom lacks, and a clean
// slate of the app's global state (session, language, runtime configuration client) for every test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiClient } from '../../src/dataProvider/client';
import { session } from '../../src/dataProvider/session';
import { LANGUAGE_COOKIE, resetLocaleForTests } from '../../src/i18n/locales';

// MUI's useMediaQuery and react-admin's sidebar read matchMedia; jsdom has none. Desktop width by default.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

window.scrollTo = () => undefined;

// Two cores shared by every test run: an answer can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Testing Library moves fake timers itself (while it waits, and to settle after a wait) only when it sees Jest's;
// under Vitest it would otherwise wait for a faked setTimeout that never fires. Only used while timers are fake.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  session.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  document.documentElement.lang = 'en';
  resetLocaleForTests();
  resetApiClient();
  window.history.replaceState(null, '', '/');
});
