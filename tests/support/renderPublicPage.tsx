// Renders a public page the way the light shell does: no react-admin, no router, the light translate over the
// same catalogs, the runtime configuration set, the address bar at `path`.
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/config/runtimeConfig';
import { resetApiClient } from '../../src/dataProvider/client';
import { ShellI18nProvider } from '../../src/i18n/I18nContext';
import { runtimeConfig } from './builders';
import { userEventTiming } from './time';

export interface PublicRender extends RenderResult {
  user: UserEvent;
  /** The address bar's path and query. */
  location: () => string;
}

export function renderPublicPage(
  ui: ReactElement,
  options: { path?: string; config?: Partial<RuntimeConfig>; user?: Parameters<typeof userEvent.setup>[0] } = {},
): PublicRender {
  setRuntimeConfig(runtimeConfig(options.config));
  resetApiClient();
  window.history.replaceState(null, '', options.path ?? '/login');
  const result = render(<ShellI18nProvider>{ui}</ShellI18nProvider>);
  return {
    ...result,
    user: userEvent.setup({ ...userEventTiming(), ...options.user }),
    location: () => `${window.location.pathname}${window.location.search}`,
  };
}
