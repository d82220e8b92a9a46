// Smoke tests of the browser-test harness itself: Chromium starts, the per-worker server answers, the pages the
// server renders on its own work under its Content-Security-Policy, the mailbox helper sees mail, and the
// console's login page loads. The console's flows live in their own spec files.
import type { ConsoleMessage, Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, readMailbox, signIn, test, waitForMail } from './fixtures';

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
  test('shows the e-mails the server would have sent', async ({ page, request }) => {
    const errors = collectErrors(page);
    const email = ACCOUNTS.solo.email;
    const before = await readMailbox(request, email);

    const res = await request.post('/auth/forget-pwd', { data: { email }, headers: { 'x-app': 'PC' } });
    expect(res.status()).toBe(200);
    const mail = await waitForMail(request, email, (m) => !before.some((b) => b.id === m.id));
    expect(mail.to).toBe(email);
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);

    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Development mailbox', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: email }).first()).toContainText(mail.subject);
    expect(errors).toEqual([]);
  });
});

test.describe('console', () => {
  test('/login shows the sign-in form, free of WCAG A/AA violations', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: /^e-?mail/i })).toBeVisible();
    await expect(page.getByLabel(/^password/i)).toBeVisible();
    await expectNoA11yViolations(page);
    expect(errors).toEqual([]);
  });
});

test.describe('signIn helper', () => {
  test('signs a demo account in through the form and leaves /login', async ({ page }) => {
    await signIn(page, 'solo');
    await expect(page).not.toHaveURL(/\/login/);
  });
});

test.describe('isolated servers', () => {
  test.use({ serverEnv: { PORTAL_MAINTENANCE: 'true' } });

  test('a test with its own environment gets its own server, which the page and request talk to', async ({ server, workerServer, request }) => {
    expect(server.url).not.toBe(workerServer.url);
    const config = await request.get('/config.json');
    expect((await config.json()).maintenance).toBe(true);
    const shared = await request.get(`${workerServer.url}/config.json`);
    expect((await shared.json()).maintenance).toBe(false);
  });
});
