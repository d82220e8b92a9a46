// The inclusive inventory program (spec sections 2 'Zone domain identifiers', 4 'Inclusive inventory', 9): the
// server's pages (zero-based in the call, one-based on screen, 20 rows from page 1), view then edit, Cancel and
// paging discarding the choices, Save only with a change and sending only the changed rows, back to view with
// the saved values; a failed save keeps the choices with the general error.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { ZoneDomainSelfIdentifierList } from '../../../../src/resources/zoneDomainSelfIdentifiers/ZoneDomainSelfIdentifierList';
import type { components } from '../../../../openapi/portal';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { advance, useFakeTimeouts } from '../../../support/time';

type Row = components['schemas']['ZoneDomainSelfIdentifiers'];

const server = setupMsw();
const requests = recordRequests(server);

const IDENTIFIERS = [
  { id: 1, name: 'Publisher first-party ID' },
  { id: 2, name: 'UID 2.0' },
  { id: 3, name: 'ID5' },
  { id: 4, name: 'LiveRamp RampID' },
];
const ATLAS = publisher({ id: 2, name: 'Atlas News' });

/** `count` domains *.site-01.example... with ids from 301; the first has UID 2.0 and ID5. */
function domains(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => ({
    zoneDomainId: 301 + index,
    zoneId: 1001 + index,
    domain: { domain: `*.site-${String(index + 1).padStart(2, '0')}.example` },
    selfIdentifiers: index === 0 ? [IDENTIFIERS[1]!, IDENTIFIERS[2]!] : [],
  }));
}

/** The server as the contract says it behaves: pages of the rows, a save replacing the listed rows' identifiers. */
function serve(target: SetupServer, rows: Row[]) {
  target.use(
    http.get(apiUrl('/external/self-identifiers'), () => HttpResponse.json(IDENTIFIERS)),
    http.get(apiUrl('/external/publishers/:publisherId/zone-domain-self-identifiers'), ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      return HttpResponse.json({
        content: rows.slice(page * size, page * size + size),
        page,
        size,
        totalElements: rows.length,
        totalPages: Math.ceil(rows.length / size),
      });
    }),
    http.post(apiUrl('/external/publishers/:publisherId/zone-domain-self-identifiers'), async ({ request }) => {
      const body = (await request.json()) as { zoneDomainId: number; selfIdentifierIds: number[] }[];
      for (const entry of body) {
        const row = rows.find((candidate) => candidate.zoneDomainId === entry.zoneDomainId)!;
        row.selfIdentifiers = IDENTIFIERS.filter((identifier) => entry.selfIdentifierIds.includes(identifier.id));
      }
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return rows;
}

async function renderList(path = '/account-settings/inclusive-inventory-program') {
  signIn({ publisher: ATLAS });
  return renderWithAdmin(<ZoneDomainSelfIdentifierList />, { path, routePath: '/account-settings/inclusive-inventory-program' });
}

const table = () => screen.getByRole('table', { name: 'Zone domain identifiers' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cells = (index: number) => within(bodyRows()[index]!).getAllByRole('cell').map((cell) => cell.textContent);
const listCalls = () =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname.endsWith('/zone-domain-self-identifiers'))
    .map((request) => new URL(request.url).search);
const saves = async () =>
  Promise.all(
    requests
      .filter((request) => request.method === 'POST')
      .map(async (request) => ({ path: new URL(request.url).pathname, body: (await request.clone().json()) as unknown })),
  );
const notices = () => within(screen.getByRole('log', { name: 'Notifications' }));
const select = (domain: string) => screen.getByRole('combobox', { name: `Self identifiers of ${domain}` });

async function openEdit(path?: string) {
  const rendered = await renderList(path);
  await screen.findByText('*.site-01.example');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
  await rendered.user.click(screen.getByRole('button', { name: 'Edit' }));
  return rendered;
}

/** Opens a row's multi-select, toggles these identifiers, and closes it. */
async function choose(user: Awaited<ReturnType<typeof renderList>>['user'], domain: string, ...names: string[]) {
  await user.click(select(domain));
  const listbox = within(await screen.findByRole('listbox'));
  for (const name of names) await user.click(listbox.getByRole('option', { name }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('ZoneDomainSelfIdentifierList', () => {
  it('shows domain, domain id and self identifiers, 20 rows of page 1 asked as page 0', async () => {
    serve(server, domains(25));
    await renderList();
    await screen.findByText('*.site-01.example');
    expect(listCalls()).toEqual(['?page=0&size=20']);
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Domain', 'Domain ID', 'Self identifiers']);
    expect(bodyRows()).toHaveLength(20);
    expect(cells(0)).toEqual(['*.site-01.example', '301', 'UID 2.0, ID5']);
    expect(cells(1)).toEqual(['*.site-02.example', '302', 'None']);
    expect(screen.getByText('25 Result(s)')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Self identifiers of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inclusive inventory program' })).toBeInTheDocument();
  });

  it('pages with the address: page 2 is asked as page 1, a new size goes back to page 1', async () => {
    serve(server, domains(12));
    const { user, location } = await renderList('/account-settings/inclusive-inventory-program?size=10');
    await screen.findByText('*.site-01.example');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await screen.findByText('*.site-11.example');
    expect(location()).toBe('/account-settings/inclusive-inventory-program?page=2&size=10&sortBy=domain&direction=ASC');
    expect(listCalls().at(-1)).toBe('?page=1&size=10');
    expect(bodyRows()).toHaveLength(2);
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    await screen.findByText('*.site-01.example');
    expect(listCalls().at(-1)).toBe('?page=0&size=20');
    expect(bodyRows()).toHaveLength(12);
  });

  it('turns the third column into multi-selects on Edit; Save is enabled only while a row differs', async () => {
    serve(server, domains(3));
    const { user } = await openEdit();
    expect(select('*.site-01.example')).toHaveTextContent('UID 2.0, ID5');
    expect(select('*.site-02.example')).toHaveTextContent('None');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText(/domains? changed/)).toHaveTextContent('0 domains changed');
    expect(screen.getByText(`Publisher: ${ATLAS.name}`)).toBeInTheDocument();

    await choose(user, '*.site-02.example', 'ID5');
    expect(select('*.site-02.example')).toHaveTextContent('ID5');
    expect(save).toBeEnabled();
    expect(screen.getByText(/domains? changed/)).toHaveTextContent('1 domain changed');
    // Choosing and unchoosing leaves nothing to save.
    await choose(user, '*.site-02.example', 'ID5');
    expect(save).toBeDisabled();
    // Order does not matter: the same set is no change.
    await choose(user, '*.site-01.example', 'ID5', 'ID5');
    expect(save).toBeDisabled();
  });

  it('discards the choices on Cancel and returns to view', async () => {
    serve(server, domains(3));
    const { user } = await openEdit();
    await choose(user, '*.site-01.example', 'Publisher first-party ID');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('combobox', { name: /^Self identifiers of/ })).not.toBeInTheDocument();
    expect(cells(0)).toEqual(['*.site-01.example', '301', 'UID 2.0, ID5']);
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(select('*.site-01.example')).toHaveTextContent('UID 2.0, ID5');
    expect(await saves()).toEqual([]);
  });

  it('discards the choices when the page changes, and stays in edit mode', async () => {
    serve(server, domains(12));
    const { user } = await openEdit('/account-settings/inclusive-inventory-program?size=10');
    await choose(user, '*.site-02.example', 'ID5');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await screen.findByRole('combobox', { name: 'Self identifiers of *.site-11.example' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    await screen.findByRole('combobox', { name: 'Self identifiers of *.site-02.example' });
    expect(select('*.site-02.example')).toHaveTextContent('None');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await saves()).toEqual([]);
  });

  it('saves only the changed rows, then shows the saved values in view mode', async () => {
    const rows = serve(server, domains(4));
    const { user } = await openEdit();
    await choose(user, '*.site-01.example', 'UID 2.0', 'LiveRamp RampID');
    await choose(user, '*.site-03.example', 'Publisher first-party ID', 'ID5');
    // Touched, then put back: not sent.
    await choose(user, '*.site-04.example', 'ID5');
    await choose(user, '*.site-04.example', 'ID5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('combobox', { name: /^Self identifiers of/ })).not.toBeInTheDocument());
    expect(await saves()).toEqual([
      {
        path: '/external/publishers/2/zone-domain-self-identifiers',
        body: [
          { zoneDomainId: 301, selfIdentifierIds: [3, 4] },
          { zoneDomainId: 303, selfIdentifierIds: [1, 3] },
        ],
      },
    ]);
    expect(cells(0)).toEqual(['*.site-01.example', '301', 'ID5, LiveRamp RampID']);
    expect(cells(2)).toEqual(['*.site-03.example', '303', 'Publisher first-party ID, ID5']);
    expect(rows[3]!.selfIdentifiers).toEqual([]);
    expect(await notices().findByText('Self identifiers saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('keeps the choices and edit mode when the save fails, with the general error', async () => {
    serve(server, domains(3));
    const { user } = await openEdit();
    await choose(user, '*.site-02.example', 'UID 2.0');
    server.use(http.post(apiUrl('/external/publishers/:publisherId/zone-domain-self-identifiers'), () => apiError(500, 'INTERNAL')));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await notices().findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(select('*.site-02.example')).toHaveTextContent('UID 2.0');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('shows the general error with a retry when the list cannot be loaded', async () => {
    serve(server, domains(3));
    server.use(http.get(apiUrl('/external/publishers/:publisherId/zone-domain-self-identifiers'), () => apiError(403, 'FORBIDDEN')));
    await renderList();
    expect(await notices().findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  it("says 'No zone domains found' 500 ms after an empty answer, and offers no Edit", async () => {
    useFakeTimeouts();
    serve(server, []);
    await renderList();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await advance(0);
    expect(screen.queryByText('No zone domains found')).not.toBeInTheDocument();
    await advance(500);
    expect(screen.getByText('No zone domains found')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });
});
