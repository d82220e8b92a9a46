// The ad review center's grid (issue 28): each creative as a card with its sandboxed preview, facts and marks; the
// filters and sort sent to the server and kept in the address; the actions by role; the empty and failed states.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { CreativeList } from '../../../../src/resources/creatives';
import type { Role } from '../../../../src/lib/roles';
import { publisher, TEST_API_BASE } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, layoutHandlers, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { useFakeTimeouts } from '../../../support/time';
import { creative, serveCreatives } from './creativesApi';

const server = setupMsw(...layoutHandlers(() => null));
const requests = recordRequests(server);
const listCalls = () =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/external/publishers/101/creatives')
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));

async function open(path = '/creatives', role: Role = 'ADMIN') {
  signIn({ publisher: publisher({ name: 'Atlas News', role }) });
  return renderWithAdmin(<CreativeList />, { path, routePath: '/creatives' });
}

describe('CreativeList', () => {
  it('shows each creative as a card: a preview frame that can do nothing, its facts, its marks and a link to its page', async () => {
    serveCreatives(server, [creative({ isNew: true }), creative({ id: 14, advertiser: { id: 502, name: 'Blue Harbor Bank' }, blockedGlobally: true, blockedZoneIds: [1001, 1002] })]);
    await open();
    const cards = within(await screen.findByRole('list', { name: 'Ads that served' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Creative 12: Green Pine Motors, 300x250' })).toHaveAttribute('href', '/creatives/12');
    expect(first).toHaveTextContent('green-pine-motors.net');
    expect(first).toHaveTextContent('300x250 · Display');
    expect(first).toHaveTextContent('462,114');
    expect(first).toHaveTextContent('$5,242.66');
    expect(first).toHaveTextContent('IAB2, IAB2-3');
    expect(first).toHaveTextContent('New');
    const frame = within(first).getByTitle('Preview of Creative 12: Green Pine Motors, 300x250');
    expect(frame.tagName).toBe('IFRAME');
    // No allow-scripts, allow-same-origin or allow-top-navigation: an empty sandbox allows nothing.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('src', `${TEST_API_BASE}/frames/creative-preview/12?token=signed-token-for-the-test-000000`);
    expect(cards[1]).toHaveTextContent('Blocked everywhere');
    expect(cards[1]).toHaveTextContent('Blocked on 2 zones');
    expect(within(cards[1]!).getByRole('button', { name: 'Unblock Creative 14: Blue Harbor Bank, 300x250' })).toBeVisible();
    expect(screen.getByText(/The ads that served on your zones from Nov 2, 2026 to Dec 1, 2026\./)).toBeVisible();
    expect(listCalls().at(-1)).toEqual({ page: '0', size: '20', sortBy: 'impressions', direction: 'DESC' });
  });

  it("makes a preview's frame only once its card comes near the window (each frame is a document to make)", async () => {
    // A layout: the first card's box in the window, the second's far below it; IntersectionObserver as a browser's.
    const watched: { target: Element; notify: (near: boolean) => void }[] = [];
    class FakeIntersectionObserver {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(target: Element) {
        watched.push({ target, notify: (near) => act(() => this.callback([{ isIntersecting: near }])) });
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const top = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const far = this.closest('li')?.textContent?.includes('Blue Harbor Bank');
      return { top: far ? 5000 : 100 } as DOMRect;
    });
    try {
      serveCreatives(server, [creative(), creative({ id: 14, advertiser: { id: 502, name: 'Blue Harbor Bank' } })]);
      await open();
      const [near, far] = within(await screen.findByRole('list', { name: 'Ads that served' })).getAllByRole('listitem');
      expect(within(near!).getByTitle('Preview of Creative 12: Green Pine Motors, 300x250').tagName).toBe('IFRAME');
      expect(within(far!).queryByTitle('Preview of Creative 14: Blue Harbor Bank, 300x250')).toBeNull();
      watched.filter(({ target }) => far!.contains(target)).forEach(({ notify }) => notify(false));
      expect(within(far!).queryByTitle('Preview of Creative 14: Blue Harbor Bank, 300x250')).toBeNull();
      watched.filter(({ target }) => far!.contains(target)).forEach(({ notify }) => notify(true));
      expect(within(far!).getByTitle('Preview of Creative 14: Blue Harbor Bank, 300x250')).toHaveAttribute('sandbox', '');
    } finally {
      top.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('sends the filters of the address, and the sort chosen most first, back to page 1', async () => {
    serveCreatives(server, [creative()]);
    const view = await open('/creatives?page=2&zoneId=1001&period=7&newSinceLastVisit=true&format=video&adSize=640x360&category=IAB2&blocked=false');
    await screen.findByRole('link', { name: 'Creative 12: Green Pine Motors, 300x250' });
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ zoneId: '1001', period: '7', newSinceLastVisit: 'true', format: 'video', adSize: '640x360', category: 'IAB2', blocked: 'false' }),
    );
    await view.user.click(screen.getByRole('combobox', { name: /^Sort by/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Most revenue' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: '0', sortBy: 'revenue', direction: 'DESC', zoneId: '1001' }));
    const address = new URL(view.location(), 'http://console.test').searchParams;
    expect([address.get('sortBy'), address.get('direction'), address.get('page'), address.get('zoneId')]).toEqual(['revenue', 'DESC', '1', '1001']);

    await view.user.click(screen.getByRole('button', { name: 'Show only the ads of Green Pine Motors' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ advertiserId: '501' }));
    await view.user.click(screen.getByRole('switch', { name: 'New since my last visit' }));
    await waitFor(() => expect(listCalls().at(-1)).not.toHaveProperty('newSinceLastVisit'));
    expect(new URL(view.location(), 'http://console.test').searchParams.get('advertiserId')).toBe('501');
  });

  it('keeps a search the list has not shown yet when the sort is chosen (issue 39)', async () => {
    // The sort is chosen in the same act as the search's debounce, before React shows the search's address: built
    // on the address shown, it wrote the address without the term.
    useFakeTimeouts();
    serveCreatives(server, [creative()]);
    const view = await open();
    await screen.findByRole('list', { name: 'Ads that served' });
    await view.user.type(screen.getByRole('searchbox', { name: 'Search ads' }), 'pine');
    await view.user.click(screen.getByRole('combobox', { name: /^Sort by/ }));
    const revenue = await screen.findByRole('option', { name: 'Most revenue' });
    act(() => {
      vi.advanceTimersByTime(300);
      revenue.click();
    });
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ searchTerm: 'pine', sortBy: 'revenue', direction: 'DESC' }));
    const address = new URL(view.location(), 'http://console.test').searchParams;
    expect([address.get('searchTerm'), address.get('sortBy'), address.get('direction')]).toEqual(['pine', 'revenue', 'DESC']);
  });

  it('searches by advertiser, domain or id through the search term', async () => {
    serveCreatives(server, [creative()]);
    const view = await open();
    await screen.findByRole('list', { name: 'Ads that served' });
    await view.user.type(screen.getByRole('searchbox', { name: 'Search ads' }), 'green pine');
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ searchTerm: 'green pine', page: '0' }));
  });

  it('shows a viewer the marks but no action button (the server refuses them anyway)', async () => {
    serveCreatives(server, [creative({ blockedZoneIds: [1001] })]);
    await open('/creatives', 'VIEWER');
    const card = (await screen.findAllByRole('listitem'))[0]!;
    expect(card).toHaveTextContent('Blocked on 1 zone');
    expect(within(card).queryAllByRole('button', { name: /Creative 12/ })).toEqual([]);
  });

  it('marks everything seen for the user', async () => {
    serveCreatives(server, [creative()]);
    const view = await open();
    await screen.findByRole('list', { name: 'Ads that served' });
    await view.user.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('All ads marked as seen')).toBeVisible();
    expect(requests.some((request) => request.method === 'POST' && new URL(request.url).pathname === '/external/publishers/101/creative-visit')).toBe(true);
  });

  it('says when no creative matches', async () => {
    serveCreatives(server, []);
    await open();
    expect(await screen.findByText('No ads found')).toBeVisible();
  });

  it('offers a retry when the first load fails', async () => {
    serveCreatives(server, [creative()]);
    let failing = true;
    const answer = () =>
      HttpResponse.json({ content: [creative()], page: 0, size: 20, totalElements: 1, totalPages: 1, currency: 'USD', from: '2026-11-02', to: '2026-12-01', lastVisitAt: null });
    server.use(http.get(apiUrl('/external/publishers/:publisherId/creatives'), () => (failing ? apiError(500, 'INTERNAL') : answer())));
    const view = await open();
    expect(await screen.findByText('The ads could not be loaded.')).toBeVisible();
    failing = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Creative 12: Green Pine Motors, 300x250' })).toBeVisible();
  });
});
