// Forgotten password (spec sections 2, 4, 5, 8): /forgot sends a temporary password and a link by e-mail, the
// link opens /auth with the temporary password checked, a new password is set, the page returns to sign-in after
// 5 seconds, and only the new password signs in. An expired link shows the expired message. Changing the
// password runs on a server of its own; the rest only reads.
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, signIn, test, waitForMail } from './fixtures';

const EXPIRED = 'Link has expired. Please contact your contact at the provider.';

/** The sign-in family lays out its buttons alike: each as wide as its form, one under the other. */
async function expectFullWidthButtons(page: Page, names: string[]) {
  const form = await page.locator('form.pp-form').boundingBox();
  let bottom = 0;
  for (const name of names) {
    const button = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(Math.round(button!.width), name).toBe(Math.round(form!.width));
    expect(button!.y, name).toBeGreaterThanOrEqual(bottom);
    bottom = button!.y + button!.height;
  }
}

test.describe('forgot password page', () => {
  test('validates the e-mail, is accessible, stacks its buttons as /login does, and Cancel returns to sign-in', async ({ page }) => {
    await page.goto('/login');
    await expectFullWidthButtons(page, ['Sign in']);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
    await expectFullWidthButtons(page, ['Send temporary password', 'Cancel']);

    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Send temporary password' }).click();
    await expect(email).toHaveAccessibleDescription('Invalid email');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  });
});

test.describe('reset link', () => {
  test('with an expired ts shows the expired message', async ({ page }) => {
    const expiredAt = Date.now() - 60_000;
    await page.goto(`/auth?tk=any-token&ts=${expiredAt}&ue=${encodeURIComponent(ACCOUNTS.solo.email)}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('that the server does not know shows the general error', async ({ page }) => {
    const later = Date.now() + 3_600_000;
    await page.goto(`/auth?tk=unknown-token&ts=${later}&ue=${encodeURIComponent(ACCOUNTS.solo.email)}`);
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});

test.describe('resetting the password', () => {
  // The password of a demo account changes: a server of its own.
  test.use({ isolatedServer: true });

  test('forgot -> e-mailed link -> new password -> back to sign-in after 5 s -> only the new password works', async ({ page, request, server }) => {
    const { email } = ACCOUNTS.solo;
    const newPassword = 'Fresh#2027pass';

    await page.goto('/forgot');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send temporary password' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `If an account exists for ${email}, a temporary password has been sent to it. Check your inbox and follow the link in the email.`,
    );
    const mail = await waitForMail(request, server, email);
    expect(mail.link).toBeTruthy();

    // A fake clock shows the redirect happens at 5 seconds, not before, without waiting them out.
    await page.clock.install();
    await page.goto(mail.link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await expect(page.getByText(`Account: ${email}`)).toBeVisible();
    // The link check fills in the temporary password from the e-mail.
    const current = page.getByLabel('Current (temporary) password', { exact: true });
    await expect(current).not.toHaveValue('');
    const temporary = await current.inputValue();
    const submit = page.getByRole('button', { name: 'Change password' });
    await expect(submit).toBeDisabled();
    await expectFullWidthButtons(page, ['Change password']);
    await current.fill('');
    await current.blur();
    await expect(current).toHaveAccessibleDescription('Invalid current password value');
    await current.fill(temporary);
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');

    const next = page.getByLabel('New password', { exact: true });
    await next.fill('fresh2027');
    await next.blur();
    await expect(next).toHaveAccessibleDescription(
      /^At least 8 characters, with one lower-case letter, one upper-case letter, one digit and one special character/,
    );
    // The temporary password itself is no new password.
    await next.fill(temporary);
    await expect(next).toHaveAccessibleDescription(/^Must differ from new password/);

    await next.fill(newPassword);
    await expect(next).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh#2027pas');
    await page.getByLabel('Confirm new password', { exact: true }).blur();
    await expect(page.getByLabel('Confirm new password', { exact: true })).toHaveAccessibleDescription(
      'Confirm Password does not match password',
    );
    await expect(submit).toBeDisabled();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await expect(submit).toBeEnabled();
    await expectNoA11yViolations(page);

    // Time stands still from here: the countdown moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await submit.click();
    const success = page.getByRole('status').filter({ hasText: 'Your password has been changed.' });
    await expect(success).toHaveText('Your password has been changed. You will be taken to sign in in 5 seconds.');
    await page.clock.runFor(4000);
    await expect(success).toHaveText('Your password has been changed. You will be taken to sign in in 1 second.');
    await expect(page).toHaveURL(/\/auth\?/);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await page.clock.resume();

    // The old password no longer works (signIn() would wait for it to leave /login, so the form is filled here).
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, 'solo', newPassword);
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();

    // The link works once.
    await page.goto(mail.link!);
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
  });
});
