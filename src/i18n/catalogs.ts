/**
 * App catalogs by language. English ships with the entry chunk (it is the fallback and the most common
 * choice); the others are separate chunks loaded when chosen, so the sign-in page stays small.
 */
import { englishMessages } from './en';
import type { Locale } from './locales';
import { mergeMessages, type MessageTree } from './translate';

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<MessageTree>> = {
  ja: () => import('./ja').then((module) => module.japaneseMessages),
  es: () => import('./es').then((module) => module.spanishMessages),
  fr: () => import('./fr').then((module) => module.frenchMessages),
};

const cache = new Map<Locale, MessageTree>([['en', englishMessages]]);

/** The app messages of `locale` with English underneath for any key it lacks. */
export async function loadAppMessages(locale: Locale): Promise<MessageTree> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const messages = mergeMessages(englishMessages, await loaders[locale as Exclude<Locale, 'en'>]());
  cache.set(locale, messages);
  return messages;
}

/** Already loaded messages, for a synchronous first render; undefined when still to load. */
export function loadedAppMessages(locale: Locale): MessageTree | undefined {
  return cache.get(locale);
}
