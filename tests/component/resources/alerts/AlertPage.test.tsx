// One alert's page (issue 23): the drop and its figures, the changes before it most likely first with what each
// put at stake and who made it, the History page's Undo with its refusals, what it says without causes, and an
// alert that is not there.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AlertPage } from '../../../../src/resources/alerts';
import { legacyPublisher, publisher } from '../../../support/builders';
import type { Publisher } from '../../../../src/dataProvider/session';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { adsTxtAlert, adsTxtCause, blockEntry, detail } from './alertRecords';
import { entry } from '../history/historyEntries';

const server = setupMsw();
const requests = recordRequests(server);

async function open(answer: object, options: { legacy?: boolean; role?: Publisher['role'] } = {}) {
  let current = answer;
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId/alerts/:alertId'), () => HttpResponse.json(current)),
    http.get(apiUrl('/external/publishers/:publisherId/alert-summary'), () => HttpResponse.json({ publisherId: 101, unread: 1 })),
    // The user's state of the alert, kept as the server keeps it.
    http.patch(apiUrl('/external/publishers/:publisherId/alerts/:alertId'), async ({ request }) => {
      const { alert } = current as { alert: object };
      current = { ...current, alert: { ...alert, ...((await request.json()) as object) } };
      return HttpResponse.json((current as { alert: object }).alert);
    }),
  );
  signIn({ publisher: options.legacy ? legacyPublisher() : publisher({ name: 'Atlas News', ...(options.role ? { role: options.role } : {}) }) });
  const view = await renderWithAdmin(<AlertPage />, { path: '/alerts/1', routePath: '/alerts/:alertId' });
  return { ...view, answerNext: (next: object) => void (current = next) };
}

describe('AlertPage', () => {
  it('shows an ads.txt alert (issue 27): what the site fell from and to, its status now, the lines lost, no causes', async () => {
    await open({ alert: adsTxtAlert, causes: [], causesAvailable: true, otherChanges: 0 });
    expect(await screen.findByRole('heading', { level: 1, name: 'ads.txt of atlasnews.com: Missing lines since Nov 24, 2026' })).toBeInTheDocument();
    expect(screen.getByText('Before').nextSibling).toHaveTextContent('All authorised');
    expect(screen.getByText('Found').nextSibling).toHaveTextContent('Missing lines');
    expect(screen.getByText('Now').nextSibling).toHaveTextContent('All authorised');
    expect(within(screen.getByRole('list', { name: 'Lines lost on atlasnews.com' })).getByRole('listitem')).toHaveTextContent('adnetwork.example, pub-1001');
    expect(screen.queryByRole('list', { name: 'Changes before the drop' })).not.toBeInTheDocument();
    expect(screen.queryByText('Lowest day')).not.toBeInTheDocument();
  });

  it('links an ads.txt alert to its site’s page in the monitor, and says so no longer once the site is not watched', async () => {
    const view = await open({ alert: adsTxtAlert, causes: [], causesAvailable: true, otherChanges: 0 });
    const link = await screen.findByRole('link', { name: 'Open atlasnews.com in the ads.txt monitor' });
    expect(link).toHaveAttribute('href', '/account-settings/ads-txt-monitor/7');
    view.unmount();

    await open({ alert: { ...adsTxtAlert, adsTxt: { ...adsTxtAlert.adsTxt, siteId: null, currentStatus: null } }, causes: [], causesAvailable: true, otherChanges: 0 });
    expect(await screen.findByText('No longer watched')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Lines lost on atlasnews.com' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /in the ads\.txt monitor$/ })).not.toBeInTheDocument();
  });

  it('links a lost ads.txt line among a drop’s causes to the monitor only for a role that may read the monitor', async () => {
    const view = await open(detail({ causes: [adsTxtCause, ...detail().causes] }));
    const [cause] = within(await screen.findByRole('list', { name: 'Changes before the drop' })).getAllByRole('listitem');
    expect(within(cause!).getByRole('link', { name: 'Open atlasnews.com in the ads.txt monitor' })).toHaveAttribute('href', '/account-settings/ads-txt-monitor/7');
    view.unmount();

    // Finance sees the revenue drops and their causes, not the monitor.
    await open(detail({ causes: [adsTxtCause, ...detail().causes] }), { role: 'FINANCE' });
    const [seen] = within(await screen.findByRole('list', { name: 'Changes before the drop' })).getAllByRole('listitem');
    expect(seen).toHaveTextContent('ads.txt of atlasnews.com, found on');
    expect(within(seen!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists a lost ads.txt line among the causes of a drop, with what it put at stake and no Undo', async () => {
    await open(detail({ causes: [adsTxtCause, ...detail().causes] }));
    const causes = within(await screen.findByRole('list', { name: 'Changes before the drop' })).getAllByRole('listitem');
    const first = causes[0]!;
    expect(first).toHaveTextContent('ads.txt lines lost');
    expect(first).toHaveTextContent('ads.txt of atlasnews.com, found on');
    expect(first).toHaveTextContent('$512.40 at stake over 30 days (25.0% of the revenue)');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the drop and ranks the changes before it, the block first, each with who made it', async () => {
    await open(detail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue down 42.2% since Nov 22, 2026' })).toBeInTheDocument();
    expect(screen.getByText('Lowest day').nextSibling).toHaveTextContent('Nov 23, 2026');
    expect(screen.getByText('Usual').nextSibling).toHaveTextContent('$2,868.58');
    expect(screen.getByText('Difference').nextSibling).toHaveTextContent('$1,210.00 (42.2%)');
    const causes = within(screen.getByRole('list', { name: 'Changes before the drop' })).getAllByRole('listitem');
    expect(causes[0]).toHaveTextContent('New blocks');
    expect(causes[0]).not.toHaveTextContent('Blocks');
    expect(causes[0]).toHaveTextContent('Advertisers blocked: Green Pine Motors');
    expect(causes[0]).toHaveTextContent('$26,413.57 at stake over 30 days (37.4% of the revenue)');
    expect(causes[0]).toHaveTextContent('Max Multi');
    expect(causes[1]).toHaveTextContent('Nothing at stake · Zone');
    expect(causes[1]).toHaveTextContent('Network staff');
    expect(within(causes[1]!).getByRole('button', { name: 'Undo change #41' })).toBeInTheDocument();
  });

  it('marks an unread alert read on opening it, once (issue 30)', async () => {
    await open(detail());
    await screen.findByRole('heading', { level: 1, name: 'Revenue down 42.2% since Nov 22, 2026' });
    await waitFor(() => expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1));
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(new URL(patch.url).pathname).toBe('/external/publishers/101/alerts/1');
    expect(await patch.json()).toEqual({ read: true });
    expect(await screen.findByRole('button', { name: /^Mark unread: / })).toBeInTheDocument();
  });

  it('undoes the block with the History page’s call, then shows it undone', async () => {
    const view = await open(detail());
    server.use(
      http.post(apiUrl('/external/publishers/:publisherId/history/:entryId/undo'), () => {
        view.answerNext(detail({ causes: [{ effect: 'BLOCK', revenueAtStake: 26413.57, share: 0.374, entry: { ...blockEntry, reversible: false, undoneBy: 50 }, adsTxtChange: null }] }));
        return HttpResponse.json(entry({ id: 50, kind: 'BLOCKS', before: blockEntry.after, after: { blocks: [] }, undoes: 42 }), { status: 201 });
      }),
    );
    await view.user.click(await screen.findByRole('button', { name: 'Undo change #42' }));
    // Asked first, naming what the change put at stake (issue 30).
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo change #42?' });
    expect(dialog).toHaveTextContent('The revenue alert links this change to $26,413.57 at stake over 30 days (37.4% of the revenue).');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await view.user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/Change #42 undone/)).toBeInTheDocument();
    expect(await screen.findByText('Undone by change #50')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && new URL(request.url).pathname === '/external/publishers/101/history/42/undo')).toBe(true);
  });

  it('says why an undo was refused, as the History page does', async () => {
    const view = await open(detail());
    server.use(http.post(apiUrl('/external/publishers/:publisherId/history/:entryId/undo'), () => apiError(409, 'ALREADY_UNDONE')));
    await view.user.click(await screen.findByRole('button', { name: 'Undo change #42' }));
    await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('This change has already been undone.')).toBeInTheDocument();
  });

  it('says when no change preceded the drop, or none had revenue at stake', async () => {
    await open(detail({ causes: [], changeCount: 0, topCause: null }));
    expect(await screen.findByText('No change in the account preceded this drop: the cause is likely outside it (seasonality, demand).')).toBeInTheDocument();
  });

  it('says a legacy just-premium product has no change history', async () => {
    await open(detail({ causes: [], causesAvailable: false, topCause: null }), { legacy: true });
    expect(await screen.findByText('This product has no change history: the reporting shows the figures behind this drop.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Changes before the drop, most likely first' })).not.toBeInTheDocument();
  });

  it('says when there is no such alert for the user', async () => {
    server.use(http.get(apiUrl('/external/publishers/:publisherId/alerts/:alertId'), () => apiError(404, 'NOT_FOUND')));
    signIn({ publisher: publisher() });
    await renderWithAdmin(<AlertPage />, { path: '/alerts/99', routePath: '/alerts/:alertId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alert not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/alerts');
  });
});
