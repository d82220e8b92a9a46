// Renders the zone edit screen at one of its addresses, signed in as an Atlas News user, with the zones list as
// a stand-in destination for the back link.
import { screen, within } from '@testing-library/react';
import { ZoneEdit } from '../../../../../src/resources/zones/edit/ZoneEdit';
import { publisher } from '../../../../support/builders';
import { renderWithAdmin, signIn } from '../../../../support/renderWithAdmin';
import { ZONE_ID } from '../zoneApi';

export const ATLAS = publisher({ id: 2, name: 'Atlas News' });
export const SAKURA = publisher({ id: 3, name: 'Sakura Press' });

export async function renderZoneEdit(path = `/zones/edit/${ZONE_ID}/overview`, publishers = [ATLAS], actingAs = ATLAS) {
  signIn({ publisher: actingAs, publishers });
  return renderWithAdmin(<ZoneEdit />, {
    path,
    routePath: '/zones/edit/:zoneId/*',
    routes: { '/zones': <h1>Zones list</h1> },
  });
}

/** The notices region, where toasts and errors appear. */
export const notices = () => screen.getByRole('log', { name: 'Notifications' });
export const inNotices = () => within(notices());

/** A section (card) of the screen by its heading. */
export const section = (name: string | RegExp) => within(screen.getByRole('region', { name }));
/** The same, once the zone has loaded and the section is on screen. */
export const findSection = async (name: string | RegExp) => within(await screen.findByRole('region', { name }));
