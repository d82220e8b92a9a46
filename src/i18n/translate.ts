/**
 * A light translate for the public pages, which must not download react-admin (and with it polyglot).
 * It reads the same catalogs and follows polyglot's rules closely enough that a message renders the same in
 * both places: dotted keys, `%{name}` interpolation (unknown names stay as typed), `a |||| b` plural forms
 * chosen by `smart_count` with polyglot's plural groups for our four languages, `_` as the default text,
 * and the key itself when nothing is found (react-admin's allowMissing behaviour).
 */
import type { Locale } from './locales';

export type TranslateOptions = { _?: string; smart_count?: number } & Record<string, unknown>;
export type Translate = (key: string, options?: TranslateOptions) => string;

export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

const PLURAL_FORM: Record<Locale, (count: number) => number> = {
  en: (n) => (n !== 1 ? 1 : 0),
  es: (n) => (n !== 1 ? 1 : 0),
  fr: (n) => (n >= 2 ? 1 : 0),
  ja: () => 0,
};

export function lookup(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function formatMessage(phrase: string, locale: Locale, options: TranslateOptions = {}): string {
  let text = phrase;
  if (typeof options.smart_count === 'number') {
    const forms = phrase.split('||||');
    text = (forms[PLURAL_FORM[locale](options.smart_count)] ?? forms[0] ?? '').trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? token : String(value);
  });
}

export function createTranslator(messages: MessageTree, locale: Locale): Translate {
  return (key, options) => {
    const phrase = lookup(messages, key) ?? options?._;
    return phrase === undefined ? key : formatMessage(phrase, locale, options);
  };
}

/** Deep merge, later trees win: English underneath a partial catalog gives the run-time fallback. */
export function mergeMessages(...trees: MessageTree[]): MessageTree {
  const result: Record<string, string | MessageTree> = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = result[key];
      result[key] =
        typeof value === 'object' && existing !== undefined && typeof existing === 'object'
          ? mergeMessages(existing, value)
          : value;
    }
  }
  return result;
}
