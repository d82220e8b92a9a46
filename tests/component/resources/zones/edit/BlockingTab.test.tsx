// The zone's blocking tab (spec section 2 'Zones'): the 'Hide Global Blocks' switch kept in the address beside the
// lists' own parameters.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BlockingTab } from '../../../../../src/resources/zones/edit/BlockingTab';
import { publisher, zone } from '../../../../support/builders';
import { setupMsw } from '../../../../support/msw';
import { renderWithAdmin, signIn } from '../../../../support/renderWithAdmin';
import { useFakeTimeouts } from '../../../../support/time';
import { PUBLISHER_ID, block, blockingState, serveBlocking } from '../../restrictions/blockingApi';
import { ZONE_BASE, ZONE_ID, serveZoneBlocking } from '../../restrictions/zoneBlockingApi';

const server = setupMsw();

describe('BlockingTab', () => {
  it("keeps a list's filter the tab has not shown yet when the switch is turned (issue 39)", async () => {
    // The filter and the switch change the address in one act, before React shows the filter's address: the
    // switch built on the address shown wrote it back without the filter.
    useFakeTimeouts();
    const state = blockingState({ advertiser_domain: [block('*.alpha.example'), block('*.beta.example')] });
    serveBlocking(server, state);
    serveZoneBlocking(server, state);
    signIn({ publisher: publisher({ id: PUBLISHER_ID, name: 'Atlas News' }) });
    const record = { ...zone({ trackingId: ZONE_ID, publisherId: PUBLISHER_ID, name: 'Atlas sports' }), id: ZONE_ID };
    const { location } = await renderWithAdmin(<BlockingTab zone={record} />, { path: ZONE_BASE, routePath: `${ZONE_BASE}/*` });
    const domains = within(await screen.findByRole('region', { name: 'Advertiser domains' }));
    await domains.findByText('*.beta.example');
    const filter = domains.getByRole('searchbox', { name: 'Filter Advertiser domains' });
    const hide = screen.getByRole('switch', { name: 'Hide Global Blocks' });
    act(() => {
      fireEvent.change(filter, { target: { value: 'beta' } });
      vi.advanceTimersByTime(0);
      hide.click();
    });
    await waitFor(() => expect(hide).toBeChecked());
    const address = new URL(location(), 'http://console.test').searchParams;
    expect([address.get('domains.searchTerm'), address.get('hideGlobal')]).toEqual(['beta', 'true']);
    await waitFor(() => expect(domains.queryByText('*.alpha.example')).not.toBeInTheDocument());
    expect(filter).toHaveValue('beta');
  });
});
