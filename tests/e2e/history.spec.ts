// The change history (issue 12) through the real server: multi's four changes on Atlas News listed with their
// diffs, two of them undone from the History page (and seen undone on the zone and global blocks pages), and a
// change by network staff acting for Atlas News shown to multi as network staff's. The changes themselves are made
// through the API (their screens have tests of their own); what is tested here is what the history makes of them.
// A server of its own per test: the blocks are the publisher's global ones, which every other Atlas News test sees.
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoA11yViolations, test } from './fixtures';
import { actionColumnsOutOfView, horizontalOverflow } from './support/pageChecks';
import { signInDirectly, storageStateOf } from './support/session';

test.use({ account: 'multi', publisher: 'Atlas News', isolatedServer: true });

async function ok(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return response.status() === 204 ? null : ((await response.json()) as unknown);
}

const historyTable = (page: Page) => page.getByRole('table', { name: 'Change history' });
const entryRow = (page: Page, text: string | RegExp) => historyTable(page).getByRole('row').filter({ hasText: text });

test('lists multi’s changes with their diffs and undoes the block and the rename', async ({ page, api, createZone, signedIn }) => {
  const publisherId = signedIn!.publisher!.id;
  const zone = await createZone({ products: ['inImage', 'inSlot'] });
  const renamed = `${zone.name} renamed`;
  const current = (await ok('zone', await api.get(`/external/zones/${zone.id}`))) as { enabled: boolean; typeId: number };
  await ok('rename', await api.put(`/external/zones/${zone.id}`, { data: { enabled: current.enabled, name: renamed, typeId: current.typeId } }));
  const services = (await ok('services', await api.get('/external/services'))) as { id: number; key: string; name: string }[];
  const inSlot = services.find((service) => service.key === 'inSlot')!;
  await ok('remove product', await api.delete(`/external/zones/${zone.id}/services/${inSlot.id}`));
  const found = (await ok('advertiser search', await api.get('/external/advertisers-global/search?partialName=Golden%20Ced&size=5'))) as {
    content: { id: number; name: string }[];
  };
  const advertiser = found.content[0]!;
  const domain = `history-${Date.now().toString(36)}.example`;
  const block = (type: string, value: string) =>
    api.post(`/external/publisher/${publisherId}/restrictions/bulk`, { data: [{ clusivity: 'EXCLUDE', type, restrictions: [value] }] });
  await ok('advertiser block', await block('advertiser', String(advertiser.id)));
  await ok('domain block', await block('advertiser_domain', domain));

  await page.goto('/account-settings/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  const rename = entryRow(page, `Renamed from "${zone.name}" to "${renamed}"`);
  await expect(rename).toContainText('Max Multi (you)');
  // Named as its chips name it, not by the service's own name ('InSlot Ads', issue 21).
  await expect(entryRow(page, 'Products removed: InSlot')).toBeVisible();
  const blocked = entryRow(page, `Advertisers blocked: ${advertiser.name}`);
  await expect(entryRow(page, `Advertiser domains blocked: *.${domain}`)).toBeVisible();
  await expect(entryRow(page, `Zone "${zone.name}" created`)).toBeVisible();
  await expect(historyTable(page)).toHaveAttribute('aria-busy', 'false');
  await expectNoA11yViolations(page);

  await blocked.getByRole('button', { name: /^Undo change/ }).click();
  await expect(page.getByRole('log', { name: 'Notifications' })).toContainText(/Change #\d+ undone \(Blocks, Atlas News\)/);
  await expect(entryRow(page, `Advertisers unblocked: ${advertiser.name}`)).toContainText(/Undoes change #\d+/);
  await expect(blocked).toContainText(/Undone by change #\d+/);
  await rename.getByRole('button', { name: /^Undo change/ }).click();
  await expect(entryRow(page, `Renamed from "${renamed}" to "${zone.name}"`)).toBeVisible();
  // Undone once is enough: the button is gone, and the server would refuse a second undo anyway.
  await expect(rename.getByRole('button', { name: /^Undo change/ })).toHaveCount(0);

  await page.goto(`/zones/edit/${zone.id}/overview`);
  await expect(page.getByRole('heading', { level: 1, name: zone.name })).toBeVisible();
  await page.goto(`/zones/edit/${zone.id}/history`);
  // Named as its chips name it, not by the service's own name ('InSlot Ads', issue 21).
  await expect(entryRow(page, 'Products removed: InSlot')).toBeVisible();
  await expect(entryRow(page, 'Advertisers blocked')).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.goto('/global-advertiser-blocks');
  const domains = page.getByRole('region', { name: 'Advertiser domains' });
  await expect(domains.getByRole('row', { name: `*.${domain}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertisers' }).getByRole('row', { name: new RegExp(advertiser.name) })).toHaveCount(0);
});

test('network staff acting for Atlas News see it said, and multi sees their change as network staff’s', async ({ browser, page, createZone, server }) => {
  const zone = await createZone();
  const staff = await signInDirectly(server, 'staff', 'Atlas News');
  const staffContext = await browser.newContext({ storageState: storageStateOf(server, staff), baseURL: server.url, locale: 'en-US', timezoneId: 'UTC' });
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`/zones/edit/${zone.id}/overview`);
  await expect(staffPage.getByRole('status').filter({ hasText: 'Acting for Atlas News' })).toBeVisible();
  await staffPage.getByRole('button', { name: 'Rename zone' }).click();
  const field = staffPage.getByRole('textbox', { name: 'Zone name' });
  await field.fill(`${zone.name} by staff`);
  await field.press('Enter');
  await expect(staffPage.getByRole('heading', { level: 1, name: `${zone.name} by staff` })).toBeVisible();
  await staffPage.goto('/account-settings/history');
  await expect(entryRow(staffPage, `to "${zone.name} by staff"`)).toContainText(`${ACCOUNTS.staff.name} (you)`);
  await expectNoA11yViolations(staffPage);
  await staffContext.close();

  await page.goto(`/zones/edit/${zone.id}/history`);
  const row = entryRow(page, `to "${zone.name} by staff"`);
  await expect(row).toContainText(ACCOUNTS.staff.name);
  await expect(row).toContainText('Network staff acting for the publisher');
  await expect(row).not.toContainText(ACCOUNTS.staff.email);
  await expect(page.getByRole('status').filter({ hasText: 'Acting for' })).toHaveCount(0);
});

test('keeps every row’s Undo in view at 1400 and 390 px, whatever the names, and asks before a large undo', async ({ page, api, createZone, signedIn }) => {
  const publisherId = signedIn!.publisher!.id;
  // Unbroken names of the longest length allowed: they must wrap, not widen the table past its Undo (issue 21).
  const stamp = Date.now().toString(36);
  const long = (letter: string) => `${letter}${stamp}`.padEnd(255, letter);
  const zone = await createZone({ name: long('L') });
  const current = (await ok('zone', await api.get(`/external/zones/${zone.id}`))) as { enabled: boolean; typeId: number };
  await ok('rename', await api.put(`/external/zones/${zone.id}`, { data: { enabled: current.enabled, name: long('M'), typeId: current.typeId } }));
  // Nine domains blocked in one call: more than a history row names, so its undo asks first.
  const domains = Array.from({ length: 9 }, (_, i) => `large-undo-${i}-${Date.now().toString(36)}.example`);
  await ok('domain blocks', await api.post(`/external/publisher/${publisherId}/restrictions/bulk`, { data: [{ clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: domains }] }));

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/account-settings/history');
  await expect(historyTable(page)).toHaveAttribute('aria-busy', 'false');
  expect(await actionColumnsOutOfView(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toEqual([]);
  const renamed = entryRow(page, `to "${long('M').slice(0, 20)}`);
  await expect(renamed.getByRole('button', { name: /^Undo change/ })).toBeInViewport();

  await entryRow(page, `*.${domains[0]}`).getByRole('button', { name: /^Undo change/ }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Undo change #\d+\?$/ });
  await expect(confirm).toContainText('This undo changes 9 items');
  await expect(confirm).toContainText(`*.${domains[8]}`);
  await expect(confirm).toContainText('Publisher: Atlas News');
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // A phone: every entry a card, its Undo on screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(historyTable(page)).toHaveAttribute('aria-busy', 'false');
  await expect(historyTable(page).getByRole('columnheader', { name: 'Who' })).not.toBeInViewport();
  expect(await actionColumnsOutOfView(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toEqual([]);
  const rename = renamed.getByRole('button', { name: /^Undo change/ });
  await rename.scrollIntoViewIfNeeded();
  await expect(rename).toBeInViewport();
});
