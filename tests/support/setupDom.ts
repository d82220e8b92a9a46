// Setup of the component tests (jsdom): jest-dom matchers, cleanup, the browser APIs jsdom lacks, and a clean
// slate of the app's global state (session, language, runtime configuration client) for every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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
