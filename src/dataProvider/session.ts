/**
 * The console's only persisted state (spec section 4: auth, publisher and publishers in local storage; nothing
 * else). Three keys:
 * - 'portal.auth'        { jwt, receivedAt } the login token, and when this browser received it (its clock, ms): the
 *                                          token's lifetime (exp - iat, the server's decision) counts from then, so
 *                                          a browser clock that differs from the server's moves no expiry
 * - 'portal.publisher'   Publisher         the publisher last chosen (a new tab starts with it)
 * - 'portal.publishers'  Publisher[]       the last chooser result (decides the change-publisher button)
 *
 * Each tab keeps the publisher it works as (the tab's session storage, 'portal.tabPublisher': the publisher and
 * the user it was chosen by). Choosing a publisher in one tab never retargets another: every call a tab makes,
 * and every figure it shows, is for the publisher that tab shows (issue 21). A new tab, or a tab whose user
 * changed, starts with the publisher last chosen.
 *
 * get() returns the same snapshot object until something changes, so useSyncExternalStore can use it directly.
 * Writes from other tabs arrive as 'storage' events and refresh the snapshot (signing out in one tab signs out
 * all of them). Stored values that are not valid JSON or not the expected shape are removed, never thrown.
 * When local storage is unavailable (blocked by privacy settings, or tests in Node) the state lives in memory for
 * the life of the page.
 *
 * Loaded by the public pages: no react-admin here.
 */
import { useSyncExternalStore } from 'react';
import type { components } from '../../openapi/portal';
import { decodeToken, type TokenPayload } from './token';

export type Publisher = components['schemas']['Publisher'];

export interface SessionState {
  jwt: string | null;
  token: TokenPayload | null;
  /** When this browser received the token (Date.now()), or null when unknown (a token stored by other means). */
  receivedAt: number | null;
  publisher: Publisher | null;
  publishers: Publisher[];
}

export const SESSION_KEYS = {
  auth: 'portal.auth',
  publisher: 'portal.publisher',
  publishers: 'portal.publishers',
} as const;

const ALL_KEYS: readonly string[] = Object.values(SESSION_KEYS);
/** The tab's own publisher (session storage). */
export const TAB_PUBLISHER_KEY = 'portal.tabPublisher';

/** The spec's businessUnitId is the nested businessUnit.id of the contract's Publisher. */
export function businessUnitIdOf(publisher: Pick<Publisher, 'businessUnit'>): number {
  return publisher.businessUnit.id;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPublisher(value: unknown): value is Publisher {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    isRecord(value.businessUnit) &&
    typeof value.businessUnit.id === 'number'
  );
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function defaultStorage(kind: 'localStorage' | 'sessionStorage'): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    // Reading the property throws in some browsers when storage is blocked.
    if (typeof globalThis[kind] !== 'undefined') return globalThis[kind];
  } catch {
    // fall through to memory
  }
  return memoryStorage();
}

export interface SessionStore {
  get(): SessionState;
  /** Stores a token received now (a sign-in, a renewal, an external login). */
  setToken(jwt: string): void;
  setPublisher(publisher: Publisher | null): void;
  setPublishers(list: Publisher[]): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export interface SessionStoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The tab's own storage (session storage in the browser). */
  tabStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Where 'storage' events from other tabs arrive (window in the browser). */
  events?: Pick<EventTarget, 'addEventListener'> | null;
  now?: () => number;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const storage = options.storage ?? defaultStorage('localStorage');
  const tabStorage = options.tabStorage ?? defaultStorage('sessionStorage');
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  let snapshot: SessionState | null = null;

  function read<T>(key: string, accept: (value: unknown) => T | null, from = storage): T | null {
    let raw: string | null;
    try {
      raw = from.getItem(key);
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const value = accept(JSON.parse(raw));
      if (value !== null) return value;
    } catch {
      // corrupt JSON: discarded below
    }
    remove(key, from);
    return null;
  }

  function write(key: string, value: unknown, to = storage): void {
    try {
      to.setItem(key, JSON.stringify(value));
    } catch {
      // Quota or blocked storage: the in-tab snapshot still changes, only persistence is lost.
    }
  }

  function remove(key: string, from = storage): void {
    try {
      from.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  }

  function load(): SessionState {
    const auth = read(SESSION_KEYS.auth, (value) => {
      if (!isRecord(value) || typeof value.jwt !== 'string') return null;
      const token = decodeToken(value.jwt);
      const receivedAt = typeof value.receivedAt === 'number' && Number.isFinite(value.receivedAt) ? value.receivedAt : null;
      return token === null ? null : { jwt: value.jwt, token, receivedAt };
    });
    const userId = auth?.token.user.id ?? null;
    const pinned = read(TAB_PUBLISHER_KEY, (value) => (isRecord(value) && isPublisher(value.publisher) ? { userId: value.userId, publisher: value.publisher } : null), tabStorage);
    let publisher = pinned !== null && pinned.userId === userId ? pinned.publisher : null;
    if (publisher === null) {
      // A new tab, or another user signed in: the publisher last chosen, kept by this tab from now on.
      publisher = read(SESSION_KEYS.publisher, (value) => (isPublisher(value) ? value : null));
      if (publisher !== null && userId !== null) write(TAB_PUBLISHER_KEY, { userId, publisher }, tabStorage);
    }
    const publishers = read(SESSION_KEYS.publishers, (value) =>
      Array.isArray(value) && value.every(isPublisher) ? value : null,
    );
    return { jwt: auth?.jwt ?? null, token: auth?.token ?? null, receivedAt: auth?.receivedAt ?? null, publisher, publishers: publishers ?? [] };
  }

  function changed(): void {
    snapshot = null;
    for (const listener of [...listeners]) listener();
  }

  options.events?.addEventListener('storage', (event) => {
    const key = (event as StorageEvent).key;
    // key null means another tab cleared the whole storage.
    if (key === null || key === undefined || ALL_KEYS.includes(key)) changed();
  });

  function get(): SessionState {
    snapshot ??= load();
    return snapshot;
  }

  return {
    get,
    setToken(jwt) {
      write(SESSION_KEYS.auth, { jwt, receivedAt: now() });
      changed();
    },
    setPublisher(publisher) {
      if (publisher === null) {
        remove(SESSION_KEYS.publisher);
        remove(TAB_PUBLISHER_KEY, tabStorage);
      } else {
        write(SESSION_KEYS.publisher, publisher);
        write(TAB_PUBLISHER_KEY, { userId: get().token?.user.id ?? null, publisher }, tabStorage);
      }
      changed();
    },
    setPublishers(list) {
      write(SESSION_KEYS.publishers, list);
      changed();
    },
    clear() {
      for (const key of ALL_KEYS) remove(key);
      remove(TAB_PUBLISHER_KEY, tabStorage);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const session: SessionStore = createSessionStore({
  events: typeof window === 'undefined' ? null : window,
});

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/**
 * A `jwt` query parameter (external login, spec section 2) starts a fresh session with that token. The parameter
 * is removed from the address bar at once so it stays out of bookmarks, history and referrers. Both the
 * page query (?jwt=) and a hash-router query (#/path?jwt=) are read. Returns true when a token was adopted.
 */
export function adoptJwtFromUrl(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
  store: SessionStore = session,
): boolean {
  const url = new URL(location.href);
  const hashQueryAt = url.hash.indexOf('?');
  const hashParams = new URLSearchParams(hashQueryAt === -1 ? '' : url.hash.slice(hashQueryAt + 1));
  if (!url.searchParams.has('jwt') && !hashParams.has('jwt')) return false;

  const jwt = (url.searchParams.get('jwt') || hashParams.get('jwt') || '').trim();
  url.searchParams.delete('jwt');
  hashParams.delete('jwt');
  if (hashQueryAt !== -1) {
    const rest = hashParams.toString();
    url.hash = url.hash.slice(0, hashQueryAt) + (rest === '' ? '' : `?${rest}`);
  }
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);

  if (jwt === '') return false;
  store.clear();
  store.setToken(jwt);
  return true;
}

/**
 * When the session's token expires by this browser's clock: its lifetime (exp - iat, the server's decision) from
 * when the browser received it, or its exp when that is unknown.
 */
export function sessionExpiresAt(state: Pick<SessionState, 'token' | 'receivedAt'>): number {
  const { token, receivedAt } = state;
  if (token === null) return 0;
  return receivedAt === null ? token.exp * 1000 : receivedAt + Math.max(0, token.exp - token.iat) * 1000;
}

/** A token that has not expired (spec section 4: a token past expiry counts as logged out). */
export function hasUsableToken(state: Pick<SessionState, 'token' | 'receivedAt'>, nowMs: number = Date.now()): boolean {
  return state.token !== null && nowMs < sessionExpiresAt(state);
}
