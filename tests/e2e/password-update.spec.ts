// Password update in Chromium against the real server (spec sections 2, 4 'Session', 5, 6, 8): Atlas News'
// user changes the password, is signed out and taken to /login after 5 seconds, and signs in with the new one
// (on a server of its own: no API creates an account, and changing a demo account's password would end the
// sessions of the other tests of the worker); staff see the forgot-password guidance instead of the form; the
// legacy Premium Classic reaches ads.txt, billing and password update but not the inclusive inventory program.
import { DEMO_PASSWORD, expect, expectNoA11yViolations, signIn, test } from './fixtures';

test.describe('changing the password', () => {
  test.use({ account: 'multi', publisher: 'Atlas News', isolatedServer: true });

  test('updates it, counts down to /login, and only the new password signs in', async ({ page }) => {
    const newPassword = 'Fresh#2027pass';
    await page.clock.install();
    await page.goto('/account-settings/password-update');
    await expect(page.getByRole('heading', { level: 1, name: 'Password update' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Update password' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(page.getByRole('listitem').filter({ hasText: 'One special character' })).toHaveText('✓One special character, met');
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await expect(submit).toBeEnabled();
    await expectNoA11yViolations(page);

    // Time stands still from here: the countdown moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await submit.click();
    const success = page.getByRole('status').filter({ hasText: 'Your password has been updated.' });
    await expect(success).toContainText('You have been signed out and will be taken to sign in in 5 seconds.');
    await page.clock.runFor(4000);
    await expect(success).toContainText('will be taken to sign in in 1 second.');
    await expect(page).toHaveURL(/\/account-settings\/password-update$/);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.resume();

    // The old password no longer works (signIn() waits to leave /login, so this form is filled here).
    await page.getByRole('textbox', { name: 'Email' }).fill('multi@publisher.example');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    await signIn(page, 'multi', newPassword);
    await expect(page).toHaveURL(/\/browse$/);
  });
});

test.describe('as staff working as Atlas News', () => {
  test.use({ account: 'staff', publisher: 'Atlas News' });

  test('sees how to guide the client to the forgot-password page instead of the form', async ({ page, baseURL }) => {
    await page.goto('/account-settings/password-update');
    await expect(page.getByRole('heading', { level: 2, name: "Internal users cannot change a publisher's password" })).toBeVisible();
    await expect(page.getByText(/You are acting for Atlas News\./)).toBeVisible();
    await expect(page.getByText(`${baseURL}/forgot`, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});

test.describe('as multi working as the legacy Premium Classic', () => {
  test.use({ account: 'multi', publisher: 'Premium Classic' });

  test('reaches ads.txt, billing and password update, but not the inclusive inventory program', async ({ page }) => {
    await page.goto('/account-settings/authorized-digital-sellers');
    await expect(page.getByRole('region', { name: 'ads.txt lines' })).toContainText('adnetwork.example');
    await expectNoA11yViolations(page);
    await page.goto('/account-settings/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await page.goto('/account-settings/password-update');
    await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();

    await page.goto('/account-settings/inclusive-inventory-program');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Zone domain identifiers' })).toHaveCount(0);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Inclusive inventory program' })).toHaveCount(0);
  });
});
