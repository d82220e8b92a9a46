// "Back to zones" returns to the list as the user left it: its page, size, sort and search (issue 8, bug 8;
// the browser's Back already did), also after moving between the zone's tabs.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ZoneEdit } from '../../../../src/resources/zones/edit/ZoneEdit';
import { ZoneList } from '../../../../src/resources/zones/ZoneList';
import { publisher } from '../../../support/builders';
import { setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { defaultState, manyZones, serveZone, serveZones } from './zoneApi';

const server = setupMsw();

describe('Back to zones', () => {
  it('opens the list at the page, size, sort and search it was left at', async () => {
    const zones = manyZones(40, 2);
    serveZones(server, zones);
    const state = defaultState();
    serveZone(server, { ...state, zone: { ...state.zone, trackingId: 5025, name: 'Zone 025' } });
    signIn({ publisher: publisher({ id: 2, name: 'Atlas News' }) });
    const left = '/zones?page=2&size=10&sortBy=trackingId&direction=DESC&searchTerm=Zone';
    const { user, location } = await renderWithAdmin(<ZoneList />, {
      path: left,
      routePath: '/zones',
      routes: { '/zones/edit/:zoneId/*': <ZoneEdit /> },
    });
    // DataTable's loading skeleton stands in until the first page arrives: the named table is the answer's.
    const table = await screen.findByRole('table', { name: 'Zones' });
    await user.click(await within(table).findByRole('link', { name: 'Zone 025' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zone 025' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Slots' }));

    await user.click(screen.getByRole('link', { name: 'Back to zones' }));
    expect(location()).toBe(left);
    expect(await within(await screen.findByRole('table', { name: 'Zones' })).findByRole('link', { name: 'Zone 025' })).toBeInTheDocument();
  });
});
