// The publisher chooser (spec sections 2, 5, 9): debounced search, one character ignored, 'No result found',
// a single publisher chosen automatically, choosing stores the session and opens /home/reporting.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BrowsePage } from '../../../../src/custom-pages/browse/BrowsePage';
import { session, type Publisher } from '../../../../src/dataProvider/session';
import { publisher } from '../../../support/builders';
import { HttpResponse, apiUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { advance, useFakeTimeouts } from '../../../support/time';

const server = setupMsw();
const requests = recordRequests(server);

const atlas = publisher({ id: 201, name: 'Atlas News' });
const sakura = publisher({ id: 202, name: 'Sakura Press', businessUnit: { id: 5, name: 'Japan' } });
const classic = publisher({ id: 203, name: 'Premium Classic', businessUnit: { id: 7, name: 'Just Premium (legacy)' } });

/** The server's search: a part of the name, case-insensitive, or the exact id. */
function serve(publishers: Publisher[]) {
  server.use(
    http.get(apiUrl('/external/publishers/simple-search'), ({ request }) => {
      const term = (new URL(request.url).searchParams.get('searchTerm') ?? '').toLowerCase();
      return HttpResponse.json(publishers.filter((entry) => entry.name.toLowerCase().includes(term) || String(entry.id) === term));
    }),
  );
}

const searchTerms = () => requests.map((request) => new URL(request.url).searchParams.get('searchTerm'));

async function renderChooser() {
  return renderWithAdmin(<BrowsePage />, { path: '/browse', routes: { '/home/reporting': <h1>Reporting home</h1> } });
}

describe('BrowsePage', () => {
  it("prompts 'Select a Publisher' and lists the user's publishers", async () => {
    serve([atlas, sakura, classic]);
    signIn({ publishers: [] });
    await renderChooser();
    expect(screen.getByRole('heading', { level: 1, name: 'Select a Publisher' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Publishers' });
    expect(await within(list).findByText('Atlas News')).toBeInTheDocument();
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByText('3 publishers found')).toBeInTheDocument();
  });

  it('tells an account that is a member of no publisher that an admin must invite it, instead of "0 publishers found" (issue 30)', async () => {
    serve([]);
    signIn({ publishers: [] });
    await renderChooser();
    expect(
      await screen.findByText('Your account is not a member of any publisher. To work here, ask an admin of a publisher to invite you to its team.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/0 publishers found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search publishers' })).not.toBeInTheDocument();
  });

  it('searches once per pause in typing (300 ms debounce)', async () => {
    useFakeTimeouts();
    serve([atlas, sakura, classic]);
    signIn();
    const { user } = await renderChooser();
    await screen.findByText('Atlas News');
    await user.type(screen.getByLabelText('Search publishers'), 'Sak');
    await advance(299);
    expect(searchTerms()).toEqual(['']);
    await advance(1);
    await waitFor(() => expect(searchTerms()).toEqual(['', 'Sak']));
    const list = screen.getByRole('list', { name: 'Publishers' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(within(list).getByText('Sakura Press')).toBeInTheDocument();
    await advance(1000);
    expect(searchTerms()).toEqual(['', 'Sak']);
  });

  it('does not search one letter, and hides the results of the term before it, saying why', async () => {
    useFakeTimeouts();
    serve([atlas, sakura, classic]);
    signIn();
    const { user } = await renderChooser();
    await screen.findByText('Atlas News');
    const box = screen.getByLabelText('Search publishers');
    await user.type(box, 'Sak');
    await advance(300);
    const list = screen.getByRole('list', { name: 'Publishers' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    await user.type(box, '{Backspace}{Backspace}');
    await advance(1000);
    expect(searchTerms()).toEqual(['', 'Sak']);
    // 'Sakura Press' matched 'Sak', not 'S': it is not offered as if it did.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('One letter is not searched: type at least 2 characters of a name, or an id.');
  });

  it('searches a number of any length by id, as its hint says', async () => {
    useFakeTimeouts();
    const seven = publisher({ id: 7, name: 'Harbor Times' });
    serve([atlas, sakura, classic, seven]);
    signIn({ internal: true });
    const { user } = await renderChooser();
    await screen.findByText('Atlas News');
    expect(screen.getByLabelText('Search publishers')).toHaveFocus();
    await user.keyboard('7');
    await advance(300);
    await waitFor(() => expect(searchTerms()).toEqual(['', '7']));
    const list = screen.getByRole('list', { name: 'Publishers' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(within(list).getByRole('button')).toHaveTextContent('Harbor Times');
  });

  it("shows a 'No result found' entry when nothing matches", async () => {
    serve([atlas, sakura, classic]);
    signIn();
    const { user } = await renderChooser();
    await screen.findByText('Atlas News');
    await user.type(screen.getByLabelText('Search publishers'), 'zzz');
    const list = screen.getByRole('list', { name: 'Publishers' });
    expect(await within(list).findByText('No result found')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('chooses the only publisher automatically and opens /home/reporting', async () => {
    const solo = publisher({ id: 101, name: 'Solo Media' });
    serve([solo]);
    signIn();
    const { location } = await renderChooser();
    expect(await screen.findByRole('heading', { name: 'Reporting home' })).toBeInTheDocument();
    expect(location()).toBe('/home/reporting');
    expect(session.get().publisher?.id).toBe(101);
    expect(session.get().publishers.map((entry) => entry.id)).toEqual([101]);
  });

  it('leads past its header with a skip link, the first thing on the page, to the main landmark', async () => {
    serve([atlas]);
    signIn();
    await renderChooser();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(skip.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(main).getByRole('heading', { level: 1, name: 'Select a Publisher' })).toBeInTheDocument();
  });

  it('lets the keyboard move into the results and choose one, storing it and the list', async () => {
    serve([atlas, sakura, classic]);
    signIn();
    const { user, location } = await renderChooser();
    await screen.findByText('Atlas News');
    await user.click(screen.getByLabelText('Search publishers'));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /Atlas News/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /Sakura Press/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/home/reporting'));
    expect(session.get().publisher?.name).toBe('Sakura Press');
    expect(session.get().publishers.map((entry) => entry.id)).toEqual([201, 202, 203]);
  });
});
