/**
 * The translation context every page and layout piece reads with `useI18n()`.
 *
 * Two providers fill it: `ShellI18nProvider` (light translate, for the public pages rendered before
 * react-admin is downloaded) and, inside the admin app, `AdminI18nBridge` (react-admin's translate and
 * locale state). Components written against `useI18n()` therefore work in both places and never import
 * react-admin themselves.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadAppMessages, loadedAppMessages } from './catalogs';
import { englishMessages } from './en';
import { LOCALES, getCurrentLocale, setCurrentLocale, subscribeLocale, type Locale } from './locales';
import { createTranslator, type Translate } from './translate';

export interface PortalI18n {
  locale: Locale;
  locales: typeof LOCALES;
  translate: Translate;
  /** Resolves once the new language is on screen. */
  setLocale: (locale: Locale) => Promise<void>;
}

const I18nContext = createContext<PortalI18n | null>(null);

export const I18nContextProvider = I18nContext.Provider;

export function useI18n(): PortalI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside ShellI18nProvider or AdminI18nBridge');
  return value;
}

export function ShellI18nProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    const locale = getCurrentLocale();
    // main.tsx preloads the remembered language; English stands in if it could not be loaded.
    const messages = loadedAppMessages(locale);
    return messages ? { locale, messages } : { locale: 'en' as Locale, messages: englishMessages };
  });

  // Another part of the app (the admin header) may switch language; follow it.
  useEffect(
    () =>
      subscribeLocale((locale) => {
        void loadAppMessages(locale).then((messages) => setState({ locale, messages }));
      }),
    [],
  );

  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loadAppMessages(locale);
    setState({ locale, messages });
    setCurrentLocale(locale);
  }, []);

  const value = useMemo<PortalI18n>(
    () => ({
      locale: state.locale,
      locales: LOCALES,
      translate: createTranslator(state.messages, state.locale),
      setLocale,
    }),
    [state, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
