// The blocking screen as the app mounts it: Atlas News (PUBLISHER_ID) signed in as an ordinary publisher user
// unless `internal`, at `path` under the scope's base (the global page unless `scope` names a zone), with its
// dialogs' nested routes; the calls are blockingApi.ts's and zoneBlockingApi.ts's.
import { screen, within } from '@testing-library/react';
import { BlockingScreen } from '../../../../src/resources/restrictions/BlockingScreen';
import type { BlockingScope } from '../../../../src/resources/restrictions/scope';
import type { RuntimeConfig } from '../../../../src/config/runtimeConfig';
import type { Locale } from '../../../../src/i18n/locales';
import type { Role } from '../../../../src/lib/roles';
import { publisher } from '../../../support/builders';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { PUBLISHER_ID } from './blockingApi';

export const BLOCKING_BASE = '/global-advertiser-blocks';
export const PUBLISHER_SCOPE: BlockingScope = { entity: 'publisher', entityId: PUBLISHER_ID, publisherId: PUBLISHER_ID, publisherName: 'Atlas News', basePath: BLOCKING_BASE };
const ATLAS = publisher({ id: PUBLISHER_ID, name: 'Atlas News' });

export interface RenderBlockingOptions {
  scope?: BlockingScope;
  internal?: boolean;
  /** The member's role in Atlas News (issue 22); an admin unless said. */
  role?: Role;
  locale?: Locale;
  config?: Partial<RuntimeConfig>;
}

export async function renderBlocking(path?: string, { scope = PUBLISHER_SCOPE, internal = false, role = 'ADMIN', locale, config }: RenderBlockingOptions = {}) {
  signIn({ publisher: { ...ATLAS, role }, publishers: [ATLAS], internal });
  return renderWithAdmin(<BlockingScreen scope={scope} />, { path: path ?? scope.basePath, routePath: `${scope.basePath}/*`, locale, config });
}

/** The notice region: hidden from the accessibility tree while a modal is open, but still shown. */
export const notices = () => within(screen.getByRole('log', { name: 'Notifications', hidden: true }));
