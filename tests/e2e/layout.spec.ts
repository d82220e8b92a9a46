// The signed-in layout (spec sections 2, 6): menu per publisher (legacy just-premium reduced set), route guards,
// change-publisher button per kind of user, environment banner, header hidden on the public pages without it,
// footer, GDPR banner, and accessibility of the main layout. Tests start signed in at the publisher they name
// (test.use({ account, publisher })). Only the GDPR acceptance changes server data: no API makes a publisher
// that has not accepted, so it runs on a server of its own. The maintenance notice is in harness.spec.ts, on the
// server of its own the harness's environment option needs anyway.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { openWithJwt, storedValue } from './support/session';
import { paths } from '../../src/routes';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const gdprBanner = (page: Page) => page.getByRole('region', { name: 'Data protection (GDPR)' });
const reporting = (page: Page) => page.getByRole('heading', { name: 'Reporting', level: 1 });

test.describe('as solo, whose publisher has not accepted the GDPR notice', () => {
  test.use({ account: 'solo', publisher: 'Solo Media' });

  test('the main layout on /home/reporting is free of WCAG A/AA violations, with no change-publisher button', async ({ page }) => {
    await page.goto('/home/reporting');
    await expect(reporting(page)).toBeVisible();
    // Every landmark of the layout is there, with the GDPR banner shown (Solo Media has not accepted).
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(menu(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(gdprBanner(page)).toBeVisible();
    await expectNoA11yViolations(page);
    // With one publisher there is nothing to change to.
    await expect(menu(page).getByRole('link', { name: 'Payments' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: /Change publisher/ })).toHaveCount(0);
  });
});

test.describe('as multi working as Atlas News', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('shows the whole menu, History, Team and Notifications too, in a 1400 x 900 window (issue 30)', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/home/reporting');
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['History', 'Team', 'Notifications', 'Logout']) await expect(menu.getByRole(name === 'Logout' ? 'button' : 'link', { name })).toBeInViewport({ ratio: 1 });
    // Nothing of it hidden behind an inner scroll.
    const list = menu.getByRole('list').first();
    expect(await list.evaluate((element) => element.parentElement!.scrollHeight - element.parentElement!.clientHeight)).toBeLessThanOrEqual(0);
  });

  test('the menu has every area, each with content; the change-publisher button leads to the chooser; no GDPR banner once accepted', async ({ page }) => {
    await page.goto('/home/reporting');
    await expect(reporting(page)).toBeVisible();
    await expect(gdprBanner(page)).toHaveCount(0);
    await expect(menu(page).getByRole('list', { name: 'Account settings' }).getByRole('link')).toHaveText([
      'Inclusive inventory program',
      'ads.txt',
      'ads.txt monitor',
      'Billing',
      'Password update',
      'Security',
      'History',
      'Team',
      'API keys',
      'Notifications',
    ]);
    await expect(menu(page).getByRole('link', { name: 'Change publisher (Current publisher: Atlas News)' })).toHaveAttribute('href', '/browse');
    // The areas the legacy publisher may not use have content here.
    for (const title of ['Zones', 'Global advertiser blocks']) {
      await menu(page).getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    }
  });

  test("the record areas serve the spec's addresses only: react-admin's own create, edit and show addresses of their resources are not found", async ({ page }) => {
    // Each area is a react-admin <Resource> on its spec path (App.tsx) with its views as child routes, none of
    // react-admin's default ones (the areas themselves open in every-route.spec.ts).
    const addresses = [
      `${paths.previousPayments}/create`,
      `${paths.previousPayments}/1`,
      `${paths.inclusiveInventory}/create`,
      `${paths.inclusiveInventory}/1`,
      `${paths.history}/create`,
      `${paths.history}/1/show`,
      `${paths.team}/create`,
      `${paths.team}/1`,
      `${paths.alerts}/1/show`,
    ];
    for (const address of addresses) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    }
  });

  test('the menu collapses to icons that keep their names and expands again; the logo and title lead home', async ({ page }) => {
    await page.goto('/home/reporting');
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(page.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, a section is one icon leading to its first page.
    await expect(menu(page).getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/account-settings/inclusive-inventory-program',
    );
    await expect(menu(page).getByRole('link', { name: 'Zones' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Change publisher' })).toBeVisible();
    await expect(menu(page).getByText('Atlas News')).toHaveCount(0);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(menu(page).getByRole('link', { name: /^Change publisher/ })).toContainText('Atlas News');

    await menu(page).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await menu(page).getByRole('link', { name: 'Publisher Portal' }).click();
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(reporting(page)).toBeVisible();
    // So does the root path, once a publisher is chosen.
    await page.goto('/');
    await expect(page).toHaveURL(/\/home\/reporting$/);
  });

  test('the footer carries the help and legal links, with the publisher terms that apply to the chosen publisher', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    const terms = footer.getByRole('link', { name: 'Publisher terms (opens in a new tab)' });
    const ORIGINAL_TERMS = 'https://www.adnetwork.example/legal/publisher-terms-2019';
    const CURRENT_TERMS = 'https://www.adnetwork.example/legal/publisher-terms';

    // Atlas News was created in 2019: the original terms.
    await page.goto('/home/reporting');
    await expect(footer.getByRole('list', { name: 'Legal and help' }).getByRole('link')).toHaveText([
      /^FAQs/,
      /^Opt-out/,
      /^Privacy policy/,
      /^Publisher terms/,
    ]);
    await expect(footer.getByRole('link', { name: /^FAQs/ })).toHaveAttribute('href', 'https://help.adnetwork.example/publishers/faq');
    await expect(footer.getByText(/General Data Protection Regulation \(GDPR\)/)).toBeVisible();
    await expect(footer.getByText(/^© \d{4} Ad Network\. All rights reserved\.$/)).toBeVisible();
    await expect(terms).toHaveAttribute('href', ORIGINAL_TERMS);
    await expect(terms).toHaveAttribute('target', '_blank');

    // Sakura Press was created after 2022-11-25, Premium Classic is legacy just-premium: the current terms.
    for (const publisher of ['Sakura Press', 'Premium Classic']) {
      await menu(page).getByRole('link', { name: /^Change publisher/ }).click();
      await page.getByRole('button', { name: new RegExp(`^${publisher} #`) }).click();
      await expect(menu(page).getByRole('link', { name: `Change publisher (Current publisher: ${publisher})` })).toBeVisible();
      await expect(terms).toHaveAttribute('href', CURRENT_TERMS);
    }
  });
});

test.describe('as multi working as the legacy Premium Classic', () => {
  test.use({ account: 'multi', publisher: 'Premium Classic' });

  test('the menu offers only reporting, payments, revenue alerts, three account settings and the user’s own security and notifications; the other areas render nothing but a title saying so, even by address', async ({ page }) => {
    await page.goto('/home/reporting');
    await expect(menu(page).getByRole('link', { name: 'Change publisher (Current publisher: Premium Classic)' })).toBeVisible();
    await expect(menu(page).getByRole('list', { name: 'Account settings' }).getByRole('link')).toHaveText([
      'ads.txt',
      'Billing',
      'Password update',
      'Security',
      'Notifications',
    ]);
    await expect(menu(page).getByRole('list', { name: 'Reporting' }).getByRole('link')).toHaveText([
      'Reporting',
      'Advertiser spend',
      'Custom',
    ]);
    await expect(menu(page).getByRole('link', { name: 'Payments' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Zones' })).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: 'Global advertiser blocks' })).toHaveCount(0);
    await expect(menu(page).getByText('Inclusive inventory program')).toHaveCount(0);

    const notForLegacy = [
      { path: '/zones', title: 'Zones' },
      { path: '/global-advertiser-blocks', title: 'Global advertiser blocks' },
      { path: '/account-settings/inclusive-inventory-program', title: 'Inclusive inventory program' },
      { path: '/payments/previous', title: 'Previous payments' },
    ];
    for (const { path, title } of notForLegacy) {
      await page.goto(path);
      // The layout is drawn (the guard decides synchronously with it); of the page, only its title saying why.
      await expect(menu(page).getByRole('link', { name: 'Change publisher (Current publisher: Premium Classic)' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
      const heading = `${title}: not part of the product of Premium Classic`;
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} · Publisher Portal`);
      // Nothing else of the page: no control or table outside the GDPR banner (Premium Classic has not accepted).
      await expect(page.getByRole('main').locator('button, a, input, table').and(page.locator(':not(section *)'))).toHaveCount(0);
    }
    // What it may use still opens.
    await page.goto('/account-settings/billing');
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  });
});

test.describe('as staff working as Solo Media, which has not accepted the GDPR notice', () => {
  test.use({ account: 'staff', publisher: 'Solo Media' });

  test('the change-publisher button is offered and the GDPR banner is never shown', async ({ page }) => {
    await page.goto('/home/reporting');
    await expect(reporting(page)).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Change publisher (Current publisher: Solo Media)' })).toBeVisible();
    expect((await storedValue<{ gdprAcceptedAt: string | null }>(page, 'portal.publisher'))?.gdprAcceptedAt).toBeNull();
    await expect(gdprBanner(page)).toHaveCount(0);
  });
});

test.describe('header', () => {
  test.describe('signed in', () => {
    test.use({ account: 'multi' });

    test('shows the environment banner "Development" on a local host, in the chooser and the layout', async ({ page }) => {
      await page.goto('/browse');
      await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
      await expect(page.getByRole('banner').getByText('Development', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: /^Atlas News/ }).click();
      await expect(reporting(page)).toBeVisible();
      await expect(page.getByRole('banner').getByText('Development', { exact: true })).toBeVisible();
    });
  });

  test('is shown on /login and hidden on /forgot, /auth and /external-login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    for (const { path, title } of [
      { path: '/forgot', title: 'Forgot your password?' },
      { path: '/auth?tk=abc&ue=solo%40publisher.example', title: 'Choose a new password' },
      { path: '/external-login', title: 'No sign-in token' },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
    }
  });
});

test.describe('accepting the GDPR notice', () => {
  // Accepting is stored on the server for Solo Media: a server of its own keeps other tests' view unchanged.
  test.use({ isolatedServer: true, account: 'solo', publisher: 'Solo Media' });

  test('solo accepts with the single button (there is no reject); the banner is gone, also after reload and a new sign-in', async ({ page, server }) => {
    await page.goto('/home/reporting');
    const banner = gdprBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button')).toHaveText(['Accept']);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    await expect(reporting(page)).toBeVisible();

    await page.reload();
    await expect(reporting(page)).toBeVisible();
    await expect(banner).toHaveCount(0);

    await menu(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await openWithJwt(page, server, 'solo');
    await expect(reporting(page)).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
