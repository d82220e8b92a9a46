// Signing in and out of the console (spec sections 2, 4, 5, 8): each demo account through the login form, the
// messages of a refused sign-in, field validation, the route guard without a token, logout, and the external
// login by a `jwt` query parameter. Nothing here changes server data, so the tests share the worker's server.
// The sign-in form is the subject here; elsewhere tests start signed in (test.use({ account, publisher })).
import { ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, signIn, test } from './fixtures';
import { SESSION_KEYS, loginToken, openWithJwt, storedKeys, storedValue } from './support/session';

const SUPPORT_EMAIL = 'publisher-support@adnetwork.example';

test.describe('sign-in form', () => {
  test('an empty or malformed e-mail gives "Invalid email", an empty password "Invalid password"; accessible throughout', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByText('Welcome to the Publisher Portal. Sign in with your email and password.')).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(email).toHaveAccessibleDescription('Invalid email');
    await expect(password).toHaveAccessibleDescription('Invalid password');
    await expect(email).toBeFocused();
    // The form with both fields in error: everything the empty form has, and the error texts.
    await expectNoA11yViolations(page);

    await email.fill('solo@publisher');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(email).toHaveAccessibleDescription('Invalid email');

    await email.fill(ACCOUNTS.solo.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('Invalid password');
    await expect(password).toBeFocused();
    // Nothing was sent: the form stays, without a sign-in failure.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a wrong password shows "Invalid email or password", which does not fade', async ({ page }) => {
    // The fake clock lets the test run well past every toast duration (3 s, 5 s) without waiting for it.
    await page.clock.install();
    await signIn(page, 'solo', 'Wrong#2026pass');
    const failure = page.getByRole('alert');
    await expect(failure).toHaveText('Invalid email or password');
    await page.clock.runFor(30_000);
    await expect(failure).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    // What was typed stays, so a typo can be corrected.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(ACCOUNTS.solo.email);
    expect(await storedKeys(page)).toEqual([]);

    // Corrected, the same form signs in.
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home\/reporting$/);
  });

  test('a locked account is refused with the locked message and the support e-mail', async ({ page }) => {
    await signIn(page, 'locked');
    await expect(page.getByRole('alert')).toHaveText(
      `Your account is locked. Please reach out to your contact or send an email to ${SUPPORT_EMAIL}.`,
    );
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual([]);
  });
});

test.describe('signing in as each demo account', () => {
  test('solo: its one publisher is chosen automatically and the reporting home opens', async ({ page }) => {
    await signIn(page, 'solo');
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
    expect((await storedValue<{ name: string }>(page, 'portal.publisher'))?.name).toBe('Solo Media');
    // With one publisher there is nothing to change to.
    await expect(page.getByRole('link', { name: /Change publisher/ })).toHaveCount(0);
  });

  test('multi: the chooser lists its three publishers', async ({ page }) => {
    await signIn(page, 'multi');
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'publishers found' })).toHaveText('3 publishers found');
    await expect(page.getByRole('list', { name: 'Publishers' }).getByRole('button')).toHaveText([
      /^Atlas News/,
      /^Premium Classic/,
      /^Sakura Press/,
    ]);
  });

  test('staff: the chooser opens with every publisher to search', async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
    // Staff are not limited to publishers of their own: the other publishers' accounts are listed too.
    const results = page.getByRole('list', { name: 'Publishers' });
    await expect(results.getByRole('button', { name: /^Harbor Gazette/ })).toBeVisible();
    await expect(results.getByRole('button', { name: /^Solo Media/ })).toBeVisible();
    await expect(results.getByRole('button', { name: /^Atlas News/ })).toBeVisible();
  });
});

test('without a sign-in token every protected path redirects to /login', async ({ page }) => {
  for (const path of ['/home/reporting', '/zones', '/account-settings/billing']) {
    await page.goto(path);
    await expect(page, `${path} without a token`).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  }
});

test.describe('a signed-in session', () => {
  test.use({ account: 'solo', publisher: 'Solo Media' });

  test('ends when its token is past its expiry', async ({ page }) => {
    await page.clock.install();
    await page.goto('/home/reporting');
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
    // Demo tokens live 8 hours (TOKEN_TTL_SECONDS); the browser's clock moves past that.
    await page.clock.setSystemTime(Date.now() + 8 * 3600_000 + 60_000);
    await page.goto('/home/reporting');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  });
});

test.describe('logout', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('clears the stored session without any error; the portal then needs a new sign-in', async ({ page }) => {
    const logout = () => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
    await page.goto('/home/reporting');
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
    expect(await storedKeys(page)).toEqual([...SESSION_KEYS].sort());

    await logout();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    expect(await storedKeys(page)).toEqual([]);
    // Drawn by the portal after a logout, the sign-in page has the header and card of a fresh load (below).
    const signInLayout = async () => ({
      header: (await page.getByRole('banner').boundingBox())?.height,
      title: (await page.getByRole('heading', { name: 'Sign in', level: 1 }).boundingBox())?.y,
    });
    const afterLogout = await signInLayout();

    // Signing in again in the same tab: error notices never fade, so a "Please login to continue" raised by the
    // logout would still show.
    await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.solo.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(page.getByRole('heading', { name: 'Reporting', level: 1 })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Notifications' })).not.toContainText('Please login to continue');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await logout();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual([]);
    await page.goto('/home/reporting');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    expect(await signInLayout()).toEqual(afterLogout);
  });
});

test.describe('external login by a jwt query parameter', () => {
  test('signs in with that token and removes it from the address bar', async ({ page, server }) => {
    const jwt = await loginToken(server, 'multi');
    await page.goto(`/browse?jwt=${encodeURIComponent(jwt)}`);
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Publishers' }).getByRole('button')).toHaveCount(3);
    expect(new URL(page.url()).search).toBe('');
    expect(await storedValue<{ jwt: string }>(page, 'portal.auth')).toEqual({ jwt, receivedAt: expect.any(Number) });

    // The chooser has its own logout, which clears the session just the same.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('replaces the session of whoever was signed in before', async ({ page, server }) => {
    await openWithJwt(page, server, 'solo');
    await expect(page).toHaveURL(/\/home\/reporting$/);

    const jwt = await loginToken(server, 'multi');
    await page.goto(`/home/reporting?jwt=${encodeURIComponent(jwt)}`);
    // Solo Media's choice went with the old session: multi has to choose first.
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('list', { name: 'Publishers' }).getByRole('button')).toHaveText([
      /^Atlas News/,
      /^Premium Classic/,
      /^Sakura Press/,
    ]);
    expect(await storedValue(page, 'portal.publisher')).toBeNull();
  });

  test('/external-login and /login with a token go on to the chooser; without one /external-login offers the normal sign-in', async ({ page, server }) => {
    await openWithJwt(page, server, 'multi', '/login');
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();

    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/external-login');
    await expect(page.getByRole('heading', { name: 'No sign-in token', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in with your email and password' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await openWithJwt(page, server, 'multi', '/external-login');
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
  });
});
