// The publisher chooser /browse (spec sections 2, 5, 9): staff search every publisher (debounced, a one-character
// term is not searched, 'No result found' for nothing), choosing opens the reporting home, and the menu's
// change-publisher button comes back here with the current publisher marked. Read-only: the worker's server.
// Each test starts signed in with no publisher chosen (test.use({ account })), where the chooser takes over.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { storedValue } from './support/session';

/** The search terms the chooser sent to GET /external/publishers/simple-search, in order. */
function recordSearches(page: Page): string[] {
  const terms: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/publishers/simple-search')) terms.push(url.searchParams.get('searchTerm') ?? '');
  });
  return terms;
}

test.describe('staff search', () => {
  test.use({ account: 'staff' });

  test('"gaz" finds Harbor Gazette, one character does not search and hides the results, nonsense shows "No result found"', async ({ page }) => {
    // A fake clock runs the 300 ms debounce out on demand, so "nothing was searched" is checked without a sleep.
    await page.clock.install();
    const searches = recordSearches(page);
    await page.goto('/browse');
    const search = page.getByRole('textbox', { name: 'Search publishers' });
    const results = page.getByRole('list', { name: 'Publishers' }).getByRole('button');
    const count = page.getByRole('status').filter({ hasText: /found/ });
    await expect(count).toHaveText('15 publishers found');

    await search.fill('gaz');
    await expect(results).toHaveText([/^Harbor Gazette/]);
    await expect(count).toHaveText('1 publisher found');

    // One character: once the debounce has run out, no request went out, and the results of 'gaz' are not offered
    // as if they matched 'g' (issue 8, bug 9): a line says why.
    await search.fill('g');
    await page.clock.runFor(1000);
    await expect(results).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('One letter is not searched: type at least 2 characters of a name, or an id.');

    await search.fill('qqzzxx');
    await expect(page.getByRole('list', { name: 'Publishers' })).toHaveText('No result found');
    await expect(results).toHaveCount(0);
    // By now the 'g' search would long have been sent: it never was.
    expect(searches).toEqual(['', 'gaz', 'qqzzxx']);

    // An id finds its publisher too (Granite Finance is #15 in the demo data; no name contains "15").
    await search.fill('15');
    await expect(results).toHaveCount(1);
    await expect(results).toHaveAccessibleName(/^Granite Finance #15 /);
  });

  test('the search waits for a 300 ms pause in typing and sends only the final term', async ({ page }) => {
    await page.clock.install();
    const searches = recordSearches(page);
    await page.goto('/browse');
    const results = page.getByRole('list', { name: 'Publishers' }).getByRole('button');
    await expect(results).toHaveCount(15);
    // Time stands still while typing, however slowly the keys arrive.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('textbox', { name: 'Search publishers' }).pressSequentially('sakura');
    await page.clock.runFor(299);
    await expect(results).toHaveCount(15);
    await page.clock.runFor(1);
    await expect(results).toHaveText([/^Sakura Press/]);
    expect(searches).toEqual(['', 'sakura']);
  });

});

test.describe('as a user of several publishers', () => {
  test.use({ account: 'multi' });

  test('choosing a publisher opens its reporting home; change publisher comes back with it marked current', async ({ page }) => {
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: /^Sakura Press/ }).click();
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
    expect((await storedValue<{ name: string }>(page, 'portal.publisher'))?.name).toBe('Sakura Press');
    // The user's own list is kept, which is what keeps the change-publisher button available.
    expect((await storedValue<{ name: string }[]>(page, 'portal.publishers'))?.map((p) => p.name)).toEqual([
      'Atlas News',
      'Premium Classic',
      'Sakura Press',
    ]);

    const change = page.getByRole('link', { name: 'Change publisher (Current publisher: Sakura Press)' });
    await expect(change).toContainText('Sakura Press');
    await change.click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('button', { name: /^Sakura Press/ })).toContainText('current');
    // By keyboard this time: from the search box, arrow down to the first result and choose it with Enter.
    await page.getByRole('textbox', { name: 'Search publishers' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: /^Atlas News/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Change publisher (Current publisher: Atlas News)' })).toBeVisible();
  });

  test('choosing from a search typed before the first list arrived keeps the change-publisher button', async ({ page }) => {
    // A slow network: the chooser's first, unfiltered answer (the user's own publishers) is held back until the
    // user has searched and chosen.
    let firstUnfiltered = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/publishers/simple-search') && !url.searchParams.get('searchTerm'),
      async (route) => {
        if (!firstUnfiltered) return route.continue();
        firstUnfiltered = false;
        await held;
        // By then the chooser has dropped this request.
        await route.continue().catch(() => undefined);
      },
    );
    try {
      await page.goto('/browse');
      await page.getByRole('textbox', { name: 'Search publishers' }).fill('atl');
      await page.getByRole('list', { name: 'Publishers' }).getByRole('button', { name: /^Atlas News/ }).click();
      await expect(page).toHaveURL(/\/home\/reporting$/);
      // multi still has three publishers to change between.
      await expect(page.getByRole('link', { name: 'Change publisher (Current publisher: Atlas News)' })).toBeVisible();
      expect((await storedValue<{ name: string }[]>(page, 'portal.publishers'))?.map((p) => p.name)).toEqual([
        'Atlas News',
        'Premium Classic',
        'Sakura Press',
      ]);
    } finally {
      release();
    }
  });

  test('a signed-in user without a chosen publisher is sent to the chooser from any page', async ({ page }) => {
    await page.goto('/zones');
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/browse$/);
  });
});
