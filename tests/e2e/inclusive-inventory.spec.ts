// The inclusive inventory program in Chromium against the real server (spec sections 2 'Zone domain
// identifiers', 4 'Inclusive inventory'), as multi@publisher.example working as Atlas News, on two zone domains of
// a zone made for the test (named to sort first, so they are on page 1). Paging, failures and the rules of Save are
// component tests.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

test.use({ account: 'multi', publisher: 'Atlas News' });

const row = (page: Page, domain: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: domain, exact: true }) });
const select = (page: Page, domain: string) => page.getByRole('combobox', { name: `Self identifiers of ${domain}` });

async function choose(page: Page, domain: string, ...names: string[]) {
  await select(page, domain).click();
  const listbox = page.getByRole('listbox');
  for (const name of names) await listbox.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
}

test('edits the self identifiers of two domains: one cancel, one save, kept after a reload', async ({ page, createZone }) => {
  const unique = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const [a, b] = [`*.0-${unique}-a.example.com`, `*.0-${unique}-b.example.com`];
  await createZone({ domains: [a.slice(2), b.slice(2)] });

  await page.goto('/account-settings/inclusive-inventory-program');
  await expect(page.getByRole('heading', { level: 1, name: 'Inclusive inventory program' })).toBeVisible();
  await expect(row(page, a).getByRole('cell').nth(2)).toHaveText('None');
  await expect(row(page, b).getByRole('cell').nth(2)).toHaveText('None');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Edit' }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await choose(page, a, 'UID 2.0');
  await expect(save).toBeEnabled();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, a).getByRole('cell').nth(2)).toHaveText('None');

  await page.getByRole('button', { name: 'Edit' }).click();
  await choose(page, a, 'UID 2.0', 'ID5');
  await choose(page, b, 'Publisher first-party ID');
  await save.click();
  await expect(page.getByRole('log', { name: 'Notifications' }).getByText('Self identifiers saved')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Self identifiers of/ })).toHaveCount(0);
  await expect(row(page, a).getByRole('cell').nth(2)).toHaveText('UID 2.0, ID5');
  await expect(row(page, b).getByRole('cell').nth(2)).toHaveText('Publisher first-party ID');

  await page.reload();
  await expect(row(page, a).getByRole('cell').nth(2)).toHaveText('UID 2.0, ID5');
  await expect(row(page, b).getByRole('cell').nth(2)).toHaveText('Publisher first-party ID');
});
