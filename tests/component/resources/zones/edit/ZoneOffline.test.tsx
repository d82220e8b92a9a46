// The server stops answering while the zone page is open (issue 8, bug 2): a failed rename rolls back and offers
// to edit the name again; the refetch that follows fails too, and the page stays as it was (the products being
// edited included), with a notice that what it shows may be out of date. Once the server is back, trying again
// refreshes the page and the notice goes.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, apiUrl, http, setupMsw } from '../../../../support/msw';
import { serveZone } from '../zoneApi';
import { findSection, inNotices, renderZoneEdit } from './renderZoneEdit';

const server = setupMsw();

const STALE = 'The page could not be refreshed: what it shows may be out of date.';

describe('zone page with the server gone', () => {
  it('keeps the page, its open products edit and the rename notice when the refetch after a failed rename fails', async () => {
    const state = serveZone(server);
    const { user } = await renderZoneEdit();
    const products = await findSection('Enabled products');
    await user.click(products.getByRole('button', { name: 'Edit enabled products' }));
    await user.click(products.getByRole('checkbox', { name: 'In-Content' }));

    // Every call fails from now on, as with the server stopped.
    server.use(http.all(apiUrl('/*'), () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Rename zone' }));
    await user.type(screen.getByRole('textbox', { name: 'Zone name' }), ' renamed{Enter}');

    const stale = await inNotices().findByText(STALE);
    // No answer at all: the notice says the server cannot be reached (issue 21), not 'try again later'.
    expect(inNotices().getByRole('alert')).toHaveTextContent('The server cannot be reached. Check your connection, then try again.');
    // The page is still there: the title (rolled back), the products as the user left them.
    expect(screen.getByRole('heading', { level: 1, name: 'Atlas Homepage' })).toBeInTheDocument();
    expect(products.getByRole('checkbox', { name: 'In-Content' })).not.toBeChecked();
    expect(products.getByRole('checkbox', { name: 'InImage' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    // The rename notice's button still works on the page it belongs to.
    await user.click(inNotices().getByRole('button', { name: 'Edit name again' }));
    expect(screen.getByRole('textbox', { name: 'Zone name' })).toHaveValue('Atlas Homepage renamed');

    // The server is back: 'Try again' on the stale notice refreshes, and the notice goes.
    server.resetHandlers();
    serveZone(server, { ...state, zone: { ...state.zone, numberOfSlots: 4 } });
    await user.click(within(stale.closest('[data-notice-id]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await expect.poll(() => inNotices().queryByText(STALE)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Zone name' })).toHaveValue('Atlas Homepage renamed');
  });

  it('shows the error with a retry when the zone never loaded', async () => {
    server.use(http.all(apiUrl('/*'), () => HttpResponse.error()));
    await renderZoneEdit();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(inNotices().queryByText(STALE)).not.toBeInTheDocument();
  });
});
