// The ads.txt page in Chromium against the real server (spec sections 2 'Account settings', 3, 8), as
// multi@publisher.example working as Atlas News: the generated lines copied in both views, and the checker on
// a pasted file that lacks two of them and lists one with the wrong relationship. Everything is read; nothing on
// the server changes. The checker's rules and the page's states are unit and component tests.
import type { Page } from '@playwright/test';
import type { components } from '../../openapi/portal';
import { renderAdsTxt } from '../../src/lib/adsTxt';
import { expect, expectNoA11yViolations, test } from './fixtures';

type AdsTxtLine = components['schemas']['AdsTxtLine'];

test.use({ account: 'multi', publisher: 'Atlas News' });

const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('copies the ads.txt and app-ads.txt lines; a pasted file shows its two missing lines and the wrong one, and the missing lines copy', async ({
  page,
  context,
  baseURL,
  api,
  signedIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const publisher = signedIn!.publisher!;
  const answer = await api.get('/external/ads-txt', { params: { publisherId: publisher.id, businessUnitIds: publisher.businessUnit.id } });
  const lines = (await answer.json()) as AdsTxtLine[];
  expect(lines.length).toBeGreaterThan(4);
  const text = renderAdsTxt(lines);

  await page.goto('/account-settings/authorized-digital-sellers');
  await expect(page.getByRole('heading', { level: 1, name: 'ads.txt' })).toBeVisible();
  const code = page.getByRole('region', { name: 'ads.txt lines' });
  await expect(code).toHaveText(text);
  await page.getByRole('button', { name: 'Copy ads.txt lines' }).click();
  await expect(notices(page).getByText('Copied to clipboard')).toBeVisible();
  expect(await clipboard(page)).toBe(text);
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'App-Ads.txt' }).click();
  await expect(page.getByRole('region', { name: 'app-ads.txt lines' })).toHaveText(text);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Copy app-ads.txt lines' }).click();
  await expect.poll(() => clipboard(page)).toBe(text);
  await page.getByRole('button', { name: 'Ads.txt', exact: true }).click();

  // The file the publisher serves: another vendor's lines, ours without the 2nd and 4th, the 1st as RESELLER.
  const [first, second, , fourth] = lines as [AdsTxtLine, AdsTxtLine, AdsTxtLine, AdsTxtLine];
  const wrong = { ...first, accountType: first.accountType === 'DIRECT' ? 'RESELLER' : 'DIRECT' } as AdsTxtLine;
  const served = [
    '# atlasnews.com ads.txt',
    'google.com, pub-7439281311086140, DIRECT, f08c47fec0942fa0',
    renderAdsTxt([wrong]),
    ...lines.filter((line) => line !== first && line !== second && line !== fourth).map((line) => renderAdsTxt([line])),
    'CONTACT=adops@atlasnews.com',
  ].join('\r\n');
  await page.getByRole('textbox', { name: 'Your ads.txt file' }).fill(served);

  const checker = page.getByRole('region', { name: 'Check your ads.txt file' });
  await expect(checker.getByRole('status')).toContainText(`2 of ${lines.length} required lines missing`);
  await expect(checker.getByRole('status')).toContainText('1 line to correct');
  const missing = checker.getByRole('region', { name: 'Missing lines (2)' });
  await expect(missing.getByRole('region', { name: 'Missing lines' })).toHaveText(renderAdsTxt([second, fourth]));
  const toCorrect = checker.getByRole('region', { name: 'Lines to correct (1)' }).getByRole('listitem');
  await expect(toCorrect).toHaveCount(1);
  await expect(toCorrect).toContainText(`Line 3${renderAdsTxt([wrong])}Wrong relationshipExpected: ${renderAdsTxt([first])}`);
  await expect(checker.getByRole('region', { name: `Required lines present (${lines.length - 3})` })).toBeVisible();
  await expect(checker.getByRole('region', { name: /^(Malformed|Duplicate) lines/ })).toHaveCount(0);

  await missing.getByRole('button', { name: 'Copy missing lines' }).click();
  await expect.poll(() => clipboard(page)).toBe(renderAdsTxt([second, fourth]));
  await expectNoA11yViolations(page);
});
