// Smoke tests of the browser-test harness itself: Chromium starts, the per-worker server answers, the pages the
// server renders on its own work under its Content-Security-Policy, the mailbox helper sees mail, the console's
// login page loads, and a test with its own server environment gets it (shown by the console's maintenance
// notice, which only such a server can switch on). The console's flows live in their own spec files.
import type { ConsoleMessage, Page } from '@playwright/test';
import { ACCOUNTS, expect, readMailbox, test, waitForMail } from './fixtures';

/** Console errors and uncaught exceptions: CSP refusals show up here, and nowhere else. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('API documentation at /api-docs', () => {
  test('renders the contract in Swagger UI with no script or style refused by the CSP', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/api-docs');
    await expect(page.getByRole('heading', { name: /Publisher portal API/ })).toBeVisible();
    // An operation from the contract is listed, so the document itself loaded, not only the page around it.
    await expect(page.getByText('/auth/login', { exact: true }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('development mailbox at /dev/mailbox', () => {
  test('shows the e-mails the server would have sent at the link it printed, and nothing without its key', async ({ page, request, server }) => {
    const errors = collectErrors(page);
    const email = ACCOUNTS.solo.email;
    const before = await readMailbox(request, server, email);

    const res = await request.post('/auth/forget-pwd', { data: { email }, headers: { 'x-app': 'PC' } });
    expect(res.status()).toBe(200);
    const mail = await waitForMail(request, server, email, (m) => !before.some((b) => b.id === m.id));
    expect(mail.to).toBe(email);
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);

    // The link as the server printed it on its console, as a developer opens it.
    expect(server.mailboxUrl).toMatch(new RegExp(`^${server.url}/dev/mailbox\\?key=[A-Za-z0-9_-]{32}$`));
    await page.goto(server.mailboxUrl!);
    await expect(page.getByRole('heading', { name: 'Development mailbox', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: email }).first()).toContainText(mail.subject);
    expect(errors).toEqual([]);

    for (const path of ['/dev/mailbox', '/dev/mailbox?key=guess', `/dev/mailbox/messages?to=${encodeURIComponent(email)}`]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});

test.describe('console', () => {
  // Its accessibility is checked with the sign-in form's states in auth.spec.ts.
  test('/login loads with no script or style refused by the CSP', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: /^e-?mail/i })).toBeVisible();
    await expect(page.getByLabel(/^password/i)).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('a server of its own', () => {
  test.use({ serverEnv: { PORTAL_MAINTENANCE: 'true' }, account: 'solo', publisher: 'Solo Media' });

  test('with its own environment: the page, request and session use it, and the console shows its maintenance notice', async ({ server, workerServer, page, request }) => {
    expect(server.url).not.toBe(workerServer.url);
    const config = await request.get('/config.json');
    expect((await config.json()).maintenance).toBe(true);
    const shared = await request.get(`${workerServer.url}/config.json`);
    expect((await shared.json()).maintenance).toBe(false);

    await page.goto('/home/reporting');
    const notice = page.getByRole('dialog', { name: 'Under Maintenance' });
    await expect(notice).toContainText('The portal is under maintenance.');
    await notice.getByRole('button', { name: 'Understood' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
  });
});
