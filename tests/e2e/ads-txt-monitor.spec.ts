// The ads.txt monitor (issue 27) through the real server on the seeded data, with the development ads.txt sites the
// server starts on loopback (server/src/crawl/devSites.ts): multi at Atlas News sees the home's one-line summary,
// every status on the monitor page, a site's lines to add and its file with the problem lines; on a phone the page
// fits. Then, on a server of its own (the check changes what other tests read), the fixture of a site missing lines
// is fixed and "Check now" turns it authorised, and a second check at once is refused with when to try again.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { actionColumnsOutOfView, horizontalOverflow } from './support/pageChecks';
import type { RunningServer } from './support/server';
import { paths } from '../../src/routes';
import { DEMO } from '../../server/src/db/seed/demoIds';

test.use({ account: 'multi', publisher: 'Atlas News' });

const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });
/** The site page's status line (the header has a status region of its own). */
const siteStatus = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Status' }).getByRole('status');
const STATES = ['All authorised', 'Missing lines', 'Wrong lines', 'No file', 'Not a text file', 'Unreachable', 'Not crawled yet'];

/** The development ads.txt sites' address, as the server printed it at start. */
async function devSitesUrl(server: RunningServer): Promise<string> {
  const printed = /Development ads\.txt sites of the demo domains[^\n]*?(http:\/\/127\.0\.0\.1:\d+)/.exec(await server.logSince(0));
  if (!printed) throw new Error('The server did not print the development ads.txt sites');
  return printed[1]!;
}

test('multi sees every status of Atlas News’ sites, from the home’s summary to a site’s lines to add', async ({ page }) => {
  await page.goto(paths.reporting());
  const summary = page.getByText(/^\d+ sites have ads\.txt problems\./);
  await expect(summary).toContainText('5 sites have ads.txt problems.');
  await page.getByRole('link', { name: 'Open the ads.txt monitor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ads.txt monitor' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Monitored sites' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Needs attention');

  await page.goto(paths.adsTxtMonitor);
  await expect(table.getByRole('row')).toHaveCount(9);
  for (const state of STATES) await expect(table.getByText(state, { exact: true }).first()).toBeVisible();
  await expect(table.getByRole('row', { name: /atlasgames\.net/ })).toContainText('Unreachable');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expectNoA11yViolations(page);

  await table.getByRole('link', { name: 'Details of atlasnews.com.au' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'atlasnews.com.au: ads.txt' })).toBeVisible();
  await expect(siteStatus(page)).toContainText('Wrong lines');
  await expect(page.getByRole('list', { name: 'Lines to fix' })).toContainText(/^Line 2 is wrong: it should read /);
  const file = page.getByRole('region', { name: 'ads.txt of atlasnews.com.au' });
  await expect(file.locator('li[data-problem="WRONG"]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'The lines to add to ads.txt' })).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Check ads.txt of atlasnews.com.au now' })).toBeVisible();
  await expectNoA11yViolations(page);

  // A phone: the sites as cards, nothing wider than the screen, the file scrolling inside its own box.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(paths.adsTxtMonitor);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await actionColumnsOutOfView(page)).toEqual([]);
  await page.goto(paths.adsTxtSite(DEMO.adsTxtSites.atlasWrong));
  await expect(file).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
});

test.describe('Check now', () => {
  test.use({ isolatedServer: true });

  test('after the site is fixed, Check now turns it authorised; checking again at once says when to retry', async ({ page, server, request }) => {
    const fixed = await request.put(`${await devSitesUrl(server)}/_dev/sites/atlasnews.co.uk`, { data: 'good' });
    expect(fixed.status()).toBe(204);
    await page.goto(paths.adsTxtSite(DEMO.adsTxtSites.atlasMissing));
    await expect(siteStatus(page)).toContainText('Missing lines');
    await expect(page.getByRole('region', { name: 'Lines to add', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Check ads.txt of atlasnews.co.uk now' }).click();
    await expect(notices(page).getByText('atlasnews.co.uk has been checked.')).toBeVisible();
    await expect(siteStatus(page)).toContainText('All authorised');
    await expect(page.getByRole('region', { name: 'Lines to add', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Check ads.txt of atlasnews.co.uk now' }).click();
    await expect(notices(page).getByText(/^Checked too often\. You can check again in \d+ seconds? \(at .+\)\.$/)).toBeVisible();
    await expect(siteStatus(page)).toContainText('All authorised');

    await page.goto(paths.adsTxtMonitor);
    await expect(page.getByRole('row', { name: /atlasnews\.co\.uk/ })).toContainText('All authorised');
  });
});
