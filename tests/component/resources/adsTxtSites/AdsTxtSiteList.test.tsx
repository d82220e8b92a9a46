// The ads.txt monitor's list (issue 27): the publisher's sites ranked by revenue at stake with their status in
// words, the status filter and search sent to the server and kept in the address, the empty state, and the
// sellers.json setting (admins change it, other roles read it).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AdsTxtSiteList } from '../../../../src/resources/adsTxtSites';
import type { AdsTxtSiteRecord } from '../../../../src/dataProvider/resources';
import type { Role } from '../../../../src/lib/roles';
import { page, publisher } from '../../../support/builders';
import { apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { site } from './siteRecords';

let confidential = false;
const server = setupMsw(
  http.get(apiUrl('/external/publishers/:publisherId/sellers-json-setting'), () => HttpResponse.json({ confidential })),
  http.put(apiUrl('/external/publishers/:publisherId/sellers-json-setting'), async ({ request }) => {
    confidential = ((await request.json()) as { confidential: boolean }).confidential;
    return HttpResponse.json({ confidential });
  }),
);
const requests = recordRequests(server);

function serve(rows: AdsTxtSiteRecord[]) {
  server.use(http.get(apiUrl('/external/publishers/:publisherId/ads-txt-sites'), () => HttpResponse.json(page(rows))));
}
const listCalls = () =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/external/publishers/101/ads-txt-sites')
    .map((request) => [...new URL(request.url).searchParams.entries()]);

async function open(path = '/account-settings/ads-txt-monitor', role: Role = 'ADMIN') {
  confidential = false;
  signIn({ publisher: publisher({ name: 'Atlas News', role }) });
  return renderWithAdmin(<AdsTxtSiteList />, { path, routePath: '/account-settings/ads-txt-monitor' });
}

const rows = [
  site({ id: 1, domain: 'atlasnews.com', status: 'AUTHORISED', revenueAtStake: 51074.99 }),
  site(),
  site({ id: 6, domain: 'atlasgames.net', status: 'UNREACHABLE', lastGoodFileAt: null, failure: 'HTTP_500', revenueAtStake: 0 }),
  site({ id: 8, domain: 'atlas-kitchen.co', status: 'NOT_CRAWLED', lastCrawlAt: null, lastGoodFileAt: null, revenueAtStake: 0 }),
];

describe('AdsTxtSiteList', () => {
  it('shows each site with its status in words, the revenue at stake and the last crawl, most at stake first', async () => {
    serve(rows);
    await open();
    const table = await screen.findByRole('table', { name: 'Monitored sites' });
    const [, first, second, third, fourth] = await within(table).findAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'atlasnews.com' })).toHaveAttribute('href', '/account-settings/ads-txt-monitor/1');
    expect(first).toHaveTextContent('All authorised');
    expect(first).toHaveTextContent('51,074.99');
    expect(second).toHaveTextContent('Missing lines');
    expect(second).toHaveTextContent('Some lines the network needs are missing from the ads.txt file');
    expect(within(second!).getByRole('link', { name: 'Details of atlasnews.co.uk' })).toHaveAttribute('href', '/account-settings/ads-txt-monitor/2');
    expect(third).toHaveTextContent('Unreachable');
    expect(third).toHaveTextContent('could not be read for more than 5 days, or never');
    expect(fourth).toHaveTextContent('Not crawled yet');
    expect(fourth).toHaveTextContent('Not yet');
    expect(listCalls().at(-1)).toEqual([['page', '0'], ['size', '20'], ['sortBy', 'revenueAtStake'], ['direction', 'DESC']]);
  });

  it('filters by status (one, or every failing one) and searches domains, in the address and the call', async () => {
    serve(rows);
    const view = await open('/account-settings/ads-txt-monitor?page=2');
    await screen.findByRole('link', { name: 'atlasnews.com' });
    await view.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await view.user.click(await screen.findByRole('option', { name: 'Needs attention' }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.filter(([name]) => name === 'status' || name === 'page')).toEqual([
        ['page', '0'],
        ['status', 'UNREACHABLE'],
        ['status', 'NOT_TEXT'],
        ['status', 'NO_FILE'],
        ['status', 'WRONG_LINES'],
        ['status', 'MISSING_LINES'],
      ]),
    );
    expect(new URL(view.location(), 'http://console.test').searchParams.get('status')).toBe('failing');
    await view.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await view.user.click(await screen.findByRole('option', { name: 'No file' }));
    await waitFor(() => expect(listCalls().at(-1)?.filter(([name]) => name === 'status')).toEqual([['status', 'NO_FILE']]));
    await view.user.type(screen.getByRole('searchbox', { name: 'Search domains' }), 'weather');
    await waitFor(() => expect(listCalls().at(-1)).toContainEqual(['searchTerm', 'weather']));
    expect(new URL(view.location(), 'http://console.test').searchParams.get('status')).toBe('NO_FILE');
  });

  it('says when no site is found', async () => {
    serve([]);
    await open('/account-settings/ads-txt-monitor?status=AUTHORISED');
    expect(await screen.findByText('No sites found')).toBeInTheDocument();
    expect(listCalls().at(-1)).toContainEqual(['status', 'AUTHORISED']);
  });

  it('lets an admin make the publisher confidential in sellers.json', async () => {
    serve(rows);
    const view = await open();
    const section = await screen.findByRole('region', { name: 'sellers.json' });
    const transparent = await within(section).findByRole('radio', { name: 'Transparent: name and domain shown' });
    expect(transparent).toBeChecked();
    await view.user.click(within(section).getByRole('radio', { name: 'Confidential: name and domain hidden' }));
    await view.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sellers.json setting has been saved.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.clone().json()).toEqual({ confidential: true });
    await waitFor(() => expect(within(section).getByRole('radio', { name: 'Confidential: name and domain hidden' })).toBeChecked());
  });

  it('shows other roles the sellers.json setting without a way to change it', async () => {
    serve(rows);
    await open('/account-settings/ads-txt-monitor', 'VIEWER');
    const section = await screen.findByRole('region', { name: 'sellers.json' });
    expect(await within(section).findByText('Transparent: your name and domain are shown.')).toBeInTheDocument();
    expect(within(section).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
