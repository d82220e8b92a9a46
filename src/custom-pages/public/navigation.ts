/**
 * Router-agnostic navigation for the public pages. They run both in the light shell (no router at all) and
 * inside the admin app (react-router's BrowserRouter), so they move with the History API and then dispatch a
 * popstate event: the shell and BrowserRouter both listen for it and re-read window.location. The history
 * entry carries react-router's own state shape ({ usr, key, idx }) so its back/forward bookkeeping stays right.
 */
import { useSyncExternalStore } from 'react';
import { paths } from '../../routes';

export const PUBLIC_PATHS = [paths.login, paths.forgot, paths.reset, paths.externalLogin, paths.unsubscribe, paths.invitation] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function publicPathOf(pathname: string): PublicPath | undefined {
  const path = normalisePath(pathname);
  return PUBLIC_PATHS.find((candidate) => candidate === path);
}

export function isPublicPath(pathname: string): boolean {
  return publicPathOf(pathname) !== undefined;
}

/**
 * Where the console sends a page it is opened at, before drawing anything (spec section 2), or null to stay:
 * every path but the public ones needs a usable session (to /login); a public page opened with a jwt that signed
 * the user in goes on to the chooser, as every other path does (the token is the login).
 */
export function entryRedirect(pathname: string, { tokenAdopted, signedIn }: { tokenAdopted: boolean; signedIn: boolean }): string | null {
  if (!isPublicPath(pathname)) return signedIn ? null : paths.login;
  return tokenAdopted && signedIn ? paths.browse : null;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const current: unknown = window.history.state;
  const index =
    typeof current === 'object' && current !== null && 'idx' in current && typeof current.idx === 'number'
      ? current.idx
      : 0;
  const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: options.replace ? index : index + 1 };
  if (options.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

const currentPath = () => window.location.pathname;
const currentSearch = () => window.location.search;

/** The current path, updated on navigate() and on back/forward. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPath, currentPath);
}

/** The current query string ('?a=b' or ''). */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, currentSearch);
}
