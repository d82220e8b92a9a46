// The public pages' light translate must render messages the way react-admin's polyglot does.
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { createTranslator, mergeMessages } from '../../../src/i18n/translate';
import { detectInitialLocale, localeFromTag, readCookie } from '../../../src/i18n/locales';

const messages = {
  greeting: 'Hello %{name}',
  seconds: 'in %{smart_count} second |||| in %{smart_count} seconds',
  nested: { deep: { key: 'Deep' } },
};

describe('createTranslator', () => {
  it.each([
    ['en', 'seconds', { smart_count: 1 }],
    ['en', 'seconds', { smart_count: 0 }],
    ['en', 'seconds', { smart_count: 5 }],
    ['fr', 'seconds', { smart_count: 0 }],
    ['fr', 'seconds', { smart_count: 1 }],
    ['fr', 'seconds', { smart_count: 2 }],
    ['ja', 'seconds', { smart_count: 3 }],
    ['en', 'greeting', { name: 'Ada' }],
    ['en', 'greeting', {}],
    ['en', 'nested.deep.key', undefined],
  ] as const)('%s %s %o renders like polyglot', (locale, key, options) => {
    const polyglot = polyglotI18nProvider(() => messages as unknown as TranslationMessages, locale, [{ locale, name: locale }], { allowMissing: true });
    expect(createTranslator(messages, locale)(key, options)).toBe(polyglot.translate(key, options));
  });

  it('shows the key for an unknown message, or the given default', () => {
    const translate = createTranslator(messages, 'en');
    expect(translate('missing.key')).toBe('missing.key');
    expect(translate('missing.key', { _: 'Fallback %{x}', x: 1 })).toBe('Fallback 1');
  });
});

describe('mergeMessages', () => {
  it('keeps English underneath keys a catalog lacks', () => {
    const merged = mergeMessages({ a: 'A', b: { c: 'C', d: 'D' } }, { b: { c: 'Ç' } });
    expect(merged).toEqual({ a: 'A', b: { c: 'Ç', d: 'D' } });
  });
});

describe('initial language', () => {
  it('prefers the portal_lang cookie', () => {
    expect(detectInitialLocale('a=1; portal_lang=ja; b=2', ['fr-FR'])).toBe('ja');
  });

  it('then the first browser language the portal offers', () => {
    expect(detectInitialLocale('', ['de-DE', 'es-MX', 'fr'])).toBe('es');
  });

  it('else English, also for an unknown cookie value', () => {
    expect(detectInitialLocale('portal_lang=xx', ['de', 'it'])).toBe('en');
  });

  it('reads language tags and cookies loosely', () => {
    expect(localeFromTag('JA-jp')).toBe('ja');
    expect(localeFromTag('pt-BR')).toBeUndefined();
    expect(readCookie('x=1;  portal_lang=fr', 'portal_lang')).toBe('fr');
  });
});
