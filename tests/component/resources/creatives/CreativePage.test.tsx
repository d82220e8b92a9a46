// A creative's page (issue 28): the larger sandboxed preview, where and when it served, the advertiser's other
// creatives; blocking it on a chosen zone with the revenue at stake shown first; reporting it with the contract's
// rules before anything is sent; an id of no creative of the publisher.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CreativePage } from '../../../../src/resources/creatives';
import type { Role } from '../../../../src/lib/roles';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, layoutHandlers, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { creative, detail, serveCreatives } from './creativesApi';

const server = setupMsw(...layoutHandlers(() => null));
const requests = recordRequests(server);
const NAME = 'Creative 12: Green Pine Motors, 300x250';
const calls = (method: string, pathname: string) => requests.filter((request) => request.method === method && new URL(request.url).pathname === pathname);

async function open(path = '/creatives/12', role: Role = 'EDITOR') {
  signIn({ publisher: publisher({ name: 'Atlas News', role }) });
  return renderWithAdmin(<CreativePage />, { path, routePath: '/creatives/:creativeId' });
}

describe('CreativePage', () => {
  it('shows the creative larger, where and when it served over the period, and its advertiser’s other creatives', async () => {
    serveCreatives(server, [], detail(creative({ blockedZoneIds: [1002] })));
    await open('/creatives/12?period=7');
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeVisible();
    expect(screen.getByTitle(`Preview of ${NAME}`)).toHaveAttribute('sandbox', '');
    expect(screen.getByText('Blocked on 1 zone')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Atlas Homepage' })).toHaveAttribute('href', '/zones/edit/1001/overview');
    expect(screen.getByRole('region', { name: 'Where it served' })).toHaveTextContent('$3,400.12');
    expect(screen.getByRole('region', { name: 'When it served' })).toHaveTextContent('Dec 1, 2026');
    expect(screen.getByRole('link', { name: 'Creative 13: Green Pine Motors, 728x90' })).toHaveAttribute('href', '/creatives/13?period=7');
    expect(Object.fromEntries(new URL(calls('GET', '/external/publishers/101/creatives/12')[0]!.url).searchParams)).toEqual({ period: '7' });
  });

  it('blocks it on a chosen zone after showing what it earned there, as the restriction write of that zone', async () => {
    serveCreatives(server, []);
    const view = await open();
    await view.user.click(await screen.findByRole('button', { name: `Block ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Block ${NAME}` });
    await view.user.click(within(dialog).getByRole('radio', { name: 'On chosen zones' }));
    await view.user.click(await within(dialog).findByRole('checkbox', { name: 'Atlas Sports' }));
    const stake = await within(dialog).findByRole('table', { name: 'Revenue at stake' });
    await waitFor(() => expect(stake).toHaveTextContent('$1,234.50'));
    const asked = calls('POST', '/external/zone/1002/restrictions/revenue-at-stake').at(-1)!;
    expect(await asked.clone().json()).toEqual({ items: [{ type: 'creative', value: '12' }] });
    await view.user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('1 block created for Atlas Sports (Atlas News)')).toBeVisible();
    const written = calls('POST', '/external/zone/1002/restrictions/bulk');
    expect(written).toHaveLength(1);
    expect(await written[0]!.clone().json()).toEqual([{ clusivity: 'EXCLUDE', type: 'creative', restrictions: ['12'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('blocks its advertiser domain everywhere', async () => {
    serveCreatives(server, []);
    const view = await open();
    await view.user.click(await screen.findByRole('button', { name: `Block ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Block ${NAME}` });
    await view.user.click(within(dialog).getByRole('radio', { name: 'Its advertiser domain (green-pine-motors.net)' }));
    await within(dialog).findByText('Everywhere on Atlas News');
    await view.user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await screen.findByText('1 block created for Atlas News');
    expect(await calls('POST', '/external/publisher/101/restrictions/bulk')[0]!.clone().json()).toEqual([
      { clusivity: 'EXCLUDE', type: 'advertiser_domain', restrictions: ['*.green-pine-motors.net'] },
    ]);
  });

  it('unblocks it where it is blocked, as one change of each', async () => {
    serveCreatives(server, [], detail(creative({ blockedGlobally: true, blockedZoneIds: [1002] })));
    const view = await open();
    await view.user.click(await screen.findByRole('button', { name: `Unblock ${NAME}` }));
    await waitFor(() => expect(calls('PATCH', '/external/zone/1002/restrictions/bulk')).toHaveLength(1));
    const [everywhere] = calls('PATCH', '/external/publisher/101/restrictions/bulk');
    expect(await everywhere!.clone().json()).toEqual({ add: [], remove: [{ type: 'creative', restrictions: ['12'] }] });
  });

  it('reports it with a reason; Other needs a text, said before anything is sent', async () => {
    serveCreatives(server, []);
    const view = await open();
    await view.user.click(await screen.findByRole('button', { name: `Report ${NAME}` }));
    const dialog = await screen.findByRole('dialog', { name: `Report ${NAME}` });
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Required')).toBeVisible();
    await view.user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Say what is wrong with the ad')).toBeVisible();
    // Pasted: 501 keys typed one by one took most of the test's time on a loaded machine.
    await view.user.click(within(dialog).getByRole('textbox', { name: 'Details' }));
    await view.user.paste('x'.repeat(501));
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText(/500/);
    expect(calls('POST', '/external/publishers/101/creatives/12/reports')).toEqual([]);
    await view.user.clear(within(dialog).getByRole('textbox', { name: 'Details' }));
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'Covers the article');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent to the network')).toBeVisible();
    expect(await calls('POST', '/external/publishers/101/creatives/12/reports')[0]!.clone().json()).toEqual({ reason: 'OTHER', text: 'Covers the article' });
  });

  it('shows a viewer no action', async () => {
    serveCreatives(server, []);
    await open('/creatives/12', 'VIEWER');
    await screen.findByRole('heading', { level: 1, name: NAME });
    expect(screen.queryByRole('button', { name: new RegExp(NAME) })).toBeNull();
  });

  it('says an id of no creative of the publisher is not found', async () => {
    serveCreatives(server, []);
    server.use(http.get(apiUrl('/external/publishers/:publisherId/creatives/:creativeId'), () => apiError(404, 'NOT_FOUND')));
    await open('/creatives/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ad not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the ad review' })).toHaveAttribute('href', '/creatives');
  });
});
