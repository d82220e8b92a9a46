// The blocked lists as a user sees them (spec sections 2 'Blocking', 4 'Block deletion', 6, 8 'No blocked
// categories'): the empty states after their delay, the count under a list and how the filter changes it, Delete
// held back while a deletion is on its way, and what staff see: inclusion lists labelled Included, and the zone's
// internal notice linking to the internal zone settings page this backend is configured with.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { BlockingScope } from '../../../../src/resources/restrictions/scope';
import type { RuntimeConfig } from '../../../../src/config/runtimeConfig';
import { apiUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { advance, useFakeTimeouts } from '../../../support/time';
import { PUBLISHER_ID, block, blockingState, serveBlocking } from './blockingApi';
import { BLOCKING_BASE, notices, renderBlocking } from './renderBlocking';
import { serveZoneBlocking, zoneScope } from './zoneBlockingApi';

const server = setupMsw();
const requests = recordRequests(server);

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
    const { user, location } = await renderScreen();
    const domains = await section('Advertiser domains');
    expect(await domains.findByText('3 Result(s)')).toBeInTheDocument();
    expect(await (await section('Advertisers')).findByText('1 Result(s)')).toBeInTheDocument();
    await user.type(domains.getByRole('searchbox', { name: 'Filter Advertiser domains' }), 'beta');
    await waitFor(() => expect(domains.getByText('1 Result(s)')).toBeInTheDocument());
    expect(domains.getByText('*.beta.example')).toBeInTheDocument();
    expect(domains.queryByText('*.alpha.example')).not.toBeInTheDocument();
    // The server filters each list, its own filter kept in the address under its name; the others are untouched.
    const lastSearch = () =>
      requests.filter((request) => request.url.includes('/restrictions/search') && request.url.includes('restrictionType=advertiser_domain')).at(-1)?.url ?? '';
    await waitFor(() => expect(new URL(lastSearch()).searchParams.get('searchTerm')).toBe('beta'));
    expect(location()).toBe(`${BLOCKING_BASE}?domains.page=1&domains.size=10&domains.direction=ASC&domains.searchTerm=beta`);
    expect((await section('Advertisers')).getByText('Golden Cedar Airways')).toBeInTheDocument();
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

describe('paging and removing many (issue 21 defects 8, 9)', () => {
  const domainsOf = (count: number) => Array.from({ length: count }, (_, i) => block(`*.d${String(i).padStart(2, '0')}.example`));

  it('moves through a long list by pages only, with a delete button on each row and no empty actions column', async () => {
    serveBlocking(server, blockingState({ advertiser_domain: domainsOf(23) }));
    const { user, location } = await renderScreen();
    const domains = await section('Advertiser domains');
    expect(await domains.findByText('23 Result(s)')).toBeInTheDocument();
    const table = domains.getByRole('table', { name: 'Advertiser domains' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Blocked', 'Actions']);
    expect(domains.getByRole('button', { name: 'Delete *.d00.example' })).toBeInTheDocument();
    await user.click(domains.getByRole('button', { name: 'Go to page 3' }));
    expect(await within(table).findByText('*.d22.example')).toBeInTheDocument();
    expect(location()).toContain('domains.page=3');
    // A list nothing can be removed from (staff's advertisers, below) has no actions column at all.
  });

  it('removes one row by its own button after a confirmation naming the publisher', async () => {
    const state = blockingState({ advertiser_domain: domainsOf(3) });
    serveBlocking(server, state);
    const { user } = await renderScreen();
    const domains = await section('Advertiser domains');
    await user.click(await domains.findByRole('button', { name: 'Delete *.d01.example' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Proceed with caution' });
    expect(confirm).toHaveTextContent('For Atlas News, on all of its zones');
    expect(confirm).toHaveTextContent('Are you sure? 1 block will be removed and its ads can appear again.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(domains.queryByText('*.d01.example')).not.toBeInTheDocument());
    expect(await notices().findByText('Removed block(s)')).toBeInTheDocument();
    expect(state.rows.advertiser_domain.map((row) => row.advertisingRestrictionId)).toEqual(['*.d00.example', '*.d02.example']);
  });

  it('selects all rows matching the filter, across pages, and removes them in one call guarded by their count', async () => {
    const state = blockingState({ advertiser_domain: [...domainsOf(25), block('*.keep.example')] });
    serveBlocking(server, state);
    const { user } = await renderScreen();
    const domains = await section('Advertiser domains');
    await user.type(await domains.findByRole('searchbox', { name: 'Filter Advertiser domains' }), '.d');
    expect(await domains.findByText('25 Result(s)')).toBeInTheDocument();
    // react-admin's way: the page first, then its bulk actions toolbar offers all that match.
    await user.click(domains.getByRole('checkbox', { name: 'Select every block on this page' }));
    await user.click(domains.getByRole('button', { name: 'Select all 25 matching blocks' }));
    expect(domains.getByText('All 25 blocks matching “.d” are selected')).toBeInTheDocument();
    expect(domains.getByRole('checkbox', { name: 'Select *.d00.example' })).toBeChecked();
    await user.click(domains.getByRole('button', { name: 'Go to page 3' }));
    expect(await domains.findByRole('checkbox', { name: 'Select *.d24.example' })).toBeChecked();
    await user.click(domains.getByRole('button', { name: 'Delete 25 selected' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Proceed with caution' });
    expect(confirm).toHaveTextContent('For Atlas News, on all of its zones');
    expect(confirm).toHaveTextContent('Are you sure? All 25 blocks matching “.d” will be removed and their ads can appear again.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await notices().findByText('Removed block(s)')).toBeInTheDocument();
    const removal = requests.filter((request) => request.method === 'POST' && request.url.endsWith('/delete-matching'));
    expect(await Promise.all(removal.map((request) => request.clone().json()))).toEqual([{ restrictionType: 'advertiser_domain', expectedCount: 25, searchTerm: '.d' }]);
    expect(state.rows.advertiser_domain.map((row) => row.advertisingRestrictionId)).toEqual(['*.keep.example']);
  });

  it('ends "all matching" when the filter changes, and says so when the list changed before the removal', async () => {
    const state = blockingState({ advertiser_domain: domainsOf(12) });
    serveBlocking(server, state);
    const { user } = await renderScreen();
    const domains = await section('Advertiser domains');
    await user.click(await domains.findByRole('checkbox', { name: 'Select every block on this page' }));
    await user.click(domains.getByRole('button', { name: 'Select all 12 blocks' }));
    expect(domains.getByText('All 12 blocks of this list are selected')).toBeInTheDocument();
    // Someone adds a block meanwhile: the confirmed 12 no longer match, nothing is removed.
    state.rows.advertiser_domain.push(block('*.late.example'));
    await user.click(domains.getByRole('button', { name: 'Delete 12 selected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Proceed with caution' })).getByRole('button', { name: 'Delete' }));
    expect(await notices().findByText('The list changed meanwhile: 13 blocks match now. Nothing was removed; check the list and try again.')).toBeInTheDocument();
    expect(state.rows.advertiser_domain).toHaveLength(13);
    await user.click(await domains.findByRole('checkbox', { name: 'Select every block on this page' }));
    await user.click(domains.getByRole('button', { name: 'Select all 13 blocks' }));
    await user.type(domains.getByRole('searchbox', { name: 'Filter Advertiser domains' }), 'd0');
    await waitFor(() => expect(domains.queryByText(/blocks of this list are selected/)).not.toBeInTheDocument());
    expect(domains.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
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
    // An inclusion list says what an included entry means for this publisher (issue 21), not "not shown"/"Blocked".
    expect(domains.getByText('This is an inclusion list kept by your account manager: only ads leading to these domains are shown for Atlas News.')).toBeInTheDocument();
    expect(domains.queryByText('Ads leading to these domains, or to any address under them, are not shown.')).not.toBeInTheDocument();
    expect(within(domains.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Included']);
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
