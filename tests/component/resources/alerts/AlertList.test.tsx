// The alerts list (issue 23) in English and Japanese: each alert's fall, scope, figures and likely cause, its
// state, filters and sort sent to the server and kept in the address, read and dismiss, and the empty and failed
// states.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AlertList } from '../../../../src/resources/alerts';
import type { RevenueAlertRecord } from '../../../../src/dataProvider/resources';
import type { Locale } from '../../../../src/i18n/locales';
import { page, publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { adsTxtAlert, adsTxtCause, alert, blockEntry, zoneAlert } from './alertRecords';

const server = setupMsw();
const requests = recordRequests(server);

function serve(rows: RevenueAlertRecord[]) {
  server.use(http.get(apiUrl('/external/publishers/:publisherId/alerts'), () => HttpResponse.json(page(rows))));
}
const listCalls = () =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/external/publishers/101/alerts')
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));

async function open(path = '/alerts', locale: Locale = 'en') {
  signIn({ publisher: publisher({ name: 'Atlas News' }) });
  return renderWithAdmin(<AlertList />, { path, routePath: '/alerts', locale });
}

describe('AlertList', () => {
  it('shows an ads.txt alert (issue 27): the site and its status, the lines lost, resolved; and a lost line as a drop’s cause', async () => {
    serve([adsTxtAlert, alert({ id: 4, changeCount: 1, topCause: adsTxtCause })]);
    await open();
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const [, adsTxt, drop] = await within(table).findAllByRole('row');
    expect(within(adsTxt!).getByRole('link', { name: 'ads.txt of atlasnews.com: Missing lines' })).toHaveAttribute('href', '/alerts/3');
    expect(adsTxt).toHaveTextContent('1 line lost');
    expect(adsTxt).toHaveTextContent('Resolved');
    expect(adsTxt).toHaveTextContent('Found by the ads.txt monitor (it was All authorised)');
    expect(adsTxt).not.toHaveTextContent('against a usual');
    expect(drop).toHaveTextContent('ads.txt lines lost');
    expect(within(within(drop!).getByRole('list', { name: 'Lines lost on atlasnews.com' })).getByRole('listitem')).toHaveTextContent(
      'adnetwork.example, pub-1001, DIRECT, f08c47fec0942fa0',
    );
    expect(drop).toHaveTextContent('$512.40 at stake over 30 days (25.0% of the revenue)');
  });

it('marks a cause already undone in the list (issue 30)', async () => {
    serve([alert({ topCause: { effect: 'BLOCK', revenueAtStake: 26413.57, share: 0.374, entry: { ...blockEntry, reversible: false, undoneBy: 50 }, adsTxtChange: null } })]);
    await open();
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Undone by change #50');
  });

    it('shows each alert: what fell, where, by how much against the usual, since when, and the likely cause with who made it', async () => {
    serve([alert(), zoneAlert]);
    await open();
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const rows = await within(table).findAllByRole('row');
    const first = rows[1]!;
    expect(within(first).getByRole('link', { name: 'Revenue down 42.2%' })).toHaveAttribute('href', '/alerts/1');
    expect(first).toHaveTextContent('Nov 22, 2026');
    expect(first).toHaveTextContent('New');
    expect(first).toHaveTextContent('Whole publisher');
    expect(first).toHaveTextContent('$1,658.58 against a usual $2,868.58 ($1,210.00 less) on Nov 23, 2026');
    expect(first).toHaveTextContent('New blocks · Max Multi');
    expect(first).not.toHaveTextContent('Undone by change');
    expect(first).toHaveTextContent('Advertisers blocked: Green Pine Motors');
    expect(first).toHaveTextContent('$26,413.57 at stake over 30 days (37.4% of the revenue)');
    const second = rows[2]!;
    expect(within(second).getByRole('link', { name: 'Zone Atlas Homepage' })).toHaveAttribute('href', '/zones/edit/1001/overview');
    expect(second).toHaveTextContent('Impressions down 60.0%');
    expect(second).toHaveTextContent('8,000 against a usual 20,000 (12,000 less)');
    expect(second).toHaveTextContent('No change before it');
    expect(second).not.toHaveTextContent('New');
    expect(listCalls().at(-1)).toEqual({ page: '0', size: '20', sortBy: 'day', direction: 'DESC' });
  });

  it('sends the scope, the state and the order, keeps them in the address, and back to page 1', async () => {
    serve([alert()]);
    const view = await open('/alerts?page=2');
    await screen.findByRole('link', { name: 'Revenue down 42.2%' });
    await view.user.click(screen.getByRole('combobox', { name: 'Scope' }));
    await view.user.click(await screen.findByRole('option', { name: 'Zones' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: '0', scope: 'zone' }));
    await view.user.click(screen.getByRole('combobox', { name: 'State' }));
    await view.user.click(await screen.findByRole('option', { name: 'Unread' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ scope: 'zone', state: 'unread' }));
    const address = new URL(view.location(), 'http://console.test').searchParams;
    expect([address.get('scope'), address.get('state'), address.get('page')]).toEqual(['zone', 'unread', null]);
    await view.user.click(screen.getByRole('button', { name: 'Sort by What fell' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ sortBy: 'drop', direction: 'ASC' }));
  });

  it('marks an alert read and dismisses it for the user, naming the alert on each button', async () => {
    let current = alert();
    server.use(
      http.get(apiUrl('/external/publishers/:publisherId/alerts'), () => HttpResponse.json(page([current]))),
      http.patch(apiUrl('/external/publishers/:publisherId/alerts/:alertId'), async ({ request }) => {
        current = { ...current, ...((await request.json()) as object) };
        return HttpResponse.json(current);
      }),
    );
    const view = await open();
    const name = 'Revenue down 42.2% since Nov 22, 2026, Whole publisher';
    await view.user.click(await screen.findByRole('button', { name: `Mark read: ${name}` }));
    expect(await screen.findByRole('button', { name: `Mark unread: ${name}` })).toBeInTheDocument();
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(new URL(patches[0]!.url).pathname).toBe('/external/publishers/101/alerts/1');
    expect(await patches[0]!.json()).toEqual({ read: true });
    await view.user.click(screen.getByRole('button', { name: `Dismiss: ${name}` }));
    expect(await screen.findByRole('button', { name: `Restore: ${name}` })).toBeInTheDocument();
    expect(screen.getByText('Dismissed')).toBeInTheDocument();
  });

  it('says when there is no alert', async () => {
    serve([]);
    await open();
    expect(await screen.findByText('No alerts found')).toBeInTheDocument();
  });

  it('says when the alerts could not be loaded', async () => {
    server.use(http.get(apiUrl('/external/publishers/:publisherId/alerts'), () => apiError(404, 'NOT_FOUND')));
    await open();
    expect(await screen.findByText('The alerts could not be loaded.')).toBeInTheDocument();
  });

  it('speaks Japanese: the fall, the scope, the figures and the cause', async () => {
    serve([alert(), zoneAlert]);
    await open('/alerts', 'ja');
    const table = await screen.findByRole('table', { name: 'アラート' });
    const rows = await within(table).findAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: '収益が42.2%減少' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('パブリッシャー全体');
    expect(rows[1]).toHaveTextContent('ブロック · Max Multi');
    expect(rows[1]).toHaveTextContent('30日間で$26,413.57に影響（収益の37.4%）');
    expect(rows[2]).toHaveTextContent('インプレッションが60.0%減少');
    expect(rows[2]).toHaveTextContent('事前の変更なし');
    expect(screen.getByRole('columnheader', { name: '考えられる原因' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /^既読にする：/ })).toBeInTheDocument();
  });
});
