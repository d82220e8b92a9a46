// Browser-test fixtures (the pattern of atomic-crm's e2e fixtures): every worker runs its own real server on its
// own fresh copy of the demo data; each test's page, `request` and `api` point at it; a test starts signed in
// where it says, and makes through the API the records it changes. See tests/e2e/README.md.
//
//   import { test, expect } from './fixtures';
//   test.use({ account: 'multi', publisher: 'Atlas News' });
//   test('renames a zone', async ({ page, createZone }) => {
//     const zone = await createZone();
//     await page.goto(`/zones/edit/${zone.id}`);
//     ...
//   });
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { components } from '../../openapi/portal';
import { ACCOUNTS, DEMO_PASSWORD, type Account, type ActiveAccount } from './support/accounts';
import { SEED_DIR_ENV, startServer, type RunningServer } from './support/server';
import { loginToken, signInDirectly, storageStateOf, type SignedIn } from './support/session';
import { createZone, type CreatedZone, type ZoneSpec } from './support/zones';

export { expect, ACCOUNTS, DEMO_PASSWORD };
export type { Account, ActiveAccount, CreatedZone, ZoneSpec };

export type MailboxMessage = components['schemas']['MailboxMessage'];

interface TestFixtures {
  /**
   * Option: `test.use({ isolatedServer: true })` gives each test of the file its own server on a fresh copy of
   * the demo data (started while the worker's isolated test before it ran: `isolatedServers`). Only for changes no
   * test could make on records of its own, since no API creates a publisher or an account: accepting the GDPR notice, changing a password, and a publisher's own
   * global blocks and its change history (blocking.spec.ts, history.spec.ts), which every other test of that
   * publisher would see.
   */
  isolatedServer: boolean;
  /** Extra server environment, e.g. `{ PORTAL_MAINTENANCE: 'true' }` (implies a server of its own). */
  serverEnv: NodeJS.ProcessEnv;
  /** The server this test talks to (its url is the baseURL of `page`, `request` and `api`). */
  server: RunningServer;
  /** Option: the account the page starts signed in as; null (default): signed out, at the login form. */
  account: ActiveAccount | null;
  /** Option: the publisher that account works as, by name; null (default): none chosen, the chooser comes first. */
  publisher: string | null;
  /** The session `account` and `publisher` describe (null without an account): token, user id, publisher. */
  signedIn: SignedIn | null;
  /** Request context signed in as `account` (X-App and Authorization set): `await api.get('/external/...')`. */
  api: APIRequestContext;
  /** Creates a web zone of the test's publisher through the API (see support/zones.ts for the options). */
  createZone: (spec?: ZoneSpec) => Promise<CreatedZone>;
}

interface WorkerFixtures {
  workerServer: RunningServer;
  /** A fresh server on the demo data for an isolated test (see `server`). */
  isolatedServers: () => Promise<RunningServer>;
}

function seedDir(): string {
  const dir = process.env[SEED_DIR_ENV];
  if (!dir) throw new Error(`${SEED_DIR_ENV} is not set: run the browser tests with "npx playwright test" (globalSetup seeds it)`);
  return dir;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer({ name: `worker-${workerInfo.workerIndex}`, seedDir: seedDir() });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  /**
   * Fresh servers for the isolated tests of this worker, each started while the one before is in use: a start takes
   * 5-15 s of a loaded machine, mostly not the browser's, and the worker's next isolated test finds its server
   * listening. The spare left at the end is stopped with the worker.
   */
  isolatedServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const start = () => {
        const starting = startServer({ name: `test-${workerInfo.workerIndex}`, seedDir: seedDir() });
        starting.catch(() => undefined); // handled where it is taken: never an unhandled rejection
        return starting;
      };
      let spare = null as Promise<RunningServer> | null;
      await use(() => {
        // A spare that failed to start (a port taken meanwhile) is replaced; the next spare starts once this one
        // listens, not beside its start.
        const next = spare ? spare.catch(() => start()) : start();
        spare = next.then(start, start);
        spare.catch(() => undefined);
        return next;
      });
      await (await spare?.catch(() => null))?.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  isolatedServer: [false, { option: true }],
  serverEnv: [{}, { option: true }],
  account: [null, { option: true }],
  publisher: [null, { option: true }],

  server: [
    // Its own time limit: starting a server of its own must not eat the test's 30 s on a loaded machine.
    async ({ workerServer, isolatedServers, isolatedServer, serverEnv }, use, testInfo) => {
      const ownEnv = Object.keys(serverEnv).length > 0;
      const isolated = isolatedServer || ownEnv;
      const server = ownEnv
        ? await startServer({ name: `test-${testInfo.workerIndex}`, seedDir: seedDir(), env: serverEnv })
        : isolated
          ? await isolatedServers()
          : workerServer;
      const logStart = await server.logSize();
      await use(server);
      // What the server said while this test ran is often the quickest way to see why it failed.
      if (testInfo.status !== testInfo.expectedStatus) {
        const log = await server.logSince(logStart);
        if (log) await testInfo.attach('server log', { body: log, contentType: 'text/plain' });
      }
      if (isolated) await server.stop();
    },
    { timeout: 90_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  signedIn: async ({ server, account, publisher }, use) => {
    if (account === null && publisher !== null) throw new Error(`test.use({ publisher: '${publisher}' }) needs an account too`);
    await use(account === null ? null : await signInDirectly(server, account, publisher));
  },

  // Every context of the test (the `page` fixture's too) starts with the session in local storage.
  storageState: async ({ server, signedIn }, use) => {
    await use(signedIn ? storageStateOf(server, signedIn) : undefined);
  },

  api: async ({ playwright, server, account }, use) => {
    if (account === null) throw new Error("The api fixture signs in as the test's account: test.use({ account: 'multi', ... })");
    const context = await playwright.request.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'X-App': 'PC', Authorization: `Bearer ${await loginToken(server, account)}` },
    });
    await use(context);
    await context.dispose();
  },

  createZone: async ({ api, signedIn }, use, testInfo) => {
    const publisher = signedIn?.publisher;
    if (!signedIn || !publisher) throw new Error("createZone makes a zone of the test's publisher: test.use({ account: 'multi', publisher: 'Atlas News' })");
    await use((spec) => createZone(api, { userId: signedIn.userId, publisherId: publisher.id, tag: String(testInfo.workerIndex) }, spec));
  },
});

/**
 * Signs in through the login form, as a person would. For every account but 'locked' it waits until the console
 * has left /login; for 'locked' it only submits, so the test can assert the refusal.
 */
export async function signIn(page: Page, account: Account, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^e-?mail/i }).fill(ACCOUNTS[account].email);
  // Anchored: the visibility toggle is labelled "Show password".
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  if (account !== 'locked' && password === DEMO_PASSWORD) await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * The e-mails the server "sent" to this address, newest first (GET /dev/mailbox/messages), with the mailbox's key
 * the server printed at start (`server.mailboxUrl`).
 */
export async function readMailbox(request: APIRequestContext, server: RunningServer, email: string): Promise<MailboxMessage[]> {
  const key = server.mailboxUrl && new URL(server.mailboxUrl).searchParams.get('key');
  if (!key) throw new Error(`The server at ${server.url} printed no mailbox link (its mailbox is off?)`);
  const res = await request.get(`${server.url}/dev/mailbox/messages`, { params: { key, to: email } });
  expect(res.ok(), `GET /dev/mailbox/messages answered ${res.status()}`).toBe(true);
  return (await res.json()) as MailboxMessage[];
}

/**
 * Waits for an e-mail to this address matching `match` (any message by default) and returns the newest such.
 * Mail is written in the request that causes it, but the page may not have sent that request yet.
 */
export async function waitForMail(
  request: APIRequestContext,
  server: RunningServer,
  email: string,
  match: (message: MailboxMessage) => boolean = () => true,
  timeout = 10_000,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => (found = (await readMailbox(request, server, email)).find(match)), { timeout, message: `an e-mail to ${email}` })
    .toBeDefined();
  return found as MailboxMessage;
}

export interface A11yOptions {
  /**
   * A CSS selector to scan instead of the whole page, e.g. '[role="dialog"]' for a modal open over a page another
   * test scans (every-route.spec.ts): a scan of a busy page costs seconds of CPU, the most of a journey's time on a
   * loaded machine.
   */
  include?: string;
  /** CSS selectors to leave out, e.g. third-party widgets this project does not control. */
  exclude?: string[];
  /** axe rule ids to turn off, each with a reason in the calling test. */
  disableRules?: string[];
}

const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/**
 * Fails with a readable list when axe finds WCAG 2.1 A/AA violations on the page as it is now (run it after the
 * state to check is on screen: dialog open, errors shown...).
 */
export async function expectNoA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // axe cannot run inside a frame sandboxed without script (the dashboards and the payment provider's pages): left
  // in, the scan waits on it until the test times out. Those pages are scanned on their own, opened at their address.
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude(SCRIPTLESS_FRAMES);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  // Colours are checked in their final state, as the every-route test does: a button whose data arrived just before
  // the scan was measured half-way from its disabled grey to its colour (2.01:1) on the blocking tab.
  // Added by hand, not page.addStyleTag: that fails on any CSP violation meanwhile, and the ad review's sandboxed
  // previews report one whenever a hostile preview's external image is (rightly) refused (issue 28).
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  });
  const { violations } = await builder.analyze();
  const readable = violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(readable, `accessibility violations on ${page.url()}`).toEqual([]);
}
