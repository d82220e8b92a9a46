// The blocking screen's rules a user sees (spec sections 2 'Blocking', 4, 5, 6, 8): which add dialogs let them go
// on, the clusivity and staff notices, the 'already blocked' toasts that send nothing, and the optimistic removal
// rolled back with the persistent general error.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, apiUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { PUBLISHER_ID, block, blockingState, serveBlocking } from './blockingApi';
import { BLOCKING_BASE as BASE, notices, renderBlocking } from './renderBlocking';

const server = setupMsw();
const requests = recordRequests(server);

const renderScreen = (path?: string, options: { internal?: boolean } = {}) => renderBlocking(path, options);

const section = async (name: string) => within(await screen.findByRole('region', { name }));
const writes = () => requests.filter((request) => request.method !== 'GET' && !request.url.includes('revenue-at-stake'));

describe('who may add', () => {
  it('shows an ordinary publisher with a non-EXCLUDE clusivity the account-manager message instead of the add button', async () => {
    serveBlocking(server, blockingState({ advertiser: [block('1033', 'Golden Cedar Airways', { clusivity: 'INCLUDE' })] }, { advertiser: 'INCLUDE' }));
    await renderScreen();
    const advertisers = await section('Advertisers');
    expect(
      await advertisers.findByText('Blocking changes are managed by your account manager. Please contact your account manager.'),
    ).toBeInTheDocument();
    expect(advertisers.queryByRole('link', { name: 'Block advertisers' })).not.toBeInTheDocument();
    // An inclusion list is the account manager's: an ordinary publisher does not see its entries.
    expect(advertisers.queryByText('Golden Cedar Airways')).not.toBeInTheDocument();
    const domains = await section('Advertiser domains');
    expect(await domains.findByRole('link', { name: 'Block advertiser domains' })).toBeInTheDocument();
  });

  it('shows staff the included entries and the internal notice with its settings link instead of changing advertiser exclusions', async () => {
    serveBlocking(server, blockingState({ advertiser: [block('1033', 'Golden Cedar Airways')] }));
    await renderScreen(BASE, { internal: true });
    const advertisers = await section('Advertisers');
    expect(await advertisers.findByText('Golden Cedar Airways')).toBeInTheDocument();
    expect(advertisers.getByRole('link', { name: 'Open the internal publisher settings' })).toHaveAttribute(
      'href',
      `https://admin.staging.adnetwork.example/publishers/${PUBLISHER_ID}/settings`,
    );
    expect(advertisers.queryByRole('link', { name: 'Block advertisers' })).not.toBeInTheDocument();
    expect(advertisers.queryByRole('checkbox', { name: 'Select Golden Cedar Airways' })).not.toBeInTheDocument();
  });
});

describe('a viewer (issue 22)', () => {
  it('reads the blocks and exports them, with nothing to add, edit, import or remove', async () => {
    serveBlocking(server, blockingState({ advertiser: [block('1033', 'Golden Cedar Airways')] }));
    await renderBlocking(BASE, { role: 'VIEWER' });
    const advertisers = await section('Advertisers');
    expect(await advertisers.findByText('Golden Cedar Airways')).toBeInTheDocument();
    expect(advertisers.queryByRole('link', { name: 'Block advertisers' })).not.toBeInTheDocument();
    expect(advertisers.queryByRole('checkbox', { name: 'Select Golden Cedar Airways' })).not.toBeInTheDocument();
    expect(advertisers.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Import/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });

  it('gets nothing from a bookmarked add dialog', async () => {
    serveBlocking(server, blockingState({}));
    await renderBlocking(`${BASE}/block-advertisers/create`, { role: 'VIEWER' });
    await section('Advertisers');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('deleting', () => {
  it('removes the rows at once and puts them back with the persistent general error when the call fails', async () => {
    const gone = block('*.gone.example');
    serveBlocking(server, blockingState({ advertiser_domain: [gone, block('*.kept.example')] }));
    const { user } = await renderScreen();
    await screen.findByRole('checkbox', { name: 'Select *.gone.example' });
    const domains = within(screen.getByRole('region', { name: 'Advertiser domains' }));
    expect(domains.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await user.click(domains.getByRole('checkbox', { name: 'Select *.gone.example' }));
    let fail: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (fail = resolve));
    server.use(
      http.delete(apiUrl(`/external/publisher/${PUBLISHER_ID}/restrictions/bulk`), async () => {
        await held;
        return apiError(500, 'INTERNAL');
      }),
    );
    await user.click(domains.getByRole('button', { name: 'Delete 1 selected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Proceed with caution' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(domains.queryByText('*.gone.example')).not.toBeInTheDocument());
    // The closing confirmation hides the screen from the accessibility tree until its exit transition ends.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(domains.getByText('*.kept.example')).toBeInTheDocument();
    expect(domains.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    fail();
    expect(await domains.findByText('*.gone.example')).toBeInTheDocument();
    expect(await notices().findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
  });
});

describe('the add dialogs', () => {
  it('keeps Review of advertisers disabled until one is chosen, and searches only from 2 characters', async () => {
    serveBlocking(server, blockingState());
    const { user } = await renderScreen(`${BASE}/block-advertisers/create`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Block advertisers' }));
    const review = dialog.getByRole('button', { name: 'Review' });
    await waitFor(() => expect(requests.some((request) => request.url.includes('/restrictions?'))).toBe(true));
    expect(review).toBeDisabled();
    await user.type(dialog.getByRole('searchbox', { name: 'Search advertisers' }), 'Golden');
    await user.click(await dialog.findByRole('checkbox', { name: /^Golden Cedar Airways/ }));
    // Debounced: one search for the whole term, none for its first letters.
    const searches = requests.filter((request) => request.url.includes('advertisers-global'));
    expect(searches.map((request) => new URL(request.url).searchParams.get('partialName'))).toEqual(['Golden']);
    expect(review).toBeEnabled();
    await user.click(review);
    expect(await dialog.findByRole('table', { name: 'Revenue at stake' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Block 1 advertiser for Atlas News' }));
    // The notice names how many and for whom (issue 30).
    expect(await notices().findByText('1 block created for Atlas News')).toBeInTheDocument();
    expect(writes().map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([`POST /external/publisher/${PUBLISHER_ID}/restrictions/bulk`]);
  });

  it('shows the already-blocked toast and sends nothing when every chosen advertiser is blocked', async () => {
    serveBlocking(server, blockingState({ advertiser: [block('1033', 'Golden Cedar Airways')] }));
    const { user } = await renderScreen(`${BASE}/block-advertisers/create`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Block advertisers' }));
    await user.type(dialog.getByRole('searchbox', { name: 'Search advertisers' }), 'Golden Cedar Air');
    await user.click(await dialog.findByRole('checkbox', { name: /^Golden Cedar Airways/ }));
    await user.click(dialog.getByRole('button', { name: 'Review' }));
    expect(await notices().findByText('Advertiser(s) already blocked')).toBeInTheDocument();
    expect(dialog.queryByRole('table', { name: 'Revenue at stake' })).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('keeps Review of domains disabled while empty, names each invalid entry, and sends nothing when all are blocked', async () => {
    serveBlocking(server, blockingState({ advertiser_domain: [block('*.blocked.example')] }));
    const { user } = await renderScreen(`${BASE}/block-advertiser-domains/create`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Block advertiser domains' }));
    const field = dialog.getByRole('textbox', { name: /Domains/ });
    const review = dialog.getByRole('button', { name: 'Review' });
    expect(review).toBeDisabled();
    await user.type(field, '  ');
    expect(review).toBeDisabled();

    await user.clear(field);
    await user.click(field);
    await user.paste('ok.example, bad..entry, -nope.example');
    await waitFor(() => expect(review).toBeEnabled());
    await user.click(review);
    const invalid = within(await screen.findByRole('dialog', { name: 'Invalid domains' }));
    expect(invalid.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['bad..entry', '-nope.example']);
    await user.click(invalid.getByRole('button', { name: 'Ok' }));

    await user.clear(field);
    await user.click(field);
    await user.paste('blocked.example');
    await user.click(review);
    expect(await notices().findByText('Block(s) already created')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('keeps Save of an IAB edit disabled until the selection differs from the original', async () => {
    serveBlocking(server, blockingState({ iab_category: [block('IAB7', 'Health & Fitness')] }));
    const { user } = await renderScreen(`${BASE}/iab/IAB7/edit`);
    // The taxonomy and the blocks load first (a few seconds on a busy machine), in a dialog of their own.
    const save = await screen.findByRole('button', { name: 'Save' });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' }));
    expect(save).toBeDisabled();
    await user.type(dialog.getByRole('searchbox', { name: 'Search categories by name or id' }), 'IAB7-1');
    const exercise = await dialog.findByRole('treeitem', { name: /^Exercise \(IAB7-1\)/ });
    await user.click(within(exercise).getAllByRole('checkbox', { hidden: true })[0]!);
    expect(save).toBeEnabled();
    await user.click(within(exercise).getAllByRole('checkbox', { hidden: true })[0]!);
    expect(save).toBeDisabled();
  });

  it("disables 'Select common' when every common parent is blocked already", async () => {
    serveBlocking(server, blockingState({ iab_category: [block('IAB7', 'Health & Fitness'), block('IAB25', 'Non-Standard Content')] }));
    await renderScreen(`${BASE}/iab/create`);
    // The taxonomy and the blocks load first (a few seconds on a busy machine), in a dialog of their own.
    expect(await screen.findByRole('button', { name: 'Select common' })).toBeDisabled();
    const dialog = within(screen.getByRole('dialog', { name: 'Block IAB categories' }));
    expect(dialog.getByText('All common categories already added')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Review' })).toBeDisabled();
  });
});
