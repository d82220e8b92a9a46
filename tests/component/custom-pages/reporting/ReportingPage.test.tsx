// The reporting page: which tabs a publisher sees, where an address home/{type} lands, the dashboard call, and
// the frame's loading, failure, refusal and timeout states.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReportingPage } from '../../../../src/custom-pages/reporting/ReportingPage';
import { FRAME_LOAD_TIMEOUT_MS } from '../../../../src/components/frame/EmbeddedFrame';
import type { Publisher } from '../../../../src/dataProvider/session';
import { publisher as makePublisher, TEST_API_BASE } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { advance, useFakeTimeouts } from '../../../support/time';

// The home's ads.txt summary (issue 27) reads the failing sites: none here (its own tests are the monitor's).
const server = setupMsw(http.get(apiUrl('/external/publishers/:publisherId/ads-txt-sites'), () => HttpResponse.json({ content: [], totalElements: 0, totalPages: 0, page: 0, size: 1 })));
const requests = recordRequests(server);

const solo = makePublisher();
const atlas = makePublisher({ id: 102, name: 'Atlas News', hasSlotRevenue: true, passbackAdvertiser: { id: 1001, name: 'Ad' }, passbackCampaigns: 3 });

function answer(fresh: Publisher, dashboard: () => Response | Promise<Response> = () => HttpResponse.json({ url: '/frames/dashboard/5?token=t', expiresAt: '2026-01-15T12:05:00Z' })) {
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId'), () => HttpResponse.json(fresh)),
    http.post(apiUrl('/external/dashboard-service/publishers'), dashboard),
  );
}

async function open(path: string, stored: Publisher, fresh: Publisher = stored) {
  answer(fresh);
  signIn({ publisher: stored });
  return renderWithAdmin(<ReportingPage />, { path, routePath: '/home/:reportingType' });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const dashboardBodies = () =>
  Promise.all(requests.filter((r) => r.url.endsWith('/dashboard-service/publishers')).map((r) => r.clone().json() as Promise<Record<string, unknown>>));

describe('where home/{type} lands', () => {
  it('an unknown type lands on /home/reporting (issue 8, bug 10)', async () => {
    const page = await open('/home/nonsense', solo);
    await waitFor(() => expect(page.location()).toBe('/home/reporting'));
    expect(await screen.findByRole('tab', { name: 'Reporting', selected: true })).toBeInTheDocument();
  });

  it('a type the publisher may not see lands on /home/reporting too', async () => {
    const page = await open('/home/slot-revenue', solo);
    await waitFor(() => expect(page.location()).toBe('/home/reporting'));
  });

  it('publisher-campaigns lands on the passback tab', async () => {
    const page = await open('/home/publisher-campaigns', atlas);
    await waitFor(() => expect(page.location()).toBe('/home/passback-campaigns'));
    await waitFor(async () => expect((await dashboardBodies()).at(-1)).toMatchObject({ lookerReportId: 7 }));
  });

  it('waits for the fresh publisher before moving away from a type it may have gained', async () => {
    const page = await open('/home/in-video-dashboard', solo, { ...solo, hasInVideoZones: true });
    expect(await screen.findByRole('tab', { name: 'In-video dashboard', selected: true })).toBeInTheDocument();
    expect(page.location()).toBe('/home/in-video-dashboard');
  });
});

describe('tabs', () => {
  it('are the three standard reports for a plain publisher', async () => {
    await open('/home/reporting', solo);
    await screen.findByRole('tab', { name: 'Reporting' });
    expect(tabNames()).toEqual(['Reporting', 'Advertiser spend', 'Custom']);
  });

  it('add slot revenue, passback campaigns and in-video from the publisher read when the page opens', async () => {
    await open('/home/reporting', atlas, { ...atlas, hasInVideoZones: true });
    await waitFor(() =>
      expect(tabNames()).toEqual(['Reporting', 'Advertiser spend', 'Custom', 'Slot revenue', 'Passback campaigns', 'In-video dashboard', 'In-video custom']),
    );
    expect(screen.getByRole('tab', { name: 'Passback campaigns' })).toHaveAttribute('href', '/home/passback-campaigns');
  });

  it('show the floating FAQ button on the spec’s tabs', async () => {
    await open('/home/custom', solo);
    expect(await screen.findByRole('link', { name: 'Reporting FAQ' })).toHaveAttribute('href', 'https://help.adnetwork.example/publishers/faq');
  });

  it('show no FAQ button on historical JP reporting, which the spec leaves out', async () => {
    const sakura = makePublisher({ id: 103, businessUnit: { id: 5, name: 'Japan' } });
    await open('/home/historical-jp-reporting', sakura);
    await screen.findByRole('tab', { name: 'Historical JP reporting', selected: true });
    expect(screen.queryByRole('link', { name: 'Reporting FAQ' })).toBeNull();
  });
});

describe('the dashboard', () => {
  it('asks for the tab’s report with the user, the publisher and the language', async () => {
    await open('/home/advertiser-spend', solo);
    await screen.findByTitle('Advertiser spend dashboard');
    expect(await dashboardBodies()).toEqual([{ userId: 11, firstName: 'Solo', lastName: 'Owner', entityId: 101, lookerReportId: 4, locale: 'en' }]);
  });

  it('says "Loading reporting" until the address and the page have loaded, in a sandboxed, titled 1300 px frame', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    answer(solo, async () => {
      await released;
      return HttpResponse.json({ url: '/frames/dashboard/5?token=t', expiresAt: '2026-01-15T12:05:00Z' });
    });
    signIn({ publisher: solo });
    await renderWithAdmin(<ReportingPage />, { path: '/home/reporting', routePath: '/home/:reportingType' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading reporting');
    expect(screen.queryByTitle('Reporting dashboard')).toBeNull();
    act(() => release());
    const frame = await screen.findByTitle('Reporting dashboard');
    expect(frame).toHaveAttribute('src', `${TEST_API_BASE}/frames/dashboard/5?token=t`);
    expect(frame).toHaveAttribute('sandbox', 'allow-forms allow-downloads');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame.parentElement).toHaveStyle({ height: '1300px' });
    // The page itself has not loaded yet.
    expect(screen.getByRole('status')).toHaveTextContent('Loading reporting');
    fireEvent.load(frame);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(frame).toBeVisible();
  });

  it('on a failed call shows the apology and a retry that loads it', async () => {
    let fail = true;
    answer(solo, () => (fail ? apiError(500, 'INTERNAL') : HttpResponse.json({ url: '/frames/dashboard/5?token=t', expiresAt: '2026-01-15T12:05:00Z' })));
    signIn({ publisher: solo });
    const page = await renderWithAdmin(<ReportingPage />, { path: '/home/reporting', routePath: '/home/:reportingType' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We apologize for the inconvenience. Reporting data will be up shortly.');
    expect(screen.queryByTitle('Reporting dashboard')).toBeNull();
    fail = false;
    await page.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Reporting dashboard')).toBeInTheDocument();
  });

  it('on a refusal says that no data is available', async () => {
    answer(solo, () => apiError(403, 'FORBIDDEN'));
    signIn({ publisher: solo });
    await renderWithAdmin(<ReportingPage />, { path: '/home/reporting', routePath: '/home/:reportingType' });
    expect(await screen.findByText('No data is currently available for these parameters.')).toBeInTheDocument();
  });

  it('stops waiting for a page that never loads: the apology and a retry, which loads a new address', async () => {
    useFakeTimeouts();
    let token = 0;
    answer(solo, () => HttpResponse.json({ url: `/frames/dashboard/5?token=t${++token}`, expiresAt: '2026-01-15T12:05:00Z' }));
    signIn({ publisher: solo });
    const page = await renderWithAdmin(<ReportingPage />, { path: '/home/reporting', routePath: '/home/:reportingType' });
    await screen.findByTitle('Reporting dashboard');
    await advance(FRAME_LOAD_TIMEOUT_MS - 1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading reporting');
    await advance(1);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reporting data will be up shortly.');
    await page.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTitle('Reporting dashboard')).toHaveAttribute('src', `${TEST_API_BASE}/frames/dashboard/5?token=t2`));
    fireEvent.load(screen.getByTitle('Reporting dashboard'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
