// The global blocking screen of Atlas News (PUBLISHER_ID) at a path under /global-advertiser-blocks, signed in as
// an ordinary publisher user unless `internal`, with its dialogs' nested routes; the calls are blockingApi.ts's.
import { screen, within } from '@testing-library/react';
import { BlockingScreen } from '../../../../src/components/blocking/BlockingScreen';
import { publisher } from '../../../support/builders';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { PUBLISHER_ID } from './blockingApi';

export const BLOCKING_BASE = '/global-advertiser-blocks';
const ATLAS = publisher({ id: PUBLISHER_ID, name: 'Atlas News' });

export async function renderBlocking(path = BLOCKING_BASE, { internal = false } = {}) {
  signIn({ publisher: ATLAS, publishers: [ATLAS], internal });
  return renderWithAdmin(
    <BlockingScreen scope={{ entity: 'publisher', entityId: PUBLISHER_ID, publisherId: PUBLISHER_ID, basePath: BLOCKING_BASE }} />,
    { path, routePath: `${BLOCKING_BASE}/*` },
  );
}

/** The notice region: hidden from the accessibility tree while a modal is open, but still shown. */
export const notices = () => within(screen.getByRole('log', { name: 'Notifications', hidden: true }));
