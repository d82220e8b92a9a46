// Quicker ways into the signed-in console for tests whose subject is not the login form itself (that form is
// covered once per account in auth.spec.ts). They use the product's own external-login path: a `jwt` query
// parameter starts a fresh session (spec section 2), with a token from a real POST /auth/login.
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, type Account } from '../fixtures';

/** The three keys the console may keep in local storage (spec section 4; src/dataProvider/session.ts). */
export const SESSION_KEYS = ['portal.auth', 'portal.publisher', 'portal.publishers'] as const;

/** A sign-in token for a demo account, from the auth service as the console's own login asks for it. */
export async function loginToken(request: APIRequestContext, account: Exclude<Account, 'locked'>): Promise<string> {
  const res = await request.post('/auth/login', {
    data: { email: ACCOUNTS[account].email, password: DEMO_PASSWORD },
    headers: { 'X-App': 'PC' },
  });
  expect(res.status(), `POST /auth/login as ${account}`).toBe(200);
  const { jwt } = (await res.json()) as { jwt: string };
  return jwt;
}

/** Opens `path` signed in as `account` (no publisher chosen yet, unless the chooser picks the only one). */
export async function openSignedIn(
  page: Page,
  request: APIRequestContext,
  account: Exclude<Account, 'locked'>,
  path = '/browse',
): Promise<void> {
  const jwt = await loginToken(request, account);
  await page.goto(`${path}?jwt=${encodeURIComponent(jwt)}`);
}

/**
 * Signs in as `account` and works as `publisher`, chosen in the publisher chooser as a person would (staff find it
 * through the search first). Ends on /home/reporting with the layout drawn.
 */
export async function workAs(
  page: Page,
  request: APIRequestContext,
  account: 'multi' | 'staff',
  publisher: string,
): Promise<void> {
  await openSignedIn(page, request, account);
  if (account === 'staff') await page.getByRole('textbox', { name: 'Search publishers' }).fill(publisher);
  await page.getByRole('list', { name: 'Publishers' }).getByRole('button', { name: new RegExp(`^${publisher} #`) }).click();
  await expect(page).toHaveURL(/\/home\/reporting$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** The local-storage keys the page holds now, sorted. */
export async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage).sort());
}

/** A stored session value, parsed (null when absent). */
export async function storedValue<T>(page: Page, key: (typeof SESSION_KEYS)[number]): Promise<T | null> {
  const raw = await page.evaluate((name) => window.localStorage.getItem(name), key);
  return raw === null ? null : (JSON.parse(raw) as T);
}
