/**
 * The session's life as an open page sees it (issue 21, 'session expiry throws work away'). The server decides how
 * long a token lives (TOKEN_TTL_SECONDS) and how long a session may be renewed (SESSION_MAX_SECONDS); the console
 * only decides when to ask:
 *
 *   received ──────── renewFrom (half its life) ─────── warnFrom (5 min before, a quarter for short ones) ── expiresAt
 *                     from here a keystroke or a click                 nobody active: 'your session ends at …'
 *                     renews it (POST /auth/renew)                     with 'Stay signed in'
 *
 * At expiresAt an open page is not thrown away: the session is held ('ended in place') while the user signs in
 * again over it, and everything on the page, an open dialog's text included, stays. While it is held, react-admin
 * is not told to sign out (authProvider: checkAuth and checkError leave a held session alone).
 *
 * When the session ends otherwise (a page opened with an expired token, a call refused with 401), the page the user
 * was on is remembered in the tab's session storage, and signing in again as the same user returns there, working
 * as the same publisher, instead of to the chooser.
 *
 * Loaded by the public pages (the login page takes the return): no react-admin, no MUI.
 */
import { sessionExpiresAt, type Publisher, type SessionState } from './session';

export const WARN_BEFORE_MS = 5 * 60_000;

export interface SessionTimes {
  /** From here, user activity renews the token. */
  renewFrom: number;
  /** From here, without activity, the page warns that the session is about to end. */
  warnFrom: number;
  expiresAt: number;
}

export function sessionTimes(state: Pick<SessionState, 'token' | 'receivedAt'>): SessionTimes | null {
  if (state.token === null) return null;
  const lifetime = Math.max(0, state.token.exp - state.token.iat) * 1000;
  const expiresAt = sessionExpiresAt(state);
  return { renewFrom: expiresAt - lifetime / 2, warnFrom: expiresAt - Math.min(WARN_BEFORE_MS, lifetime / 4), expiresAt };
}

// ---------------------------------------------------------------- a session ended while its page was open

let held = false;
const listeners = new Set<() => void>();

function setHeld(next: boolean): void {
  if (held === next) return;
  held = next;
  for (const listener of [...listeners]) listener();
}

/** The open page keeps its ended session while the user signs in again over it. */
export const endedSession = {
  hold: () => setHeld(true),
  release: () => setHeld(false),
  isHeld: () => held,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

// ---------------------------------------------------------------- back to the page after signing in again

export const RETURN_KEY = 'portal.returnTo';

export interface ReturnPoint {
  userId: number;
  path: string;
  publisher: Publisher | null;
  publishers: Publisher[];
}

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(): TabStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Paths the user can be sent back to: the console's own, never a public page or another site. */
const isReturnablePath = (path: string) => /^\/(?!\/)/.test(path) && !/^\/(login|forgot|auth|external-login)(?:[/?#]|$)/.test(path);

/** Remembers where the user was when the session ended on its own (not a logout). */
export function rememberReturn(state: Pick<SessionState, 'token' | 'publisher' | 'publishers'>, path: string, storage = tabStorage()): void {
  if (state.token === null || !isReturnablePath(path)) return;
  const point: ReturnPoint = { userId: state.token.user.id, path, publisher: state.publisher, publishers: state.publishers };
  try {
    storage?.setItem(RETURN_KEY, JSON.stringify(point));
  } catch {
    // Storage full or blocked: the user lands on the chooser instead.
  }
}

/** The remembered page of `userId` (then forgotten); another user's is forgotten and never given. */
export function takeReturn(userId: number, storage = tabStorage()): ReturnPoint | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(RETURN_KEY) ?? null;
    storage?.removeItem(RETURN_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const point = JSON.parse(raw) as Partial<ReturnPoint>;
    if (point.userId !== userId || typeof point.path !== 'string' || !isReturnablePath(point.path)) return null;
    return { userId, path: point.path, publisher: point.publisher ?? null, publishers: Array.isArray(point.publishers) ? point.publishers : [] };
  } catch {
    return null;
  }
}

/** Forgets the remembered page (the user signed out on purpose). */
export function forgetReturn(storage = tabStorage()): void {
  try {
    storage?.removeItem(RETURN_KEY);
  } catch {
    // nothing stored
  }
}
