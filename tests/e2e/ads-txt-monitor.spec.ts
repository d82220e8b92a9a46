// The ads.txt monitor (issue 27) through the real server on the seeded data, with the development ads.txt sites the
// server starts on loopback (server/src/crawl/devSites.ts): multi at Atlas News sees the home's one-line summary,
// every status on the monitor page, a site's lines to add and its file with the problem lines; on a phone the page
// fits. Then, on a server of its own (the check changes what other tests read), the fixture of a site missing lines
// is fixed and "Check now" turns it authorised, and a second check at once is refused with when to try again.
// Alerts, on servers of their own too (they change the header's count and a demo alert's read state): an
// authorised site that loses a line raises an ads.txt alert in the inbox that names it and links to its page, and
// fixed and checked again (no wait between checks: CHECK_NOW_INTERVAL_SECONDS=0) the alert shows resolved; the demo's
// revenue drop names the line atlasnews.co.uk lost that day (server/src/db/seed/adsTxtSites.ts).
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
const alertsControl = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Alerts: / });
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

test.describe('alerts', () => {
  test.use({ serverEnv: { CHECK_NOW_INTERVAL_SECONDS: '0' } });

  test('a site that loses a line raises an ads.txt alert naming it and linking to its page; fixed and checked, the alert resolves', async ({ page, server, request, api }) => {
    const siteUrl = `/external/publishers/${DEMO.publishers.atlasNews}/ads-txt-sites/${DEMO.adsTxtSites.atlasAuthorisedToo}`;
    const site = async () => (await (await api.get(siteUrl)).json()) as { site: { status: string }; missingLines: string[] };
    // Authorised by the server's first crawl, which runs as it starts.
    await expect.poll(async () => (await site()).site.status).toBe('AUTHORISED');
    const { unread } = (await (await api.get(`/external/publishers/${DEMO.publishers.atlasNews}/alert-summary`)).json()) as { unread: number };

    const fixture = `${await devSitesUrl(server)}/_dev/sites/atlasnews-politics.com`;
    expect((await request.put(fixture, { data: 'missing' })).status()).toBe(204);
    await page.goto(paths.adsTxtSite(DEMO.adsTxtSites.atlasAuthorisedToo));
    const checkNow = page.getByRole('button', { name: 'Check ads.txt of atlasnews-politics.com now' });
    await checkNow.click();
    await expect(siteStatus(page)).toContainText('Missing lines');
    const [lost, ...more] = (await site()).missingLines;
    expect(more).toEqual([]);

    // The header counts it (read again on the next load), and the inbox lists it.
    await page.goto(paths.reporting());
    await expect(alertsControl(page)).toHaveAccessibleName(`Alerts: ${unread + 1} unread`);
    await alertsControl(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Alerts' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'ads.txt of atlasnews-politics.com: Missing lines', exact: true }) });
    await expect(row).toContainText('1 line lost');
    await expect(row).toContainText('Found by the ads.txt monitor (it was All authorised)');
    await row.getByRole('link', { name: 'ads.txt of atlasnews-politics.com: Missing lines', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: /^ads\.txt of atlasnews-politics\.com: Missing lines since / })).toBeVisible();
    const alertPath = new URL(page.url()).pathname;
    await expect(page.getByRole('list', { name: 'Lines lost on atlasnews-politics.com' }).getByRole('listitem')).toHaveText([lost!]);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Open atlasnews-politics.com in the ads.txt monitor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'atlasnews-politics.com: ads.txt' })).toBeVisible();

    expect((await request.put(fixture, { data: 'good' })).status()).toBe(204);
    await checkNow.click();
    await expect(siteStatus(page)).toContainText('All authorised');
    await page.goto(alertPath);
    const main = page.getByRole('main');
    await expect(main.getByText('Resolved', { exact: true }).first()).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: 'All authorised' })).toHaveCount(2); // before, and now
  });

  test('the demo’s revenue drop names the ads.txt line atlasnews.co.uk lost that day, linking to the site', async ({ page, api }) => {
    const missing = (await (await api.get(`/external/publishers/${DEMO.publishers.atlasNews}/ads-txt-sites/${DEMO.adsTxtSites.atlasMissing}`)).json()) as { missingLines: string[] };
    const [lost] = missing.missingLines;
    await page.goto(paths.alert(DEMO.alerts.atlasRevenue));
    await expect(page.getByRole('heading', { level: 1, name: /^Revenue down \d+\.\d% since / })).toBeVisible();
    const causes = page.getByRole('list', { name: 'Changes before the drop' }).getByRole('listitem');
    await expect(causes.first()).toContainText('New blocks');
    const adsTxt = causes.filter({ hasText: 'ads.txt lines lost' });
    await expect(adsTxt).toContainText('ads.txt of atlasnews.co.uk, found on');
    await expect(adsTxt.getByRole('list', { name: 'Lines lost on atlasnews.co.uk' }).getByRole('listitem')).toHaveText([lost!]);
    await expect(adsTxt).toContainText(/\$[\d,]+\.\d\d at stake over 30 days/);
    await adsTxt.getByRole('link', { name: 'Open atlasnews.co.uk in the ads.txt monitor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'atlasnews.co.uk: ads.txt' })).toBeVisible();
  });
});
