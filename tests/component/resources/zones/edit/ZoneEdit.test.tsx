// The zone edit screen's frame (spec section 2 'Zones'): header with name, id, type and the way back, the tabs
// as addresses, the not-found state for a zone that is missing or another publisher's.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setupMsw } from '../../../../support/msw';
import { defaultState, serveZone, ZONE_ID } from '../zoneApi';
import { ATLAS, renderZoneEdit, SAKURA, section } from './renderZoneEdit';
import { session } from '../../../../../src/dataProvider/session';

const server = setupMsw();

describe('ZoneEdit', () => {
  it("shows the zone's name as the heading, its id and type, and a link back to the zones", async () => {
    serveZone(server);
    const { user, location } = await renderZoneEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Atlas Homepage' })).toBeInTheDocument();
    expect(screen.getByText(`Zone ID ${ZONE_ID}`)).toBeInTheDocument();
    expect(screen.getByText('Website')).toBeInTheDocument();
    expect(document.title).toBe('Atlas Homepage · Publisher Portal');
    await user.click(screen.getByRole('link', { name: 'Back to zones' }));
    expect(location()).toBe('/zones');
  });

  it('opens the overview from the bare zone address', async () => {
    serveZone(server);
    const { location } = await renderZoneEdit(`/zones/edit/${ZONE_ID}`);
    await waitFor(() => expect(location()).toBe(`/zones/edit/${ZONE_ID}/overview`));
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Enabled products' })).toBeInTheDocument();
  });

  it('moves between tabs by address, and shows the blocking tab title', async () => {
    serveZone(server);
    const { user, location } = await renderZoneEdit();
    await screen.findByRole('heading', { level: 1, name: 'Atlas Homepage' });
    await user.click(screen.getByRole('tab', { name: 'Slots' }));
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/slots`);
    expect(await screen.findByRole('heading', { name: 'All Slots (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Slots', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Blocking' }));
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/blocking`);
    expect(screen.getByRole('heading', { level: 2, name: 'Blocking' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Blocking');
  });

  it('sends an unknown tab to the overview', async () => {
    serveZone(server);
    const { location } = await renderZoneEdit(`/zones/edit/${ZONE_ID}/nothing-here`);
    await waitFor(() => expect(location()).toBe(`/zones/edit/${ZONE_ID}/overview`));
  });

  it('shows a not-found state for a zone the server does not give (missing or another publisher’s)', async () => {
    serveZone(server);
    await renderZoneEdit('/zones/edit/4242/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zone not found' })).toBeInTheDocument();
    expect(screen.getByText(/Zone 4242 is not one of the zones of the publisher you are working as/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to zones' })).toHaveAttribute('href', '/zones');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it("offers to work as the zone's publisher when it is another of the user's publishers", async () => {
    const state = defaultState();
    state.zone = { ...state.zone, publisherId: SAKURA.id };
    serveZone(server, state);
    const { user } = await renderZoneEdit(`/zones/edit/${ZONE_ID}/overview`, [ATLAS, SAKURA]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zone of another publisher' })).toBeInTheDocument();
    expect(screen.getByText(`Zone ${ZONE_ID} belongs to Sakura Press, not to Atlas News, the publisher you are working as.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Work as Sakura Press' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Atlas Homepage' })).toBeInTheDocument();
    expect(session.get().publisher?.id).toBe(SAKURA.id);
  });

  it('sends staff, whose session lists no publishers, to the chooser for a zone of another publisher', async () => {
    const state = defaultState();
    state.zone = { ...state.zone, publisherId: 77 };
    serveZone(server, state);
    await renderZoneEdit(`/zones/edit/${ZONE_ID}/overview`, []);
    expect(await screen.findByRole('link', { name: 'Change publisher' })).toHaveAttribute('href', '/browse');
  });

  it('shows the not-found state for an address that cannot name a zone, without asking the server', async () => {
    serveZone(server);
    await renderZoneEdit('/zones/edit/abc/overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zone not found' })).toBeInTheDocument();
  });

  it('offers no embed codes for an app zone and lists its app store URLs', async () => {
    const state = defaultState();
    state.zone = {
      ...state.zone,
      typeId: 3,
      zoneType: { id: 3, name: 'App' },
      domains: [],
      appStoreUrls: ['https://apps.apple.com/us/app/atlas-news/id1234567890'],
    };
    serveZone(server, state);
    await renderZoneEdit();
    await screen.findByRole('heading', { level: 1, name: 'Atlas Homepage' });
    expect(screen.getByText('App')).toBeInTheDocument();
    expect(await section('App store URLs').findByText('https://apps.apple.com/us/app/atlas-news/id1234567890')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Blocked URLs' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Embed codes' })).not.toBeInTheDocument();
  });

  it('shows the six embed codes of a web zone, each with its copy button', async () => {
    serveZone(server);
    const { user } = await renderZoneEdit();
    const codes = await screen.findByRole('region', { name: 'Embed codes' });
    const names = ['Standard code', 'Ad-server-ready (async) code', 'In-video VAST tag', 'In-video VMAP tag', 'VAST in-stream tag', 'VAST out-stream tag'];
    for (const name of names) {
      expect(await within(codes).findByRole('heading', { level: 3, name })).toBeInTheDocument();
      expect(within(codes).getByRole('button', { name: `Copy ${name}` })).toBeInTheDocument();
    }
    // Each code in its own named, focusable block (keyboard users scroll a long one).
    const standard = within(codes).getByRole('region', { name: 'Standard code' });
    expect(standard).toHaveTextContent(`<script src="https://cdn.adnetwork.example/zones/${ZONE_ID}/tag.js"></script>`);
    expect(standard).toHaveAttribute('tabindex', '0');
    await user.click(within(codes).getByRole('button', { name: 'Copy VAST out-stream tag' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`https://ads.adnetwork.example/vast/zones/${ZONE_ID}?placement=outstream`);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });
});
