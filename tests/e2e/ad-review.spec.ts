// The ad review center (issue 28) through the real server on the seeded creatives: multi at Atlas News finds a
// creative by its advertiser, sees what blocking it would cost, blocks it on one zone and sees it marked, undoes the
// block from History and sees the mark gone, and reports a creative with a reason. And the hostile preview of
// the seed (an SVG holding a script and an external image) is shown without either running or loading.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO } from '../../server/src/db/seed/demoIds';
import { expect, expectNoA11yViolations, test } from './fixtures';

test.use({ account: 'multi', publisher: 'Atlas News' });

interface Creative {
  id: number;
  advertiser: { id: number; name: string };
  size: string;
  blockedGlobally: boolean;
  blockedZoneIds: number[];
}

const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });
const grid = (page: Page) => page.getByRole('list', { name: 'Ads that served' });
const nameOf = (creative: Creative) => `Creative ${creative.id}: ${creative.advertiser.name}, ${creative.size}`;
const card = (page: Page, creative: Creative) => grid(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: nameOf(creative), exact: true }) });

/** Searches the review for the creative's advertiser and waits for the answer, not the list it had before. */
async function findByAdvertiser(page: Page, creative: Creative) {
  await page.getByRole('searchbox', { name: 'Search ads' }).fill(creative.advertiser.name);
  await expect(page).toHaveURL(/searchTerm=/);
  await expect(card(page, creative)).toBeVisible();
  // The previous list stays on screen (dimmed) until the search answers: only then is every card the advertiser's.
  await expect(grid(page).getByRole('heading', { level: 2 }).filter({ hasNotText: creative.advertiser.name })).toHaveCount(0);
}

/** The most seen creatives of the test's publisher that nothing blocks (the review's first page, as the API answers). */
async function unblockedCreatives(api: APIRequestContext, publisherId: number): Promise<Creative[]> {
  const listed = await api.get(`/external/publishers/${publisherId}/creatives?size=20&sortBy=impressions`);
  expect(listed.status()).toBe(200);
  return ((await listed.json()) as { content: Creative[] }).content.filter((one) => !one.blockedGlobally && one.blockedZoneIds.length === 0);
}

// Its blocks and their history are the publisher's, which every other test of Atlas News would see. The grid's
// page itself is scanned by every-route.spec.ts (both widths) and the 360 px test below; here only the dialogs are,
// as a whole-page scan of the grid costs seconds of CPU (the journey's time limit on a loaded CI machine).
test.describe('on a server of its own (its blocks and history are the publisher’s)', () => {
  test.use({ isolatedServer: true });

  test('multi finds a creative by advertiser, blocks it on one zone with its revenue at stake, sees it marked, and undoes it from History', async ({ page, api, signedIn }) => {
    const publisherId = signedIn!.publisher!.id;
    const creative = (await unblockedCreatives(api, publisherId))[0]!;
    const detail = (await (await api.get(`/external/publishers/${publisherId}/creatives/${creative.id}`)).json()) as { zones: { zoneId: number; name: string }[] };
    const zone = detail.zones[0]!;

    await page.goto('/creatives');
    await expect(page.getByRole('heading', { level: 1, name: 'Ad review' })).toBeVisible();
    await findByAdvertiser(page, creative);

    await card(page, creative).getByRole('button', { name: `Block ${nameOf(creative)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${nameOf(creative)}` });
    await dialog.getByRole('radio', { name: 'On chosen zones' }).check();
    await dialog.getByRole('checkbox', { name: zone.name, exact: true }).check();
    // The revenue at stake shows before Block: this creative's on that zone.
    const stake = dialog.getByRole('table', { name: 'Revenue at stake' });
    await expect(stake.getByRole('row', { name: new RegExp(nameOf(creative)) })).toContainText(/\$[\d,]+\.\d\d/);
    await expect(dialog).toContainText('This will be blocked on this zone.');
    await expectNoA11yViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(notices(page).getByText(`1 block created for ${zone.name} (Atlas News)`)).toBeVisible();
    await expect(card(page, creative)).toContainText('Blocked on 1 zone');

    await page.getByRole('link', { name: 'History' }).click();
    const entry = page.getByRole('table', { name: 'Change history' }).getByRole('row').filter({ hasText: `Creatives blocked: ${nameOf(creative)}` });
    await entry.getByRole('button', { name: /^Undo change/ }).click();
    await expect(notices(page).getByText(/^Change #\d+ undone \(/)).toBeVisible();
    await expect(entry).toContainText(/Undone by change #\d+/);

    await page.getByRole('link', { name: 'Ad review' }).click();
    await findByAdvertiser(page, creative);
    await expect(card(page, creative)).not.toContainText('Blocked on');
  });
});

// A report changes no setting and writes no history (the network's staff read it): the worker's server will do.
test('multi reports a creative with a reason: Other needs a text, said on the field before anything is sent', async ({ page, api, signedIn }) => {
  const creative = (await unblockedCreatives(api, signedIn!.publisher!.id))[0]!;
  await page.goto('/creatives');
  await card(page, creative).getByRole('button', { name: `Report ${nameOf(creative)}` }).click();
  const report = page.getByRole('dialog', { name: `Report ${nameOf(creative)}` });
  await report.getByRole('radio', { name: 'Other' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Say what is wrong with the ad')).toBeVisible();
  await report.getByRole('textbox', { name: 'Details' }).fill('Flashing banner that covers the article');
  await expectNoA11yViolations(page, { include: '[role="dialog"]' });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();
  await expect(notices(page).getByText('Report sent to the network')).toBeVisible();
});

test('the hostile preview is shown inert: its script does not run and its external image is not requested', async ({ page }) => {
  // Anything that reaches the network for tracker.invalid (the image, the script's fetch, its top navigation) lands
  // here; Chromium reports a request the frame's CSP stopped as failed (reason 'csp'), before any network.
  const reached: string[] = [];
  const failed: string[] = [];
  await page.route('https://tracker.invalid/**', async (route) => {
    reached.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/gif', body: '' });
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('tracker.invalid')) failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  const preview = page.waitForResponse((response) => response.url().includes(`/frames/creative-preview/${DEMO.creatives.atlasHostile}?`));
  await page.goto(`/creatives/${DEMO.creatives.atlasHostile}`);
  const answer = await preview;
  expect(answer.status()).toBe(200);
  // The file the frame got is the hostile one: a script and an external image, served under a CSP that runs nothing.
  expect(await answer.text()).toContain('<script>');
  expect(answer.headers()['content-security-policy']).toContain("default-src 'none'");
  const frame = page.locator(`iframe[title^="Preview of Creative ${DEMO.creatives.atlasHostile}:"]`);
  await expect(frame).toHaveAttribute('sandbox', '');
  await page.frame({ url: /\/frames\/creative-preview\// })!.waitForLoadState('load');

  // The script would have sent the top window to tracker.invalid and fetched from it; the image is tracker.invalid's too.
  expect(page.url()).toMatch(new RegExp(`/creatives/${DEMO.creatives.atlasHostile}$`));
  expect(reached).toEqual([]);
  // What was asked for, the frame's CSP refused (Chromium's reason 'csp'), not a failed lookup of the host.
  expect(failed.every((line) => / (csp|net::ERR_BLOCKED_BY_CSP)$/.test(line)), failed.join('\n')).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: /^Creative \d+: / })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the review is usable at 360 px: cards in one column, no page overflow', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/creatives');
  await expect(grid(page).getByRole('listitem').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoA11yViolations(page);
});
