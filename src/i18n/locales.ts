/**
 * The user's language: which ones exist, the initial choice, and where the choice is remembered.
 *
 * The choice lives in a first-party cookie (`portal_lang`, SameSite=Lax, one year), not in localStorage:
 * spec section 4 keeps only auth, publisher and publishers state in local storage. It is also why react-admin
 * runs on a memoryStore (its default localStorage store would persist the locale and list parameters).
 *
 * This module is shared by the light shell (public pages) and the admin app, so it must not import
 * react-admin. One small store holds the current locale; both sides read and write it here.
 */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'ja', name: '日本語' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

export const DEFAULT_LOCALE: Locale = 'en';
export const LANGUAGE_COOKIE = 'portal_lang';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((entry) => entry.locale === value);
}

/** 'ja-JP' -> 'ja'; undefined when the language is not offered. */
export function localeFromTag(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/** Cookie first, then the browser's preferred languages in order, else English. */
export function detectInitialLocale(cookieHeader: string, browserLanguages: readonly string[]): Locale {
  const fromCookie = localeFromTag(readCookie(cookieHeader, LANGUAGE_COOKIE));
  if (fromCookie) return fromCookie;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

let current: Locale | null = null;
const listeners = new Set<(locale: Locale) => void>();

/** The current locale, read from the cookie and browser on first use. */
export function getCurrentLocale(): Locale {
  current ??= detectInitialLocale(typeof document === 'undefined' ? '' : document.cookie, browserLanguages());
  return current;
}

/**
 * Makes `locale` current: remembers it in the cookie, sets <html lang> (screen readers pick voices from it)
 * and tells subscribers. Callers switch only once the catalog for `locale` is loaded, so the attribute
 * always matches the text on screen.
 */
export function setCurrentLocale(locale: Locale): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  applyDocumentLanguage(locale);
  if (current === locale) return;
  current = locale;
  for (const listener of listeners) listener(locale);
}

export function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

export function subscribeLocale(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests only: forget the cached choice so the next read looks at the cookie again. */
export function resetLocaleForTests(): void {
  current = null;
  listeners.clear();
}
