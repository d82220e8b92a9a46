// The history list: who and what per entry (network staff marked, the user's own entries as theirs), filters kept
// in the address and sent to the server, undo with its notices, and a refused undo saying what changed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HistoryList } from '../../../../src/resources/history/HistoryList';
import type { HistoryRecord } from '../../../../src/dataProvider/resources';
import { page, publisher, zone } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { ENTRIES, entry } from './historyEntries';

const server = setupMsw();
const requests = recordRequests(server);

const AUTHORS = [
  { id: 11, name: 'Solo Owner', email: 'solo@publisher.example', internal: false },
  { id: 1, name: 'Staff Member', email: null, internal: true },
];

function serve(rows: HistoryRecord[], totalElements = rows.length) {
  server.use(
    http.get(apiUrl('/external/publishers/:publisherId/history'), () => HttpResponse.json(page(rows, { totalElements }))),
    http.get(apiUrl('/external/publishers/:publisherId/history/authors'), () => HttpResponse.json(AUTHORS)),
  );
}

const historyCalls = () =>
  requests.filter((request) => new URL(request.url).pathname.endsWith('/history')).map((request) => Object.fromEntries(new URL(request.url).searchParams));

async function open(path = '/account-settings/history', zoneId?: number) {
  signIn({ publisher: publisher() });
  const view = await renderWithAdmin(<HistoryList zoneId={zoneId} />, { path });
  await screen.findByText('Renamed from "Atlas Homepage" to "Atlas Front"');
  return view;
}

describe('HistoryList', () => {
  it('shows when, who and what; staff entries are marked as network staff, the signed-in user as you', async () => {
    serve([ENTRIES.renamed, ENTRIES.statusChanged]);
    await open();
    const [, own, staff] = within(screen.getByRole('table', { name: 'Change history' })).getAllByRole('row');
    expect(within(own!).getByText('Solo Owner (you)')).toBeInTheDocument();
    expect(within(own!).getByRole('link', { name: 'Atlas Homepage' })).toHaveAttribute('href', '/zones/edit/1001/overview');
    expect(within(staff!).getByText('Staff Member')).toBeInTheDocument();
    expect(within(staff!).getByText('Network staff acting for the publisher')).toBeInTheDocument();
    expect(within(staff!).getByText('Status: Active → Inactive')).toBeInTheDocument();
    // An e-mail may wrap after its @ or before a dot, never inside a word (issue 21).
    const email = within(own!).getByText((_, element) => element?.textContent === 'solo@publisher.example' && element.tagName === 'DIV');
    expect(email.innerHTML).toBe('solo@<wbr>publisher<wbr>.example');
  });

  it('keeps the filters in the address, sends them, and goes back to page 1 on a change', async () => {
    serve([ENTRIES.renamed], 45);
    const view = await open('/account-settings/history?page=2&from=2026-11-01');
    await view.user.click(screen.getByRole('combobox', { name: 'Kind of change' }));
    await view.user.click(await screen.findByRole('option', { name: 'Blocks' }));
    await waitFor(() => expect(view.location()).toBe('/account-settings/history?from=2026-11-01&kind=BLOCKS'));
    await waitFor(() => expect(historyCalls().at(-1)).toEqual({ page: '0', size: '20', kind: 'BLOCKS', from: '2026-11-01', language: 'en' }));
    await view.user.click(screen.getByRole('combobox', { name: 'Author' }));
    await view.user.click(await screen.findByRole('option', { name: 'Staff Member · Network staff acting for the publisher' }));
    await waitFor(() => expect(historyCalls().at(-1)).toMatchObject({ kind: 'BLOCKS', authorId: '1' }));
    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.location()).toBe('/account-settings/history'));
  });

  it('says when the history could not be loaded, is no longer busy, and loads it on retry', async () => {
    let fail = true;
    serve([ENTRIES.renamed]);
    server.use(http.get(apiUrl('/external/publishers/:publisherId/history'), () => (fail ? apiError(403, 'FORBIDDEN') : HttpResponse.json(page([ENTRIES.renamed])))));
    signIn({ publisher: publisher() });
    const { user } = await renderWithAdmin(<HistoryList />, { path: '/account-settings/history' });
    expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Renamed from "Atlas Homepage" to "Atlas Front"')).toBeInTheDocument();
  });

  it("says when 'To' is before 'From' and does not send it", async () => {
    serve([ENTRIES.renamed]);
    await open('/account-settings/history?from=2026-11-10&to=2026-11-01');
    expect(screen.getByText("'To' must not be before 'From'")).toBeInTheDocument();
    expect(historyCalls().at(-1)).toEqual({ page: '0', size: '20', from: '2026-11-10', language: 'en' });
  });

  it("names the filtered zone on its chip even when no entry of the page is of it", async () => {
    serve([]);
    server.use(http.get(apiUrl('/external/zones/:zoneId'), ({ params }) => HttpResponse.json(zone({ trackingId: Number(params.zoneId), name: 'Atlas Sports' }))));
    signIn({ publisher: publisher() });
    const { user, location } = await renderWithAdmin(<HistoryList />, { path: '/account-settings/history?zoneId=1002&kind=BLOCKS' });
    const chip = await screen.findByRole('button', { name: 'Zone: Atlas Sports' });
    expect(historyCalls().at(-1)).toMatchObject({ zoneId: '1002', kind: 'BLOCKS' });
    chip.focus();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(location()).toBe('/account-settings/history?kind=BLOCKS'));
  });

  it('on the zone tab lists that zone only, without the zone filter', async () => {
    serve([ENTRIES.renamed]);
    await open('/zones/edit/1001/history', 1001);
    expect(historyCalls().at(-1)).toMatchObject({ zoneId: '1001' });
    expect(screen.queryByRole('button', { name: /Only changes of/ })).not.toBeInTheDocument();
  });

  it('undoes an entry as a new change and says so', async () => {
    serve([ENTRIES.renamed, ENTRIES.zoneCreated]);
    server.use(
      http.post(apiUrl('/external/publishers/:publisherId/history/:entryId/undo'), ({ params }) =>
        HttpResponse.json(entry({ id: 8, kind: 'ZONE', before: { name: 'Atlas Front' }, after: { name: 'Atlas Homepage' }, undoes: Number(params.entryId) }), { status: 201 }),
      ),
    );
    const view = await open();
    expect(screen.getAllByRole('button', { name: /^Undo change/ })).toHaveLength(1);
    await view.user.click(screen.getByRole('button', { name: 'Undo change #7' }));
    // The notice names the change, its kind and the publisher (issue 30).
    expect(await screen.findByText('Change #7 undone (Zone, Solo Media)')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && new URL(request.url).pathname === '/external/publishers/101/history/7/undo')).toBe(true);
  });

  it('asks before a large undo, naming everything it will change and the publisher; a small one goes at once (issue 21)', async () => {
    serve([ENTRIES.renamed, ENTRIES.manyBlocks]);
    server.use(
      http.post(apiUrl('/external/publishers/:publisherId/history/:entryId/undo'), () =>
        HttpResponse.json(entry({ id: 9, kind: 'BLOCKS', zone: null, before: ENTRIES.manyBlocks.after, after: ENTRIES.manyBlocks.before, undoes: 8 }), { status: 201 }),
      ),
    );
    const view = await open();
    const undos = () => requests.filter((request) => request.method === 'POST');
    await view.user.click(screen.getAllByRole('button', { name: 'Undo change #8' })[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Undo change #8?' });
    expect(dialog).toHaveTextContent('This undo changes 11 items, more than the 8 a row of the history shows, so here is what it will do:');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Advertisers unblocked: Advertiser 1, Advertiser 2, Advertiser 3, Advertiser 4, Advertiser 5, Advertiser 6, Advertiser 7, Advertiser 8, Advertiser 9, Advertiser 10, Advertiser 11',
    );
    expect(within(dialog).getByText('Publisher: Solo Media')).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(undos()).toHaveLength(0);

    await view.user.click((await screen.findAllByRole('button', { name: 'Undo change #8' }))[0]!);
    await view.user.click(within(screen.getByRole('alertdialog', { name: 'Undo change #8?' })).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change #8 undone (Blocks, Solo Media)')).toBeInTheDocument();
    expect(new URL(undos()[0]!.url).pathname).toBe('/external/publishers/101/history/8/undo');
  });

  it('a refused undo names what changed since', async () => {
    serve([ENTRIES.renamed]);
    server.use(
      http.post(apiUrl('/external/publishers/:publisherId/history/:entryId/undo'), () =>
        HttpResponse.json({ code: 'UNDO_CONFLICT', message: 'changed', details: [{ field: '/after/name', message: 'is now Atlas Sports' }] }, { status: 409 }),
      ),
    );
    const view = await open();
    await view.user.click(screen.getByRole('button', { name: 'Undo change #7' }));
    expect(await screen.findByText('This change cannot be undone: the name changed since. Look at the newer changes first.')).toBeInTheDocument();
  });
});
