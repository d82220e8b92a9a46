// The blocked lists as a user sees them (spec sections 2 'Blocking', 4 'Block deletion', 6, 8 'No blocked
// categories'): the empty states after their delay, the count under a list and how the filter changes it, Delete
// held back while a deletion is on its way, and what staff see: inclusion lists labelled Included, and the zone's
// internal notice linking to the internal zone settings page this backend is configured with.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { BlockingScope } from '../../../../src/resources/restrictions/scope';
import type { RuntimeConfig } from '../../../../src/config/runtimeConfig';
import { apiUrl, http, setupMsw } from '../../../support/msw';
import { advance, useFakeTimeouts } from '../../../support/time';
import { PUBLISHER_ID, block, blockingState, serveBlocking } from './blockingApi';
import { renderBlocking } from './renderBlocking';
import { serveZoneBlocking, zoneScope } from './zoneBlockingApi';

const server = setupMsw();

const renderScreen = (options: { scope?: BlockingScope; internal?: boolean; config?: Partial<RuntimeConfig> } = {}) => renderBlocking(undefined, options);

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the lists', () => {
  it('shows each empty list its own message', async () => {
    useFakeTimeouts();
    serveBlocking(server, blockingState());
    await renderScreen();
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));
    // Testing Library's waiting moves the fake clock too, so the first lists to load may be past the delay already.
    await advance(500);
    expect((await section('IAB categories')).getByText('No IAB categories are blocked.')).toBeVisible();
    expect((await section('Advertisers')).getByText('No blocked advertisers found')).toBeVisible();
    expect((await section('Advertiser domains')).getByText('No blocked advertiser domains found')).toBeVisible();
    // An empty list has no count.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("counts a section's blocks under its list, and the matching ones while filtering", async () => {
    serveBlocking(
      server,
      blockingState({
        advertiser_domain: [block('*.alpha.example'), block('*.beta.example'), block('*.gamma.example')],
        advertiser: [block('1033', 'Golden Cedar Airways')],
      }),
    );
    const { user } = await renderScreen();
    const domains = await section('Advertiser domains');
    expect(await domains.findByRole('status')).toHaveTextContent('3 Result(s)');
    expect((await section('Advertisers')).getByRole('status')).toHaveTextContent('1 Result(s)');
    await user.type(domains.getByRole('searchbox', { name: 'Filter Advertiser domains' }), 'beta');
    await waitFor(() => expect(domains.getByRole('status')).toHaveTextContent('1 Result(s)'));
    expect(domains.getByText('*.beta.example')).toBeInTheDocument();
    expect(domains.queryByText('*.alpha.example')).not.toBeInTheDocument();
  });

  it('keeps Delete disabled while a deletion is on its way, even with other rows selected', async () => {
    serveBlocking(server, blockingState({ advertiser_domain: [block('*.first.example'), block('*.second.example')] }));
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // Holds the deletion until the test lets it go on to serveBlocking's handler, which answers it.
    server.use(http.delete(apiUrl(`/external/publisher/${PUBLISHER_ID}/restrictions/bulk`), () => held.then(() => undefined)));
    const { user } = await renderScreen();
    const domains = await section('Advertiser domains');
    await user.click(await domains.findByRole('checkbox', { name: 'Select *.first.example' }));
    await user.click(domains.getByRole('button', { name: 'Delete 1 selected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Proceed with caution' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(domains.queryByText('*.first.example')).not.toBeInTheDocument());

    await user.click(domains.getByRole('checkbox', { name: 'Select *.second.example' }));
    expect(domains.getByRole('button', { name: 'Delete 1 selected' })).toBeDisabled();
    await act(async () => answer());
    await waitFor(() => expect(domains.getByRole('button', { name: 'Delete 1 selected' })).toBeEnabled());
    expect(domains.getByRole('checkbox', { name: 'Select *.second.example' })).toBeChecked();
    expect(domains.queryByText('*.first.example')).not.toBeInTheDocument();
  });
});

describe('what staff see', () => {
  it('shows staff the inclusion list that applies, each entry labelled Included and not removable, with the internal notice', async () => {
    serveBlocking(
      server,
      blockingState(
        { advertiser_domain: [block('*.partner.example', '*.partner.example', { clusivity: 'INCLUDE' })], iab_category: [block('IAB7', 'Health & Fitness')] },
        { advertiser_domain: 'INCLUDE' },
      ),
    );
    await renderScreen({ internal: true });
    const domains = await section('Advertiser domains');
    const included = (await domains.findByText('*.partner.example')).closest('tr');
    expect(included).not.toBeNull();
    expect(within(included!).getByText('Included')).toBeInTheDocument();
    expect(domains.queryByRole('checkbox', { name: 'Select *.partner.example' })).not.toBeInTheDocument();
    expect(domains.getByText('Internal users cannot change these exclusions on the blocking screen.')).toBeInTheDocument();
    expect(domains.queryByRole('link', { name: 'Block advertiser domains' })).not.toBeInTheDocument();
    // An exclusion carries no such label, and staff may still change categories.
    const iab = await section('IAB categories');
    const excluded = (await iab.findByText('Health & Fitness (IAB7)')).closest('tr');
    expect(within(excluded!).queryByText('Included')).not.toBeInTheDocument();
    expect(iab.getByRole('link', { name: 'Block IAB categories' })).toBeInTheDocument();
  });

  it("links staff on a zone's blocking tab to the configured internal zone settings page", async () => {
    serveZoneBlocking(server, blockingState({ advertiser: [block('1033', 'Golden Cedar Airways')] }));
    await renderScreen({
      scope: zoneScope,
      internal: true,
      config: { internalZoneUrl: 'https://staff.example.test/zone-settings/{zoneId}?tab=blocking' },
    });
    const advertisers = await section('Advertisers');
    expect(await advertisers.findByText('Golden Cedar Airways')).toBeInTheDocument();
    const link = advertisers.getByRole('link', { name: 'Open the internal zone settings' });
    expect(link).toHaveAttribute('href', `https://staff.example.test/zone-settings/${zoneScope.entityId}?tab=blocking`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(advertisers.queryByRole('link', { name: 'Open the internal publisher settings' })).not.toBeInTheDocument();
  });
});
