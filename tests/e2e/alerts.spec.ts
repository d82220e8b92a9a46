// Revenue alerts (issue 23) through the real server on the seeded data: multi at Atlas News finds the demo's alert
// from the header, reads its explanation (the block of the top-earning advertiser a few days before, with what it
// put at stake), undoes the block from the alert and sees it gone from the global blocks page, marks the alert
// read; and turns the weekly summary on, which arrives in the mailbox with its CSV. The block and the alert are the
// seed's for this test alone (DEMO.restrictions.atlasAlertBlock), so the worker's server serves it.
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, test, waitForMail } from './fixtures';

test.use({ account: 'multi', publisher: 'Atlas News' });

const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });
const alertsControl = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Alerts: / });

test('multi reads the demo alert, undoes the block that explains it, and marks it read', async ({ page }) => {
  await page.goto('/home/reporting');
  await expect(alertsControl(page)).toHaveAccessibleName(/^Alerts: \d+ unread$/);
  const unreadBefore = Number(/(\d+) unread/.exec((await alertsControl(page).getAttribute('aria-label')) ?? '')?.[1]);
  await alertsControl(page).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Alerts' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: /^Revenue down \d+\.\d%$/ }) });
  await expect(row).toContainText('Whole publisher');
  await expect(row).toContainText('New blocks · Max Multi');
  await expect(row).toContainText('Advertisers blocked: Green Pine Motors');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expectNoA11yViolations(page);

  await row.getByRole('link', { name: /^Explain: Revenue down/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Revenue down \d+\.\d% since / })).toBeVisible();
  const causes = page.getByRole('list', { name: 'Changes before the drop' }).getByRole('listitem');
  const block = causes.first();
  await expect(block).toContainText('Advertisers blocked: Green Pine Motors');
  await expect(block).toContainText(/\$[\d,]+\.\d\d at stake over 30 days \(\d+\.\d% of the revenue\)/);
  await expect(block).toContainText('Max Multi (you)');
  // The changes with nothing at stake come after it: network staff's IAB block among them, marked as staff's.
  await expect(causes.filter({ hasText: 'Nothing at stake' }).filter({ hasText: 'Network staff' })).toHaveCount(1);
  await expectNoA11yViolations(page);

  await block.getByRole('button', { name: /^Undo change #\d+$/ }).click();
  // Asked first, naming what the change put at stake (issue 30).
  const confirm = page.getByRole('alertdialog', { name: /^Undo change #\d+\?$/ });
  await expect(confirm).toContainText(/The revenue alert links this change to \$[\d,]+\.\d\d at stake over 30 days/);
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Undo' }).click();
  await expect(notices(page).getByText(/^Change #\d+ undone \(Blocks, Atlas News\)$/)).toBeVisible();
  await expect(block).toContainText(/Undone by change #\d+/);
  await expect(block.getByRole('button', { name: /^Undo change/ })).toHaveCount(0);

  // Opening the alert marked it read (issue 30).
  await expect(page.getByRole('button', { name: /^Mark unread: Revenue down/ })).toBeVisible();
  await expect(alertsControl(page)).toHaveAccessibleName(unreadBefore > 1 ? `Alerts: ${unreadBefore - 1} unread` : 'Alerts: none unread');

  await page.getByRole('link', { name: 'Global advertiser blocks' }).click();
  const advertisers = page.getByRole('region', { name: 'Advertisers' });
  await expect(advertisers.getByRole('row').first()).toBeVisible();
  await expect(advertisers.getByRole('row', { name: /Green Pine Motors/ })).toHaveCount(0);
});

test('the alert filters are a row of normal-width inputs at 1400 px that wraps at 390 px (issue 30, item 12)', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/alerts');
  const filters = page.getByRole('search', { name: 'Filter alerts' });
  const scope = filters.getByRole('combobox', { name: 'Scope' });
  const state = filters.getByRole('combobox', { name: 'State' });
  await expect(state).toHaveText('Not dismissed');
  // The default scope says what it is, not an empty box under its label.
  await expect(scope).toHaveText('Publisher and zones');
  // Side by side, each about as wide as its longest option, not a slab across the page.
  const [scopeBox, stateBox] = [await scope.boundingBox(), await state.boundingBox()];
  expect(scopeBox!.width).toBeLessThan(320);
  expect(stateBox!.width).toBeLessThan(320);
  expect(Math.abs(scopeBox!.y - stateBox!.y)).toBeLessThan(2);
  expect(stateBox!.x).toBeGreaterThan(scopeBox!.x + scopeBox!.width);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Alerts' })).toHaveAttribute('aria-busy', 'false');
  for (const filter of [scope, state]) {
    const box = await filter.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
});

test('multi turns the weekly summary on and receives it with its CSV', async ({ page, request, server }) => {
  await page.goto('/account-settings/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: 'By e-mail, with the CSV attached' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notices(page).getByText('Notification settings saved')).toBeVisible();
  await expect(page.getByText(/^Last summary sent: the week of /)).toBeVisible();

  const mail = await waitForMail(request, server, ACCOUNTS.multi.email, (message) => message.subject.startsWith('Weekly summary of Atlas News'));
  expect(mail.text).toContain('The figures per zone are attached (CSV).');
  expect(mail.text).toMatch(/Stop the weekly summary: http:\/\/\S+\/unsubscribe\?token=/);
  const [csv] = mail.attachments;
  expect(csv?.filename).toMatch(/^weekly-summary-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv?.content).toContain('Zone ID,Zone,Revenue,Revenue (week before)');
  expect(csv?.content).toContain(',All zones,');
});
