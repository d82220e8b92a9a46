// Renders console components the way the app does: inside react-admin's AdminContext with a memoryStore, the
// real i18nProvider (all catalogs), the real authProvider and dataProvider over MSW (tests/support/msw.ts),
// the app's notice surface and the useI18n() bridge. A MemoryRouter starts at `path`; `routes` adds stand-in
// destinations so a test can see where the component navigated. Styles go to the tests' own emotion cache, emptied
// after each test (styles.ts).
import type { ReactElement, ReactNode } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { CacheProvider } from '@emotion/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config/runtimeConfig';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { resetApiClient } from '../../src/dataProvider/client';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createQueryClient } from '../../src/dataProvider/queryClient';
import { session, type Publisher } from '../../src/dataProvider/session';
import { AdminI18nBridge } from '../../src/i18n/AdminI18nBridge';
import { createI18nProvider, preloadAdminMessages } from '../../src/i18n/i18nProvider';
import type { Locale } from '../../src/i18n/locales';
import { NoticesProvider } from '../../src/notices/NoticesProvider';
import { AdminNotifications } from '../../src/notices/AdminNotifications';
import { portalTheme } from '../../src/layout/theme';
import { internalTokenPayload, runtimeConfig, tokenFor, tokenPayload } from './builders';
import { testStyles } from './styles';
import { userEventTiming } from './time';

export interface SignedInAs {
  internal?: boolean;
  publisher?: Publisher | null;
  publishers?: Publisher[];
  /** Seconds the token stays valid from now (default one hour). */
  validForSeconds?: number;
}

/** A fresh session valid from the real clock (the builders' fixed NOW_MS lies in the past). */
export function signIn({ internal = false, publisher = null, publishers = [], validForSeconds = 3600 }: SignedInAs = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  const payload = internal
    ? internalTokenPayload({ iat, exp: iat + validForSeconds })
    : tokenPayload({ iat, exp: iat + validForSeconds });
  const jwt = tokenFor(payload);
  session.clear();
  session.setToken(jwt);
  if (publishers.length) session.setPublishers(publishers);
  if (publisher) session.setPublisher(publisher);
  return jwt;
}

export interface RenderWithAdminOptions {
  path?: string;
  /** Route pattern `ui` is rendered at (default: `path` without its query). */
  routePath?: string;
  routes?: Record<string, ReactNode>;
  config?: Partial<RuntimeConfig>;
  locale?: Locale;
}

export interface AdminRender extends RenderResult {
  user: UserEvent;
  /** The browser's Back and Forward buttons. */
  back: () => void;
  forward: () => void;
  /** The router's current path and query, as the user would see them in the address bar. */
  location: () => string;
}

export async function renderWithAdmin(ui: ReactElement, options: RenderWithAdminOptions = {}): Promise<AdminRender> {
  const { path = '/', routes = {}, locale = 'en' } = options;
  setRuntimeConfig(runtimeConfig(options.config));
  resetApiClient();
  await preloadAdminMessages(locale);
  let current = path;
  let navigate: ((delta: number) => void) | null = null;
  function LocationProbe() {
    const location = useLocation();
    const go = useNavigate();
    current = `${location.pathname}${location.search}`;
    navigate = (delta) => void go(delta);
    return null;
  }
  const result = render(
    <CacheProvider value={testStyles}>
      <MemoryRouter initialEntries={[path]}>
        <NoticesProvider>
          <AdminContext
            store={memoryStore()}
            authProvider={createAuthProvider()}
            dataProvider={createDataProvider()}
            // The app's retry rule, without the waits between tries.
            queryClient={createQueryClient({ retryDelay: 0 })}
            i18nProvider={createI18nProvider(locale)}
            theme={portalTheme}
          >
            <AdminI18nBridge>
              <Routes>
                <Route path={options.routePath ?? path.split('?')[0]} element={ui} />
                {Object.entries(routes).map(([route, element]) => (
                  <Route key={route} path={route} element={element} />
                ))}
              </Routes>
              <LocationProbe />
              <AdminNotifications />
            </AdminI18nBridge>
          </AdminContext>
        </NoticesProvider>
      </MemoryRouter>
    </CacheProvider>,
  );
  // The browser's Back and Forward, through the memory router's history.
  const step = (delta: number) => act(() => navigate?.(delta));
  return { ...result, user: userEvent.setup(userEventTiming()), location: () => current, back: () => step(-1), forward: () => step(1) };
}
