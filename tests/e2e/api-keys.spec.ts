// API keys in the console (issue 29), as a journey through the real server: an admin of Atlas News creates a key
// with reports:read, copies the secret shown once, and a script (Node's fetch, outside the browser) pulls last
// week's report CSV with it; the key is revoked in the page and the script's next call is refused (401). axe on
// the page and on both steps of the dialog, and a 360 px wide phone. The refusals of the server (scopes, staff,
// addresses, expiry) are server tests; the role and product rules of the page are unit tests of canAccess.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { actionColumnsOutOfView, horizontalOverflow } from './support/pageChecks';

test.use({ account: 'multi', publisher: 'Atlas News' });

const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });
const keysTable = (page: Page) => page.getByRole('table', { name: 'Keys' });
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('an admin creates a key with reports:read, a script pulls last week’s CSV with it, and once revoked the key is refused', async ({
  page,
  context,
  baseURL,
  server,
  signedIn,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const publisherId = signedIn?.publisher?.id;
  if (publisherId === undefined) throw new Error('the test works as Atlas News');
  const name = `E2E report import ${testInfo.workerIndex}-${Date.now()}`;

  await page.goto('/account-settings/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('A key keeps working when the person who made it leaves the team, until it is revoked')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key for Atlas News' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: /^reports:read/ }).check();
  await expect(dialog.getByRole('combobox', { name: 'Expires after' })).toHaveText(/^90 days/);
  await dialog.getByRole('textbox', { name: 'Allowed addresses (optional)' }).fill('10.0.0.0/8\n127.0.0.1\n::1');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const created = page.getByRole('dialog', { name: `API key ${name} created` });
  await expect(created.getByText('you will not see it again')).toBeVisible();
  const secret = (await created.getByRole('region', { name: 'Your new API key' }).textContent()) ?? '';
  expect(secret).toMatch(/^pp_live_[A-Za-z0-9_-]{40}$/);
  await created.getByRole('button', { name: 'Copy the key' }).click();
  // (The notice region is hidden from assistive technology while the dialog is open: read the clipboard itself.)
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoA11yViolations(page);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const row = keysTable(page).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('reports:read');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('10.0.0.0/8');
  // The page never shows the secret again, only its hint.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);

  // A script, outside the browser: last week's rows by day and zone as CSV.
  const report = () =>
    fetch(`${server.url}/external/publishers/${publisherId}/reports/reporting/rows/export?fileType=CSV&from=${day(7)}&to=${day(1)}`, {
      headers: { Authorization: `Bearer ${secret}`, 'X-App': 'PC' },
    });
  const first = await report();
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toMatch(/^text\/csv/);
  const header = (await first.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0];
  expect(header).toBe('Day,Zone ID,Zone,Impressions,Clicks,CTR,Revenue,eCPM,Currency');
  // Its use is listed (time and address) once the list is read again.
  await page.reload();
  await expect(row).toContainText(/ from (127\.0\.0\.1|::1)/);

  // A phone: the keys as cards, each one's revoke button in view, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  // (Loaded at that width, as a phone would: shrinking a desktop window keeps the side menu open over the page.)
  await page.reload();
  await expect(row).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await actionColumnsOutOfView(page)).toEqual([]);
  const revoke = row.getByRole('button', { name: `Revoke the API key ${name}` });
  await revoke.scrollIntoViewIfNeeded();
  await expect(revoke).toBeInViewport();

  await revoke.click();
  const confirm = page.getByRole('alertdialog', { name: `Revoke the API key ${name}?` });
  await expect(confirm).toContainText(`${secret.slice(0, 12)}…`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(notices(page).getByText('API key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke the API key ${name}` })).toHaveCount(0);

  // The form fits the phone too.
  await page.getByRole('button', { name: 'Create key' }).click();
  const narrow = page.getByRole('dialog', { name: 'Create an API key for Atlas News' });
  await expect(narrow.getByRole('checkbox', { name: /^payments:read/ })).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await expect(narrow.locator('form > *')).toHaveCount(2);
  // Nor does anything scroll sideways inside the dialog (its content box would hide that from the page's check).
  expect(await narrow.locator('form > *').evaluateAll((parts) => parts.filter((part) => part.scrollWidth > part.clientWidth + 1).length)).toBe(0);
  await narrow.getByRole('button', { name: 'Cancel' }).click();
  await expect(narrow).toBeHidden();

  const after = await report();
  expect(after.status).toBe(401);
  expect(((await after.json()) as { code: string }).code).toBe('API_KEY_REVOKED');
});
