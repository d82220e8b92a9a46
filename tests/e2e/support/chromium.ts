// Debian's Chromium and its flags, shared by the browser tests (playwright.config.ts) and the benchmarks.

/**
 * Playwright's and Puppeteer's own browser downloads do not work here; Debian's packages do. The benchmarks and
 * Lighthouse measure the browser a user runs, `chromium` (`apt-get install chromium`).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser tests run Chromium's headless shell (`apt-get install chromium-headless-shell`): the same Chromium
 * release and Blink from Debian, without the desktop browser around it, as Playwright runs headless tests by default.
 * The whole suite, one run after the other on a quiet machine: 807 CPU-s against 1,214 on `chromium` (its browser
 * process costs 0.15 s instead of 0.85 s to open each test's context and page), and a run is CPU-bound on two cores.
 * `E2E_CHROMIUM_PATH` overrides it, e.g. `E2E_CHROMIUM_PATH=/usr/bin/chromium npx playwright test` runs them on the
 * desktop browser (still headless: CHROMIUM_FLAGS).
 */
export const TEST_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

/**
 * For a machine without outside network and without a display: no sandbox (CI runs as root), no GPU, and none of
 * the background calls home, whose refused connections otherwise slow every start. Playwright and chrome-launcher
 * give every browser a fresh temporary profile; a caller of launchPersistentContext must pass a fresh mkdtemp() dir.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
