/**
 * react-admin's i18nProvider: polyglot over react-admin's own `ra.*` messages plus the app catalogs.
 *
 * Per language, English sits underneath (ra-language-english + en.ts) so any key a catalog lacks shows in
 * English at run time; allowMissing makes an unknown key show as itself instead of warning.
 *   en  ra-language-english                 + en.ts
 *   ja  ra/ja.ts (written here)              + ja.ts
 *   es  ra/es.ts (written here)              + es.ts
 *   fr  ra-language-french (react-admin's minor) + fr.ts
 * Non-English catalogs are separate chunks; preloadAdminMessages() fetches the starting language before the
 * admin renders, because polyglot needs the first language synchronously.
 * changeLocale also remembers the choice (cookie, <html lang>) through locales.ts.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishRaMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { loadAppMessages } from './catalogs';
import { englishMessages } from './en';
import { LOCALES, getCurrentLocale, isLocale, setCurrentLocale, type Locale } from './locales';
import { mergeMessages, type MessageTree } from './translate';

const raLoaders: Record<Locale, () => Promise<TranslationMessages>> = {
  en: async () => englishRaMessages,
  ja: () => import('./ra/ja').then((module) => module.raJapaneseMessages),
  es: () => import('./ra/es').then((module) => module.raSpanishMessages),
  fr: () => import('ra-language-french').then((module) => module.default as TranslationMessages),
};

const merge = (...trees: unknown[]) => mergeMessages(...(trees as MessageTree[])) as unknown as TranslationMessages;

// English is always ready: it is the fallback and needs no download.
const cache = new Map<Locale, TranslationMessages>([['en', merge(englishRaMessages, englishMessages)]]);

export async function preloadAdminMessages(locale: Locale): Promise<TranslationMessages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const [ra, app] = await Promise.all([raLoaders[locale](), loadAppMessages(locale)]);
  const messages = merge(englishRaMessages, ra, app);
  cache.set(locale, messages);
  return messages;
}

function getMessages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  const target: Locale = isLocale(locale) ? locale : 'en';
  return cache.get(target) ?? preloadAdminMessages(target);
}

/**
 * Starts in `initialLocale` when preloadAdminMessages(initialLocale) has resolved (the shell does that while
 * it downloads the admin chunk), else in English.
 */
export function createI18nProvider(initialLocale: Locale = getCurrentLocale()): I18nProvider {
  const locale = cache.has(initialLocale) ? initialLocale : 'en';
  const provider = polyglotI18nProvider(getMessages, locale, [...LOCALES], { allowMissing: true });
  return {
    ...provider,
    async changeLocale(next, options) {
      await provider.changeLocale(next, options);
      if (isLocale(next)) setCurrentLocale(next);
    },
  };
}
