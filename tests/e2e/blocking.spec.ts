// Blocking in Chromium against the real server (spec sections 2 'Blocking' and 'Zones', 4, 5, 6, 8; issue 9's
// review step, import and export). The global page changes Atlas News' own blocks, which no test can make fresh,
// so its two journeys run on servers of their own; the zone journeys use zones made for the test on the shared
// server. Edge cases (dialog rules, the clusivity message, rollbacks) are component tests in
// tests/component/resources/restrictions.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { addBlocks } from './support/blocking';

const section = (page: Page, name: string) => page.getByRole('region', { name });
const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });
const treeItem = (page: Page, name: RegExp) => page.getByRole('treeitem', { name });
const check = (page: Page, name: RegExp) => treeItem(page, name).getByRole('checkbox', { includeHidden: true }).first().click();

test.describe('the global advertiser blocks of Atlas News', () => {
  test.use({ account: 'multi', publisher: 'Atlas News', isolatedServer: true });

  test('blocks the common IAB parents and a sub-category after the review, edits a parent, then removes it all', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/global-advertiser-blocks');
    await expect(page.getByRole('heading', { level: 1, name: 'Global advertiser blocks' })).toBeVisible();
    const iab = section(page, 'IAB categories');
    await expect(iab.getByRole('row', { name: /Non-Standard Content \(IAB25\)/ })).toBeVisible();
    await expectNoA11yViolations(page);

    await iab.getByRole('link', { name: 'Block IAB categories' }).click();
    await expect(page).toHaveURL(/\/global-advertiser-blocks\/iab\/create$/);
    const dialog = page.getByRole('dialog', { name: 'Block IAB categories' });
    await expect(dialog.getByText('Adding categories')).toBeVisible();
    // IAB25 is blocked already: shown checked, without a checkbox of its own.
    await expect(treeItem(page, /^Non-Standard Content \(IAB25\) · already blocked/)).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: 'Select common' }).click();
    for (const id of ['IAB7', 'IAB14', 'IAB23', 'IAB26', 'IAB30']) await expect(treeItem(page, new RegExp(`\\(${id}\\)`)).first()).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('searchbox', { name: 'Search categories by name or id' }).fill('IAB8-5');
    await check(page, /^Cocktails\/Beer \(IAB8-5\)/);
    await expect(treeItem(page, /^Cocktails\/Beer \(IAB8-5\)/)).toHaveAttribute('aria-checked', 'true');
    await expectNoA11yViolations(page);

    await dialog.getByRole('button', { name: 'Review' }).click();
    const review = dialog.getByRole('table', { name: 'Revenue at stake' });
    await expect(review.getByRole('row')).toHaveCount(8);
    // Parents first, then the sub-category; the sum shows what the selection earned (Atlas reports on IAB7 and IAB14 advertisers).
    await expect(review.getByRole('row').nth(1)).toContainText('Health & Fitness (IAB7)');
    await expect(review.getByRole('row').nth(6)).toContainText('Cocktails/Beer (IAB8-5)');
    await expect(review.getByRole('row', { name: /All together/ })).toContainText(/\$[1-9][\d,]*\.\d\d/);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Block 6 categories' }).click();
    await expect(notices(page).getByText('6 blocks created for Atlas News')).toBeVisible();
    await expect(page).toHaveURL(/\/global-advertiser-blocks$/);
    await expect(iab.getByRole('row', { name: /Health & Fitness \(IAB7\)/ })).toBeVisible();
    await expect(iab.getByRole('row', { name: /Cocktails\/Beer \(IAB8-5\)/ })).toBeVisible();

    // Edit IAB7: unselecting one child replaces the parent by its other children.
    await iab.getByRole('row', { name: /Health & Fitness \(IAB7\)/ }).getByRole('link', { name: 'Edit IAB7' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' });
    await expect(edit.getByText('Updating categories')).toBeVisible();
    // Once the tree is drawn, Save waits for a change (not merely for the tree).
    await expect(treeItem(page, /^Health & Fitness \(IAB7\)/).first()).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByRole('searchbox', { name: 'Search categories by name or id' }).fill('IAB7-1');
    await check(page, /^Exercise \(IAB7-1\)/);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('To be unblocked: 1 item')).toBeVisible();
    await expectNoA11yViolations(page);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(iab.getByRole('row', { name: /Health & Fitness \(IAB7\)/ })).toHaveCount(0);
    await iab.getByRole('searchbox', { name: 'Filter IAB categories' }).fill('IAB7-2');
    await expect(iab.getByRole('row', { name: /A\.D\.D\. \(IAB7-2\)/ })).toBeVisible();

    // Remove All of IAB7, after the confirmation.
    await iab.getByRole('row', { name: /\(IAB7-2\)/ }).getByRole('link', { name: 'Edit IAB7' }).click();
    await page.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' }).getByRole('button', { name: 'Remove All' }).click();
    const removeAll = page.getByRole('alertdialog', { name: 'Proceed with caution' });
    await expect(removeAll).toBeVisible();
    await expectNoA11yViolations(page);
    await removeAll.getByRole('button', { name: 'Remove All' }).click();
    await expect(notices(page).getByText('Removed block(s)')).toBeVisible();
    await iab.getByRole('searchbox', { name: 'Filter IAB categories' }).fill('IAB7');
    await expect(iab.getByText('No blocks match “IAB7”')).toBeVisible();
  });

  test('blocks an advertiser found by search and domains from a pasted list, then deletes a block after the confirmation', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/global-advertiser-blocks/block-advertisers/create');
    const dialog = page.getByRole('dialog', { name: 'Block advertisers' });
    await expect(dialog.getByRole('button', { name: 'Review' })).toBeDisabled();
    // 1033 'Golden Cedar Airways' earns Atlas News revenue (server/src/db/seed/reports.ts).
    await dialog.getByRole('searchbox', { name: 'Search advertisers' }).fill('Golden Ced');
    await dialog.getByRole('checkbox', { name: /^Golden Cedar Airways/ }).check();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByRole('row', { name: /Golden Cedar Airways/ })).toContainText(/\$[1-9]/);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Block 1 advertiser' }).click();
    // Opened directly, the dialog closes to the page.
    await expect(page).toHaveURL(/\/global-advertiser-blocks$/);
    const advertisers = section(page, 'Advertisers');
    await expect(advertisers.getByRole('row', { name: /Golden Cedar Airways/ })).toBeVisible();

    const domains = section(page, 'Advertiser domains');
    await domains.getByRole('link', { name: 'Block advertiser domains' }).click();
    const add = page.getByRole('dialog', { name: 'Block advertiser domains' });
    const field = add.getByRole('textbox', { name: 'Domains' });
    await field.fill('good-block.example, bad..entry\n*.also-good.example\ngood-block.example');
    await add.getByRole('button', { name: 'Review' }).click();
    const invalid = page.getByRole('dialog', { name: 'Invalid domains' });
    await expect(invalid).toContainText("There are invalid domain entries: a domain should look like 'test.com' or '*.test.com'.");
    await expect(invalid.getByRole('listitem')).toHaveText(['bad..entry']);
    await expectNoA11yViolations(page);
    await invalid.getByRole('button', { name: 'Ok' }).click();
    await field.fill('good-block.example, *.also-good.example\ngood-block.example');
    await add.getByRole('button', { name: 'Review' }).click();
    await expect(add.getByRole('table', { name: 'Revenue at stake' }).getByRole('row')).toHaveCount(4);
    await expectNoA11yViolations(page);
    await add.getByRole('button', { name: 'Block 2 domains' }).click();
    await expect(domains.getByRole('row', { name: '*.good-block.example' })).toBeVisible();
    await expect(domains.getByRole('row', { name: '*.also-good.example' })).toBeVisible();

    await advertisers.getByRole('checkbox', { name: 'Select Golden Cedar Airways' }).check();
    await advertisers.getByRole('button', { name: 'Delete 1 selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Proceed with caution' });
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(notices(page).getByText('Removed block(s)')).toBeVisible();
    await expect(advertisers.getByRole('row', { name: /Golden Cedar Airways/ })).toHaveCount(0);
  });
});

test.describe('a zone of Atlas News', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('shows the publisher’s blocks as Global, hides them on request (kept in the address), and blocks a domain on the zone', async ({ page, createZone, api }) => {
    const zone = await createZone();
    await addBlocks(api, { entity: 'zone', id: zone.id }, { advertiser_domain: ['zone-only.example'] });
    await page.goto(`/zones/edit/${zone.id}/blocking`);
    const domains = section(page, 'Advertiser domains');
    await expect(domains.getByRole('row', { name: '*.zone-only.example' })).toBeVisible();
    // A seeded publisher-level block of Atlas News: Global, without a checkbox.
    const global = domains.getByRole('row', { name: /\*\.greenanchortravel\.jp/ });
    await expect(global).toContainText('Global');
    await expect(global.getByRole('checkbox')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('switch', { name: 'Hide Global Blocks' }).click();
    await expect(page.getByRole('switch', { name: 'Hide Global Blocks' })).toBeChecked();
    await expect(page).toHaveURL(/\/blocking\?hideGlobal=true$/);
    await expect(global).toHaveCount(0);
    await domains.getByRole('link', { name: 'Block advertiser domains' }).click();
    await expect(page).toHaveURL(new RegExp(`/zones/edit/${zone.id}/blocking/block-advertiser-domains/create\\?hideGlobal=true$`));
    const add = page.getByRole('dialog', { name: 'Block advertiser domains' });
    await add.getByRole('textbox', { name: 'Domains' }).fill('tab.example');
    await add.getByRole('button', { name: 'Review' }).click();
    await expect(add.getByText(/will be blocked on this zone/)).toBeVisible();
    await add.getByRole('button', { name: 'Block 1 domain' }).click();
    await expect(page).toHaveURL(/\/blocking\?hideGlobal=true$/);
    await expect(domains.getByRole('row', { name: '*.tab.example' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide Global Blocks' })).toBeChecked();
    await expect(domains.getByRole('row', { name: /Global/ })).toHaveCount(0);
  });

  test('blocks IAB categories with Select common and a sub-category, edits a parent and removes it all, blocks an advertiser and deletes it, on the zone', async ({ page, createZone }) => {
    test.setTimeout(60_000);
    const zone = await createZone();
    await page.goto(`/zones/edit/${zone.id}/blocking`);
    const iab = section(page, 'IAB categories');
    // Atlas News blocks IAB25 for the whole publisher: Global on the zone, and already blocked in the picker.
    await expect(iab.getByRole('row', { name: /Non-Standard Content \(IAB25\)/ })).toContainText('Global');
    await iab.getByRole('link', { name: 'Block IAB categories' }).click();
    await expect(page).toHaveURL(new RegExp(`/zones/edit/${zone.id}/blocking/iab/create$`));
    const dialog = page.getByRole('dialog', { name: 'Block IAB categories' });
    await expect(treeItem(page, /^Non-Standard Content \(IAB25\) · already blocked/)).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: 'Select common' }).click();
    await dialog.getByRole('searchbox', { name: 'Search categories by name or id' }).fill('IAB8-5');
    await check(page, /^Cocktails\/Beer \(IAB8-5\)/);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByText(/will be blocked on this zone/)).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Revenue at stake' }).getByRole('row')).toHaveCount(8);
    await dialog.getByRole('button', { name: 'Block 6 categories' }).click();
    await expect(notices(page).getByText(`6 blocks created for ${zone.name} (Atlas News)`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/zones/edit/${zone.id}/blocking$`));
    await expect(iab.getByRole('row', { name: /Cocktails\/Beer \(IAB8-5\)/ })).toBeVisible();

    // Edit IAB7 on the zone (an update of the zone's own blocks): unselecting a child replaces the parent.
    await iab.getByRole('row', { name: /Health & Fitness \(IAB7\)/ }).getByRole('link', { name: 'Edit IAB7' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' });
    // Once the tree is drawn, Save waits for a change (not merely for the tree).
    await expect(treeItem(page, /^Health & Fitness \(IAB7\)/).first()).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByRole('searchbox', { name: 'Search categories by name or id' }).fill('IAB7-1');
    await check(page, /^Exercise \(IAB7-1\)/);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(iab.getByRole('row', { name: /Health & Fitness \(IAB7\)/ })).toHaveCount(0);
    await iab.getByRole('searchbox', { name: 'Filter IAB categories' }).fill('IAB7-2');
    await iab.getByRole('row', { name: /\(IAB7-2\)/ }).getByRole('link', { name: 'Edit IAB7' }).click();
    await page.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' }).getByRole('button', { name: 'Remove All' }).click();
    await page.getByRole('alertdialog', { name: 'Proceed with caution' }).getByRole('button', { name: 'Remove All' }).click();
    await expect(notices(page).getByText('Removed block(s)')).toBeVisible();
    // The zone's own IAB7 blocks are gone; Atlas News' publisher-level IAB7 sub-categories stay, as Global.
    await iab.getByRole('searchbox', { name: 'Filter IAB categories' }).fill('IAB7');
    await expect(iab.getByRole('row', { name: /Dental Care \(IAB7-17\)/ })).toContainText('Global');
    await expect(iab.getByRole('row', { name: /\(IAB7[-)]/ }).filter({ hasNotText: 'Global' })).toHaveCount(0);

    const advertisers = section(page, 'Advertisers');
    await advertisers.getByRole('link', { name: 'Block advertisers' }).click();
    const add = page.getByRole('dialog', { name: 'Block advertisers' });
    await add.getByRole('searchbox', { name: 'Search advertisers' }).fill('Golden Ced');
    await add.getByRole('checkbox', { name: /^Golden Cedar Airways/ }).check();
    await add.getByRole('button', { name: 'Review' }).click();
    await add.getByRole('button', { name: 'Block 1 advertiser' }).click();
    await expect(advertisers.getByRole('row', { name: /Golden Cedar Airways/ })).toBeVisible();
    await advertisers.getByRole('checkbox', { name: 'Select Golden Cedar Airways' }).check();
    await advertisers.getByRole('button', { name: 'Delete 1 selected' }).click();
    await page.getByRole('alertdialog', { name: 'Proceed with caution' }).getByRole('button', { name: 'Delete' }).click();
    await expect(advertisers.getByRole('row', { name: /Golden Cedar Airways/ })).toHaveCount(0);
  });

  test('exports a zone’s blocks and imports the file into another zone, every line judged first', async ({ page, createZone, api }) => {
    const source = await createZone();
    const target = await createZone();
    await addBlocks(api, { entity: 'zone', id: source.id }, { advertiser: ['1040'], advertiser_domain: ['export-me.example'], iab_category: ['IAB9-1'] });
    await page.goto(`/zones/edit/${source.id}/blocking`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^blocks-zone-${source.id}-\\d{8}-\\d{6}\\.csv$`));
    const file = await download.path();
    const csv = await readFile(file, 'utf8');
    expect(csv).toContain('advertiser_domain,*.export-me.example,*.export-me.example,zone,');

    await page.goto(`/zones/edit/${target.id}/blocking`);
    await page.getByRole('link', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a blocklist' });
    await expect(dialog.getByRole('button', { name: 'Check lines' })).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Check lines' }).click();
    // The file holds the zone's 3 blocks and the Atlas News blocks seen through it (already blocked here too).
    await expect(dialog.getByRole('status').filter({ hasText: 'lines checked' })).toContainText(/lines checked: 3 new, \d+ already blocked or repeated, 0 cannot be blocked/);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Block 3 new lines' }).click();
    await expect(notices(page).getByText('Created block(s)')).toBeVisible();
    await expect(section(page, 'Advertiser domains').getByRole('row', { name: '*.export-me.example' })).toBeVisible();
    await expect(section(page, 'IAB categories').getByRole('row', { name: /\(IAB9-1\)/ })).toBeVisible();
  });

  test('fits a 360 px screen without sideways scrolling', async ({ page, createZone }) => {
    const zone = await createZone();
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ['/global-advertiser-blocks', `/zones/edit/${zone.id}/blocking`]) {
      await page.goto(path);
      await expect(section(page, 'Advertiser domains').getByRole('row').nth(1)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      await expectNoA11yViolations(page);
    }
  });
});

test.describe('who may change what', () => {
  test.describe('a publisher whose advertiser clusivity is INCLUDE', () => {
    test.use({ account: 'multi', publisher: 'Sakura Press' });
    test('is asked to contact the account manager instead of adding advertisers', async ({ page }) => {
      await page.goto('/global-advertiser-blocks');
      const advertisers = section(page, 'Advertisers');
      await expect(advertisers.getByText('Blocking changes are managed by your account manager. Please contact your account manager.')).toBeVisible();
      await expect(advertisers.getByRole('link', { name: 'Block advertisers' })).toHaveCount(0);
      await expect(section(page, 'Advertiser domains').getByRole('link', { name: 'Block advertiser domains' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });

  test.describe('staff', () => {
    test.use({ account: 'staff', publisher: 'Atlas News' });
    test('see the notice linking to the internal publisher settings instead of changing advertiser exclusions', async ({ page, signedIn }) => {
      await page.goto('/global-advertiser-blocks');
      const advertisers = section(page, 'Advertisers');
      await expect(advertisers.getByText('Internal users cannot change these exclusions on the blocking screen.')).toBeVisible();
      await expect(advertisers.getByRole('link', { name: 'Open the internal publisher settings' })).toHaveAttribute(
        'href',
        `https://admin.staging.adnetwork.example/publishers/${signedIn!.publisher!.id}/settings`,
      );
      await expect(advertisers.getByRole('checkbox', { name: /^Select / })).toHaveCount(0);
      await expect(section(page, 'IAB categories').getByRole('link', { name: 'Block IAB categories' })).toBeVisible();
    });
  });

  test.describe('Premium Classic (legacy just premium)', () => {
    test.use({ account: 'multi', publisher: 'Premium Classic' });
    test('reaches neither the global blocks nor the API', async ({ page, api, signedIn }) => {
      await page.goto('/global-advertiser-blocks/iab/create');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Global advertiser blocks: not part of the product of Premium Classic');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'IAB categories' })).toHaveCount(0);
      expect((await api.get(`/external/publisher/${signedIn!.publisher!.id}/restrictions`)).status()).toBe(403);
    });
  });
});
