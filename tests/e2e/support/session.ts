// Signed-in sessions set directly, for the tests whose subject is not the login form or the chooser (those are
// covered in auth.spec.ts and chooser.spec.ts). A real token from POST /auth/login and the publishers the
// chooser would store, written to the three local-storage keys the console reads (src/dataProvider/session.ts)
// before its first script runs: the page opens signed in, at the chosen publisher, with no form or chooser.
import type { BrowserContextOptions, Page } from '@playwright/test';
import { SESSION_KEYS as KEYS, type Publisher } from '../../../src/dataProvider/session';
import type { TokenPayload } from '../../../src/dataProvider/token';
import { ACCOUNTS, DEMO_PASSWORD, type ActiveAccount } from './accounts';

export type { Publisher };
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The three keys the console may keep in local storage (spec section 4). */
export const SESSION_KEYS = Object.values(KEYS);

/** A server the helpers talk to: its URL, and its data dir, which tells two servers on one port apart. */
export interface ServerRef {
  url: string;
  dataDir: string;
}

export interface SignedIn {
  account: ActiveAccount;
  jwt: string;
  userId: number;
  /** The publisher the session works as; null: none chosen yet. */
  publisher: Publisher | null;
  /** What the chooser would store with it: the user's own (unfiltered) list. */
  publishers: Publisher[];
}

async function api<T>(server: ServerRef, path: string, init: RequestInit & { jwt?: string } = {}): Promise<T> {
  const { jwt, headers, ...rest } = init;
  const res = await fetch(new URL(path, server.url), {
    ...rest,
    headers: { 'content-type': 'application/json', 'x-app': 'PC', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...headers },
  });
  if (!res.ok) throw new Error(`${rest.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

// One sign-in per account and server for the whole worker: tokens live 8 hours, and no test changes the
// password of an account on a shared server (the reset test has a server of its own). A test that logs out ends
// that sign-in's session on the server (issue 22), so a cached token is checked before it is handed out again, and
// replaced by a new sign-in when its session has ended.
const tokens = new Map<string, Promise<string>>();

async function isLive(server: ServerRef, jwt: string): Promise<boolean> {
  const res = await fetch(new URL('/external/me/two-factor', server.url), { headers: { 'x-app': 'PC', authorization: `Bearer ${jwt}` } });
  return res.ok;
}

/** A sign-in token for a demo account, from POST /auth/login as the console's own login asks for it. */
export async function loginToken(server: ServerRef, account: ActiveAccount): Promise<string> {
  const key = `${server.url} ${server.dataDir} ${account}`;
  const cached = tokens.get(key);
  if (cached) {
    const jwt = await cached.catch(() => null);
    if (jwt !== null && (await isLive(server, jwt))) return jwt;
    tokens.delete(key);
  }
  const token = api<{ jwt: string }>(server, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: ACCOUNTS[account].email, password: DEMO_PASSWORD }),
  }).then(({ jwt }) => jwt);
  token.catch(() => tokens.delete(key));
  tokens.set(key, token);
  return token;
}

function userIdOf(jwt: string): number {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenPayload;
  return payload.user.id;
}

/**
 * GET /external/publishers/simple-search as the chooser sends it: the first 50 publishers the token's user may act
 * for (an external user's own, any for staff) whose name contains `term` or whose id is `term`; '' matches all.
 */
export function fetchPublishersMatching(server: ServerRef, jwt: string, term: string): Promise<Publisher[]> {
  const query = new URLSearchParams({ searchTerm: term, maxResults: '50' });
  return api<Publisher[]>(server, `/external/publishers/simple-search?${query}`, { jwt });
}

/**
 * `account` signed in, working as the publisher named `publisher` (null: none chosen yet), with what the chooser
 * would have stored: the list it shows on arrival, and the chosen one found by name (staff: by a search, as they do).
 */
export async function signInDirectly(server: ServerRef, account: ActiveAccount, publisher: string | null): Promise<SignedIn> {
  const jwt = await loginToken(server, account);
  const listed = await fetchPublishersMatching(server, jwt, '');
  let chosen: Publisher | null = null;
  if (publisher !== null) {
    const found = listed.find((p) => p.name === publisher) ?? (await fetchPublishersMatching(server, jwt, publisher)).find((p) => p.name === publisher);
    if (!found) throw new Error(`${account} cannot work as "${publisher}": not among the publishers the server gives them`);
    chosen = found;
  }
  return { account, jwt, userId: userIdOf(jwt), publisher: chosen, publishers: chosen ? listed : [] };
}

/** Playwright storage state holding that session for the server's origin. */
export function storageStateOf(server: ServerRef, session: SignedIn): StorageState {
  const entries: { name: string; value: string }[] = [{ name: KEYS.auth, value: JSON.stringify({ jwt: session.jwt }) }];
  if (session.publisher) {
    entries.push({ name: KEYS.publisher, value: JSON.stringify(session.publisher) });
    entries.push({ name: KEYS.publishers, value: JSON.stringify(session.publishers) });
  }
  return { cookies: [], origins: [{ origin: new URL(server.url).origin, localStorage: entries }] };
}

/**
 * Opens `path` through the product's external-login path: a `jwt` query parameter starts a fresh session (spec
 * section 2). For the tests of that path and of what comes before a publisher is chosen.
 */
export async function openWithJwt(page: Page, server: ServerRef, account: ActiveAccount, path = '/browse'): Promise<void> {
  const jwt = await loginToken(server, account);
  await page.goto(`${path}?jwt=${encodeURIComponent(jwt)}`);
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
