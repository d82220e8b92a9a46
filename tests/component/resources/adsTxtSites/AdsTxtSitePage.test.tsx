// A monitored site's page (issue 27): status in words, last and next crawl, the lines to add with one copy button,
// the file with its numbered lines and the problem lines marked and said; "Check now" by the role table, answered
// with the new status, and a refusal for checking too often that says when to try again; a site that is not the
// publisher's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AdsTxtSitePage } from '../../../../src/resources/adsTxtSites';
import type { Role } from '../../../../src/lib/roles';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { authorisedDetail, detail } from './siteRecords';

let current: ReturnType<typeof detail> = detail();
let check: () => Response = () => HttpResponse.json(current);
const server = setupMsw(
  http.get(apiUrl('/external/publishers/101/ads-txt-sites/2'), () => HttpResponse.json(current)),
  http.get(apiUrl('/external/publishers/101/ads-txt-sites/9'), () => apiError(404, 'NOT_FOUND')),
  http.get(apiUrl('/external/publishers/101/ads-txt-sites'), () => HttpResponse.json({ content: [], totalElements: 0, totalPages: 0, page: 0, size: 20 })),
  http.post(apiUrl('/external/publishers/101/ads-txt-sites/2/check'), () => check()),
);
const requests = recordRequests(server);

async function open(siteId = '2', role: Role = 'ADMIN') {
  signIn({ publisher: publisher({ name: 'Atlas News', role }) });
  return renderWithAdmin(<AdsTxtSitePage />, { path: `/account-settings/ads-txt-monitor/${siteId}`, routePath: '/account-settings/ads-txt-monitor/:siteId' });
}

afterEach(() => {
  current = detail();
  check = () => HttpResponse.json(current);
  vi.restoreAllMocks();
});

describe('AdsTxtSitePage', () => {
  it('shows the status, the crawls, the lines to add with a copy button and the file with its problem lines marked', async () => {
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'atlasnews.co.uk: ads.txt' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Missing lines');
    expect(screen.getByText('Last crawl').nextElementSibling).toHaveTextContent('Dec 2, 2026');
    expect(screen.getByText('Next crawl').nextElementSibling).toHaveTextContent('Dec 3, 2026');
    const lines = screen.getByRole('region', { name: 'Lines to add' });
    expect(within(lines).getByRole('region', { name: 'The lines to add to ads.txt' })).toHaveTextContent('adnetwork.example, 10005, DIRECT, f08c47fec0942fa0');
    expect(within(lines).getByRole('button', { name: 'Copy the lines to add' })).toBeEnabled();
    const file = screen.getByRole('region', { name: 'ads.txt of atlasnews.co.uk' });
    const numbered = within(file).getAllByRole('listitem');
    expect(numbered.map((line) => line.firstChild?.textContent)).toEqual(['1', '2', '3', '4']);
    expect(numbered[1]).toHaveAttribute('data-problem', 'WRONG');
    expect(numbered[0]).not.toHaveAttribute('data-problem');
    expect(within(screen.getByRole('list', { name: 'Lines to fix' })).getByRole('listitem')).toHaveTextContent(
      'Line 2 is wrong: it should read adnetwork.example, pub-101, DIRECT, f08c47fec0942fa0',
    );
  });

  it('checks now and shows the status the server answered', async () => {
    const view = await open();
    await screen.findByRole('status');
    current = authorisedDetail();
    await view.user.click(screen.getByRole('button', { name: 'Check ads.txt of atlasnews.co.uk now' }));
    expect(await screen.findByText('atlasnews.co.uk has been checked.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All authorised'));
    expect(screen.queryByRole('region', { name: 'Lines to add' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('says when the site may be checked again after checking too often', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-12-03T10:00:00Z'));
    check = () => HttpResponse.json({ code: 'TOO_MANY_CHECKS', message: 'Too many' }, { status: 429, headers: { 'Retry-After': '25' } });
    const view = await open();
    await screen.findByRole('status');
    await view.user.click(screen.getByRole('button', { name: 'Check ads.txt of atlasnews.co.uk now' }));
    const expectedTime = new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(new Date(Date.parse('2026-12-03T10:00:25Z')));
    expect(await screen.findByText(`Checked too often. You can check again in 25 seconds (at ${expectedTime}).`)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Missing lines');
  });

  it('offers no Check now to a viewer', async () => {
    await open('2', 'VIEWER');
    expect(await screen.findByRole('status')).toHaveTextContent('Missing lines');
    expect(screen.queryByRole('button', { name: /Check/ })).not.toBeInTheDocument();
  });

  it('says so for a site that is not the publisher’s', async () => {
    await open('9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the ads.txt monitor' })).toHaveAttribute('href', '/account-settings/ads-txt-monitor');
  });
});
