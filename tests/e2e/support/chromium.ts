// Debian's Chromium and its flags, shared by the browser tests (playwright.config.ts) and the Lighthouse benchmark.

/** Playwright's and Puppeteer's own browser downloads do not work here; Debian's package does (`apt-get install chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
