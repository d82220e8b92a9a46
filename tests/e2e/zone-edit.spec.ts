// The zone edit screen in Chromium against the real server (spec sections 2, 4, 5, 8, 9), as multi@publisher.example
// working as Atlas News: rename, products, blocked URLs, slot requests, copy and CSV export, the slot request
// modal, accessibility; and the legacy Premium Classic, for which the screen renders nothing.
// Every test changes zone 1001 ("Atlas Homepage", 3 slots, 3 blocked URLs) or reads it as seeded, so each runs on
// a server of its own.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { workAs } from './support/session';

test.use({ isolatedServer: true });

/** Atlas News' first web zone (server/src/db/seed/demoIds.ts DEMO.zones.atlas). */
const ZONE = 1001;
/** Premium Classic's first zone (legacy just-premium). */
const PREMIUM_ZONE = 3001;

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });

async function openZone(page: Page, request: Parameters<typeof workAs>[1], tab = 'overview') {
  await workAs(page, request, 'multi', 'Atlas News');
  await page.goto(`/zones/edit/${ZONE}/${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Atlas Homepage' })).toBeVisible();
}

test('opens a zone at its address on the overview: name, id, type, tabs, products, embed codes', async ({ page, request }) => {
  await workAs(page, request, 'multi', 'Atlas News');
  await page.goto(`/zones/edit/${ZONE}`);
  await expect(page).toHaveURL(new RegExp(`/zones/edit/${ZONE}/overview$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Atlas Homepage' })).toBeVisible();
  await expect(page.getByText(`Zone ID ${ZONE}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(section(page, 'Enabled products').getByRole('listitem')).toHaveText(['InImage', 'InSlot', 'In-Content']);
  await expect(section(page, 'Embed codes').getByRole('heading', { level: 3 })).toHaveCount(6);
  await expectNoA11yViolations(page);
});

test('renames the zone, and the zones list shows the new name', async ({ page, request }) => {
  await openZone(page, request);
  await page.getByRole('button', { name: 'Rename zone' }).click();
  const field = page.getByRole('textbox', { name: 'Zone name' });
  // A leading digit sorts it onto the list's first page (sorted by name).
  await field.fill('0 Atlas Front Page');
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '0 Atlas Front Page' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '0 Atlas Front Page' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to zones' }).click();
  await expect(page).toHaveURL(/\/zones$/);
  await expect(page.getByRole('link', { name: '0 Atlas Front Page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atlas Homepage', exact: true })).toHaveCount(0);
});

test('changes the enabled products', async ({ page, request }) => {
  await openZone(page, request);
  const products = section(page, 'Enabled products');
  await products.getByRole('button', { name: 'Edit enabled products' }).click();
  await products.getByRole('checkbox', { name: 'InImage' }).uncheck();
  await products.getByRole('checkbox', { name: 'InScreen' }).check();
  await products.getByRole('button', { name: 'Save' }).click();
  await expect(notices(page).getByText('Updated enabled products')).toBeVisible();
  await expect(products.getByRole('listitem')).toHaveText(['InScreen', 'InSlot', 'In-Content']);
  await page.reload();
  await expect(section(page, 'Enabled products').getByRole('listitem')).toHaveText(['InScreen', 'InSlot', 'In-Content']);
});

test('adds and removes a blocked URL', async ({ page, request }) => {
  await openZone(page, request);
  const blocked = section(page, 'Blocked URLs');
  await blocked.getByRole('button', { name: 'Add blocked URLs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block URLs' });
  await dialog.getByRole('radio', { name: 'Image URL' }).check();
  await dialog.getByRole('textbox', { name: /URLs to block/ }).fill('https://tracker.example.net/pixel.gif\nhttp://192.168.1.10/ad');
  await expect(dialog.getByRole('list', { name: 'Check of each line' }).getByRole('listitem')).toHaveText([
    'Line 1: https://tracker.example.net/pixel.gif — Will be blocked',
    'Line 2: http://192.168.1.10/ad — The URL must point to a public host',
  ]);
  await dialog.getByRole('button', { name: 'Block 1 URL' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 URL blocked. 1 line was skipped:');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const row = blocked.getByRole('row', { name: /tracker\.example\.net/ });
  await expect(row).toContainText('Image URL');
  await page.reload();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Remove block on https://tracker.example.net/pixel.gif' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Proceed with caution' });
  await confirm.getByRole('button', { name: 'Remove block' }).click();
  await expect(notices(page).getByText('Removed URL block(s)')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(section(page, 'Blocked URLs').getByRole('row')).toHaveCount(4);
  await expect(section(page, 'Blocked URLs').getByText('tracker.example.net')).toHaveCount(0);
});

test('requests two slots and sees them listed', async ({ page, request }) => {
  await openZone(page, request, 'slots');
  await expect(page.getByRole('heading', { level: 2, name: 'All Slots (3)' })).toBeVisible();
  await page.getByRole('link', { name: 'Request slots' }).click();
  await expect(page).toHaveURL(new RegExp(`/zones/edit/${ZONE}/slots/create$`));
  const dialog = page.getByRole('dialog', { name: 'Request slots for Atlas Homepage' });
  await dialog.getByRole('button', { name: 'Add 1 slot' }).click();
  const second = dialog.getByRole('group', { name: 'Slot 2' });
  await second.getByRole('combobox', { name: 'Size' }).selectOption({ label: '728*90' });
  await second.getByRole('textbox', { name: 'Name' }).fill('Leaderboard top');
  await dialog.getByRole('button', { name: 'Request 2 slots' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/zones/edit/${ZONE}/slots$`));
  await expect(notices(page).getByText('Created zone slots')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'All Slots (5)' })).toBeVisible();
  // The unnamed 300x250 row continues after the existing 300x250 and 300x250-1.
  await expect(page.getByRole('cell', { name: '300x250-2', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Leaderboard top', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'All Slots (5)' })).toBeVisible();
});

test('copies a slot code to the clipboard', async ({ page, request, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openZone(page, request, 'slots');
  // Slot "728x90" is a slot-id slot (implementation type 2): its code is its id.
  const row = page.getByRole('row', { name: /728x90/ });
  const id = (await row.getByRole('cell').first().textContent())?.trim();
  expect(id).toMatch(/^\d+$/);
  await row.getByRole('button', { name: 'Copy code of slot 728x90' }).click();
  await expect(notices(page).getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  // The JavaScript tag of "300x250" (implementation type 1) carries id, width and height.
  await page.getByRole('button', { name: 'Copy code of slot 300x250', exact: true }).click();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toMatch(/^<script async src="[^"]+"><\/script>\n<div data-slot-id="\d+" data-width="300" data-height="250"><\/div>$/);
});

test('downloads the slots’ embed codes as a timestamped CSV', async ({ page, request }) => {
  await openZone(page, request, 'slots');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  // The server's name, timestamped (spec section 9), not one the console made up.
  expect(download.suggestedFilename()).toMatch(new RegExp(`^zone-${ZONE}-slot-embed-codes-\\d{8}-\\d{6}\\.csv$`));
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toBe('Slot ID,Name,Size,Implementation type,Code');
  for (const name of [',300x250,', ',728x90,', ',300x250-1,']) expect(csv).toContain(name);
});

test('the slot request modal closes on Escape and gives focus back to its button', async ({ page, request }) => {
  await openZone(page, request, 'slots');
  const requestButton = page.getByRole('link', { name: 'Request slots' });
  await requestButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request slots for Atlas Homepage' });
  await expect(dialog.getByRole('group', { name: 'Slot 1' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/zones/edit/${ZONE}/slots$`));
  await expect(requestButton).toBeFocused();
});

test('the overview and slots tabs are free of WCAG A/AA violations, also with the add-URL dialog open', async ({ page, request }) => {
  await openZone(page, request);
  await expect(section(page, 'Blocked URLs').getByRole('row')).toHaveCount(4);
  await expectNoA11yViolations(page);
  await section(page, 'Blocked URLs').getByRole('button', { name: 'Add blocked URLs' }).click();
  await page.getByRole('textbox', { name: /URLs to block/ }).fill('not a url\nhttps://www.atlasnews.com/sponsored/');
  await expect(page.getByRole('list', { name: 'Check of each line' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Slots' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'All Slots (3)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Copy code of slot/ })).toHaveCount(3);
  await expectNoA11yViolations(page);
});

test('a zone of a publisher the user may not act for shows the not-found state', async ({ page, request }) => {
  await workAs(page, request, 'multi', 'Atlas News');
  // Solo Media's homepage: not one of multi's publishers (the server answers 404, as for a missing zone).
  await page.goto('/zones/edit/101/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Zone not found' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});

test("a zone of another of the user's publishers offers to work as that publisher", async ({ page, request }) => {
  await workAs(page, request, 'multi', 'Atlas News');
  // Sakura Press' first zone: multi may open it, but works as Atlas News.
  await page.goto('/zones/edit/2001/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Zone of another publisher' })).toBeVisible();
  await expect(page.getByText('Zone 2001 belongs to Sakura Press, not to Atlas News, the publisher you are working as.')).toBeVisible();
  await page.getByRole('button', { name: 'Work as Sakura Press' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'トップページ ヘッダー' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Change publisher \(Current publisher: Sakura Press\)/ })).toBeVisible();
});

test('as the legacy Premium Classic, a zone address renders nothing of the zone', async ({ page, request }) => {
  await workAs(page, request, 'multi', 'Premium Classic');
  const zoneCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/external/zones')) zoneCalls.push(sent.url());
  });
  await page.goto(`/zones/edit/${PREMIUM_ZONE}/overview`);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByText(`Zone ID ${PREMIUM_ZONE}`)).toHaveCount(0);
  expect(zoneCalls).toEqual([]);
});
