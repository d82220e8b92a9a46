// Payments and billing (spec section 2 'Payments', 'Account settings / Billing'): outside production the notices and
// the important info; the previous payments' ledger paged and sorted by the server with its state in the address,
// a payment opened to the earnings it pays, and its CSV; in production the payment provider's frames and the switch
// button. Edge cases (loading, failures, business units) are component tests in tests/component/custom-pages/payments.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

const ledger = (page: Page) => page.getByRole('table', { name: 'Payment ledger' });
const ledgerRows = (page: Page) => ledger(page).getByRole('row').filter({ has: page.getByRole('cell') });
const settled = (page: Page) => expect(ledger(page)).toHaveAttribute('aria-busy', 'false');
// The first cell each row of the ledger shows (DataTable's hidden expand cell comes before it in the DOM), read in one
// go: row by row, an opened payment's earnings table (rows of its own) could be replaced by the next page between
// counting the rows and reading them. A date that does not parse is NaN, which the tests refuse before comparing.
const shownDays = async (page: Page) =>
  (
    await ledger(page)
      .locator(':scope > tbody > tr:not(.RaDataTable-expandRow)')
      .evaluateAll((rows) => rows.map((row) => [...(row as HTMLTableRowElement).cells].find((cell) => getComputedStyle(cell).display !== 'none')?.textContent ?? ''))
  ).map((text) => Date.parse(text));
const NOT_AVAILABLE = 'Payments are not available in this environment.';

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('outside production, as multi working as Atlas News', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('payments and billing show the notice, no frame and no switch button; the important info stays', async ({ page }) => {
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Important information' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Previous payments', exact: true })).toHaveCount(0);
    // No switch button outside production, but the ledger is reachable by a plain link (issue 21, defect 14).
    await expect(page.getByRole('link', { name: 'See your previous payments and the next one' })).toHaveAttribute('href', '/payments/previous');
    await expectNoA11yViolations(page);

    await page.goto('/account-settings/billing');
    await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('the ledger pages and sorts through the server, keeps both in the address, opens a payment’s earnings and downloads its CSV', async ({ page, api, signedIn }) => {
    const publisherId = signedIn!.publisher!.id;
    const answer = await api.get(`/external/publishers/${publisherId}/payment-ledger`, { params: { page: 0, size: 1 } });
    expect(answer.ok()).toBe(true);
    const total = ((await answer.json()) as { totalElements: number }).totalElements;
    expect(total).toBeGreaterThan(20);

    await page.goto('/payments/previous');
    await expect(page.getByRole('heading', { level: 1, name: 'Previous payments' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next payment' })).toBeVisible();
    await expect(page.getByText('Earned, not yet paid')).toBeVisible();
    await settled(page);
    await expect(ledgerRows(page)).toHaveCount(20);
    await expect(page.getByText(`${total} Result(s)`)).toBeVisible();
    const dateHeader = ledger(page).getByRole('columnheader', { name: 'Date' });
    await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    const newest = await shownDays(page);
    expect(newest.filter(Number.isNaN)).toEqual([]);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    // The newest payment opens to the months it pays, per zone from the report rows.
    const earnings = ledger(page).getByRole('button', { name: /^Earnings by zone: Payment/ }).first();
    await earnings.click();
    await expect(earnings).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('table', { name: /^Revenue by zone, / }).first().getByRole('row').nth(1)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('navigation', { name: 'Payment ledger pages' }).getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/\/payments\/previous\?page=2&size=20&sortBy=date&direction=DESC$/);
    // The address changes before the table re-renders: wait for the second page's rows, not only for aria-busy.
    await expect.poll(async () => (await shownDays(page))[0]).toBeLessThanOrEqual(newest.at(-1)!);
    await settled(page);

    await dateHeader.getByRole('button').click();
    await expect(page).toHaveURL(/\/payments\/previous\?page=1&size=20&sortBy=date&direction=ASC$/);
    await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    const oldest = await shownDays(page);
    expect(oldest.filter(Number.isNaN)).toEqual([]);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(oldest[0]).toBeLessThan(newest[0]!);

    // A bookmarked address opens where it was.
    await page.reload();
    await settled(page);
    await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payment-ledger-.*\d{8}-\d{6}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Description,Amount,Currency');
    expect(lines).toHaveLength(total + 1);
  });

  test('previous payments fits 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/payments/previous');
    await settled(page);
    await expect(ledgerRows(page).first()).toBeVisible();
    await noHorizontalOverflow(page);
    await page.goto('/payments');
    await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
    await noHorizontalOverflow(page);
  });
});

test.describe('in production, as multi working as Atlas News', () => {
  // The environment reaches the console through the server's configuration (/config.json, PORTAL_FORCE_ENVIRONMENT),
  // which the workers' shared servers do not set: this one test runs on a server of its own.
  test.use({ account: 'multi', publisher: 'Atlas News', serverEnv: { PORTAL_FORCE_ENVIRONMENT: 'production' } });

  test('payments and billing show the payment provider’s page; the switch button leads between the payments pages', async ({ page }) => {
    await page.goto('/payments');
    const provider = page.frameLocator('iframe[title="Payment provider"]');
    await expect(provider.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByText('Loading reporting')).toHaveCount(0);
    await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Previous payments' }).click();
    await expect(page).toHaveURL(/\/payments\/previous/);
    await settled(page);
    await page.getByRole('link', { name: 'Payment provider' }).click();
    await expect(page).toHaveURL(/\/payments$/);

    await page.goto('/account-settings/billing');
    const billing = page.locator('iframe[title="Billing at the payment provider"]');
    await expect(page.frameLocator('iframe[title="Billing at the payment provider"]').getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expectNoA11yViolations(page);

    // The provider's page itself, opened on its own (the frame runs no script, so axe cannot run inside it).
    await page.goto((await billing.getAttribute('src')) ?? '');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
