// The home's one-line ads.txt summary (issue 27): how many sites fail, from one small read, with a link to the
// monitor filtered to them; nothing when none fails or the role may not open the monitor. And network staff's
// failing sites of every publisher.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AdsTxtSummary, FailingAdsTxtSiteList } from '../../../../src/resources/adsTxtSites';
import type { Role } from '../../../../src/lib/roles';
import { page, publisher } from '../../../support/builders';
import { apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { site } from './siteRecords';

let failing = 2;
const server = setupMsw(
  http.get(apiUrl('/external/publishers/:publisherId/ads-txt-sites'), () => HttpResponse.json(page(failing ? [site()] : [], { size: 1, totalElements: failing }))),
  http.get(apiUrl('/external/ads-txt-sites/failing'), () =>
    HttpResponse.json(page([site({ publisher: { id: 7, name: 'Sakura Press' }, domain: 'sakura-press.jp', status: 'NO_FILE', failure: 'NO_FILE' }), site()])),
  ),
);
const requests = recordRequests(server);
const siteCalls = () => requests.filter((request) => new URL(request.url).pathname.endsWith('/ads-txt-sites'));

async function home(role: Role = 'ADMIN') {
  signIn({ publisher: publisher({ name: 'Atlas News', role }) });
  return renderWithAdmin(<><h1>Home</h1><AdsTxtSummary /></>, { path: '/home/reporting' });
}

describe('AdsTxtSummary', () => {
  it('says how many sites have ads.txt problems and links to them, from a page of one', async () => {
    failing = 2;
    await home();
    expect(await screen.findByText(/2 sites have ads.txt problems\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the ads.txt monitor' })).toHaveAttribute('href', '/account-settings/ads-txt-monitor?status=failing');
    const query = new URL(siteCalls().at(-1)!.url).searchParams;
    expect([query.get('size'), query.getAll('status')]).toEqual(['1', ['UNREACHABLE', 'NOT_TEXT', 'NO_FILE', 'WRONG_LINES', 'MISSING_LINES']]);
  });

  it('says nothing when every site is well', async () => {
    failing = 0;
    await home();
    await waitFor(() => expect(siteCalls()).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Open the ads.txt monitor' })).not.toBeInTheDocument();
  });

  it('asks nothing for a role that may not open the monitor', async () => {
    failing = 2;
    await home('FINANCE');
    await screen.findByRole('heading', { name: 'Home' });
    expect(siteCalls()).toHaveLength(0);
    expect(screen.queryByText(/ads.txt problem/)).not.toBeInTheDocument();
  });
});

describe('FailingAdsTxtSiteList', () => {
  it('shows network staff every publisher’s failing sites with their publisher', async () => {
    signIn({ internal: true, publisher: publisher({ name: 'Atlas News', role: null }) });
    await renderWithAdmin(<FailingAdsTxtSiteList />, { path: '/network/ads-txt-monitor' });
    const table = await screen.findByRole('table', { name: 'Failing sites of every publisher' });
    const [, first, second] = await within(table).findAllByRole('row');
    expect(first).toHaveTextContent('sakura-press.jp');
    expect(first).toHaveTextContent('Sakura Press');
    expect(first).toHaveTextContent('No file');
    expect(second).toHaveTextContent('atlasnews.co.uk');
    expect(second).toHaveTextContent('Atlas News');
    const call = requests.find((request) => new URL(request.url).pathname === '/external/ads-txt-sites/failing')!;
    expect(Object.fromEntries(new URL(call.url).searchParams)).toEqual({ page: '0', size: '20', sortBy: 'revenueAtStake', direction: 'DESC' });
  });
});
