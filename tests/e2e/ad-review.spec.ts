// The ad review center (issue 28) through the real server on the seeded creatives: multi at Atlas News finds a
// creative by its advertiser, sees what blocking it would cost, blocks it on one zone and sees it marked, undoes the
// block from History and sees the mark gone, and reports another creative with a reason. And the hostile preview of
// the seed (an SVG holding a script and an external image) is shown without either running or loading.
import type { Page } from '@playwright/test';
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

async function findByAdvertiser(page: Page, creative: Creative) {
  await page.getByRole('searchbox', { name: 'Search ads' }).fill(creative.advertiser.name);
  await expect(page).toHaveURL(/searchTerm=/);
  await expect(card(page, creative)).toBeVisible();
}

test.describe('on a server of its own (its blocks and history are the publisher’s)', () => {
  test.use({ isolatedServer: true });

  test('multi finds a creative by advertiser, blocks it on one zone with its revenue at stake, undoes it from History, and reports another', async ({ page, api, signedIn }) => {
    const publisherId = signedIn!.publisher!.id;
    const listed = await api.get(`/external/publishers/${publisherId}/creatives?size=20&sortBy=impressions`);
    expect(listed.status()).toBe(200);
    const creatives = ((await listed.json()) as { content: Creative[] }).content.filter((one) => !one.blockedGlobally && one.blockedZoneIds.length === 0);
    const [creative, other] = [creatives[0]!, creatives.find((one) => one.advertiser.id !== creatives[0]!.advertiser.id)!];
    const detail = (await (await api.get(`/external/publishers/${publisherId}/creatives/${creative.id}`)).json()) as { zones: { zoneId: number; name: string }[] };
    const zone = detail.zones[0]!;

    await page.goto('/creatives');
    await expect(page.getByRole('heading', { level: 1, name: 'Ad review' })).toBeVisible();
    await findByAdvertiser(page, creative);
    await expectNoA11yViolations(page);

    await card(page, creative).getByRole('button', { name: `Block ${nameOf(creative)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${nameOf(creative)}` });
    await dialog.getByRole('radio', { name: 'On chosen zones' }).check();
    await dialog.getByRole('checkbox', { name: zone.name, exact: true }).check();
    // The revenue at stake shows before Block: this creative's on that zone.
    const stake = dialog.getByRole('table', { name: 'Revenue at stake' });
    await expect(stake.getByRole('row', { name: new RegExp(nameOf(creative)) })).toContainText(/\$[\d,]+\.\d\d/);
    await expect(dialog).toContainText('This will be blocked on this zone.');
    await expectNoA11yViolations(page);
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

    await page.getByRole('searchbox', { name: 'Search ads' }).fill(other.advertiser.name);
    await expect(card(page, other)).toBeVisible();
    await card(page, other).getByRole('button', { name: `Report ${nameOf(other)}` }).click();
    const report = page.getByRole('dialog', { name: `Report ${nameOf(other)}` });
    await report.getByRole('radio', { name: 'Other' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    // Other needs a text: said on the field, nothing sent.
    await expect(report.getByText('Say what is wrong with the ad')).toBeVisible();
    await report.getByRole('textbox', { name: 'Details' }).fill('Flashing banner that covers the article');
    await expectNoA11yViolations(page);
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report).toBeHidden();
    await expect(notices(page).getByText('Report sent to the network')).toBeVisible();
  });
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
