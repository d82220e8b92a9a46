// The blocking dialogs past their enabled/disabled rules (spec sections 2 'Blocking', 4 'IAB edit', issue 9's
// review step): where Escape takes the user back, what an IAB edit sends and in which order, the picker's search
// by name and per-category revenue share, several advertisers at once, and the review's figures in Japanese with
// the publisher's currency.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { components } from '../../../../openapi/portal';
import type { BlockingScope } from '../../../../src/resources/restrictions/scope';
import type { Locale } from '../../../../src/i18n/locales';
import { HttpResponse, apiUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { PUBLISHER_ID, block, blockingState, serveBlocking, type BlockingState } from './blockingApi';
import { BLOCKING_BASE as BASE, PUBLISHER_SCOPE, notices, renderBlocking } from './renderBlocking';
import { ZONE_BASE, serveZoneBlocking, zoneScope } from './zoneBlockingApi';

type Schemas = components['schemas'];

const server = setupMsw();
const requests = recordRequests(server);

const renderScreen = (path: string, options: { scope?: BlockingScope; locale?: Locale } = {}) => renderBlocking(path, options);

/** The writes, in the order the server received them, as 'METHOD path' and their bodies. */
async function writes() {
  const sent = requests.filter((request) => request.method !== 'GET' && !request.url.includes('revenue-at-stake'));
  return Promise.all(sent.map(async (request) => ({ call: `${request.method} ${new URL(request.url).pathname}`, body: (await request.clone().json()) as unknown })));
}

/** Revenue at stake with the given share per value, in `currency`. */
function serveStake(entityPath: string, currency: string, shareOf: (value: string) => number) {
  server.use(
    http.post(apiUrl(`${entityPath}/restrictions/revenue-at-stake`), async ({ request }) => {
      const { items } = (await request.json()) as Schemas['RevenueAtStakeRequest'];
      const rows = items.map((item) => {
        const share = shareOf(item.value);
        return { ...item, revenue: share * 100_000, impressions: share * 1_000_000, revenueShare: share, impressionShare: share / 4 };
      });
      const sum = (field: 'revenue' | 'impressions' | 'revenueShare' | 'impressionShare') => rows.reduce((total, row) => total + row[field], 0);
      return HttpResponse.json({
        currency,
        from: '2026-01-01',
        to: '2026-01-30',
        total: { revenue: 100_000, impressions: 1_000_000 },
        items: rows,
        sum: { revenue: sum('revenue'), impressions: sum('impressions'), revenueShare: sum('revenueShare'), impressionShare: sum('impressionShare') },
      } satisfies Schemas['RevenueAtStake']);
    }),
  );
}

describe('closing a dialog on Escape', () => {
  it("returns to the zone's list it was opened from, with its query", async () => {
    serveBlocking(server, blockingState());
    serveZoneBlocking(server, blockingState());
    const { user, location } = await renderScreen(`${ZONE_BASE}?hideGlobal=true`, { scope: zoneScope });
    const advertisers = within(await screen.findByRole('region', { name: 'Advertisers' }));
    const add = advertisers.getByRole('link', { name: 'Block advertisers' });
    await waitFor(() => expect(add).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'Block advertisers' })).toBeInTheDocument();
    expect(location()).toBe(`${ZONE_BASE}/block-advertisers/create?hideGlobal=true`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`${ZONE_BASE}?hideGlobal=true`);
  });

  it('returns to the global page it was opened from', async () => {
    serveBlocking(server, blockingState());
    const { user, location } = await renderScreen(BASE);
    const iab = within(await screen.findByRole('region', { name: 'IAB categories' }));
    const add = iab.getByRole('link', { name: 'Block IAB categories' });
    await waitFor(() => expect(add).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'Block IAB categories' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(BASE);
  });

  it('goes to the base page when the dialog was opened directly by its address', async () => {
    serveBlocking(server, blockingState());
    serveZoneBlocking(server, blockingState());
    const zone = await renderScreen(`${ZONE_BASE}/block-advertisers/create`, { scope: zoneScope });
    await screen.findByRole('dialog', { name: 'Block advertisers' });
    await zone.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(zone.location()).toBe(ZONE_BASE);
    zone.unmount();

    const global = await renderScreen(`${BASE}/iab/IAB7/edit`);
    await screen.findByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' });
    await global.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(global.location()).toBe(BASE);
  });
});

describe('IAB edit', () => {
  /** Opens the edit of IAB7 and swaps Exercise (IAB7-1, blocked) for A.D.D. (IAB7-2), up to the review. */
  async function swapChildren(path: string, scope: BlockingScope) {
    const { user } = await renderScreen(path, { scope });
    const save = await screen.findByRole('button', { name: 'Save' });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' }));
    expect(dialog.getByRole('button', { name: 'Remove All' })).toBeEnabled();
    await user.type(dialog.getByRole('searchbox', { name: 'Search categories by name or id' }), 'IAB7-');
    for (const name of [/^Exercise \(IAB7-1\)/, /^A\.D\.D\. \(IAB7-2\)/]) {
      await user.click(within(await dialog.findByRole('treeitem', { name })).getAllByRole('checkbox', { hidden: true })[0]!);
    }
    await user.click(save);
    await user.click(await dialog.findByRole('button', { name: `Save changes for ${scope.entity === 'zone' ? 'Atlas sports (Atlas News)' : 'Atlas News'}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  const exerciseBlocked = (): BlockingState => blockingState({ iab_category: [block('IAB7-1', 'Exercise', { parentId: 'IAB7' })] });

  it('on a zone removes the unselected blocks and adds the new ones in one call (one history entry, issue 21)', async () => {
    serveBlocking(server, blockingState());
    const state = exerciseBlocked();
    serveZoneBlocking(server, state);
    await swapChildren(`${ZONE_BASE}/iab/IAB7/edit`, zoneScope);
    const bulk = `/external/zone/${zoneScope.entityId}/restrictions/bulk`;
    expect(await writes()).toEqual([
      { call: `PATCH ${bulk}`, body: { add: [{ type: 'iab_category', restrictions: ['IAB7-2'] }], remove: [{ type: 'iab_category', restrictions: ['IAB7-1'] }] } },
    ]);
    expect(state.rows.iab_category.map((row) => row.advertisingRestrictionId)).toEqual(['IAB7-2']);
  });

  it('for the publisher does the same in one call', async () => {
    const state = exerciseBlocked();
    serveBlocking(server, state);
    await swapChildren(`${BASE}/iab/IAB7/edit`, PUBLISHER_SCOPE);
    const bulk = `/external/publisher/${PUBLISHER_ID}/restrictions/bulk`;
    expect(await writes()).toEqual([
      { call: `PATCH ${bulk}`, body: { add: [{ type: 'iab_category', restrictions: ['IAB7-2'] }], remove: [{ type: 'iab_category', restrictions: ['IAB7-1'] }] } },
    ]);
    expect(state.rows.iab_category.map((row) => row.advertisingRestrictionId)).toEqual(['IAB7-2']);
  });

  it('reviews the net effect: ticking the last unblocked child blocks that child alone, priced alone, and unblocks nothing', async () => {
    const state = exerciseBlocked();
    serveBlocking(server, state);
    const { user } = await renderScreen(`${BASE}/iab/IAB7/edit`);
    const save = await screen.findByRole('button', { name: 'Save' });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' }));
    // Every step names the publisher it acts on.
    expect(dialog.getByText('For Atlas News, on all of its zones')).toBeInTheDocument();
    await user.type(dialog.getByRole('searchbox', { name: 'Search categories by name or id' }), 'IAB7-2');
    await user.click(within(await dialog.findByRole('treeitem', { name: /^A\.D\.D\. \(IAB7-2\)/ })).getAllByRole('checkbox', { hidden: true })[0]!);
    await user.click(save);
    const review = await dialog.findByRole('table', { name: 'Revenue at stake' });
    expect(within(review).getAllByRole('row').slice(1, -1).map((row) => row.textContent)).toEqual([expect.stringMatching(/^A\.D\.D\. \(IAB7-2\)/)]);
    expect(dialog.queryByText(/To be unblocked/)).not.toBeInTheDocument();
    const stake = requests.filter((request) => request.url.includes('revenue-at-stake'));
    expect(await stake.at(-1)!.clone().json()).toEqual({ items: [{ type: 'iab_category', value: 'IAB7-2' }] });
    expect(dialog.getByText('For Atlas News, on all of its zones')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save changes for Atlas News' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await writes()).toEqual([
      {
        call: `PATCH /external/publisher/${PUBLISHER_ID}/restrictions/bulk`,
        body: { add: [{ type: 'iab_category', restrictions: ['IAB7'] }], remove: [{ type: 'iab_category', restrictions: ['IAB7-1'] }] },
      },
    ]);
    expect(await notices().findByText('Changed block(s)')).toBeInTheDocument();
  });

  it("disables Remove All when the scope has no block of its own under the parent (a zone's Global block only)", async () => {
    serveBlocking(server, blockingState());
    serveZoneBlocking(server, blockingState({ iab_category: [block('IAB7', 'Health & Fitness', { tag: 'Global' })] }));
    await renderScreen(`${ZONE_BASE}/iab/IAB7/edit`, { scope: zoneScope });
    await screen.findByRole('button', { name: 'Save' });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Health & Fitness (IAB7)' }));
    expect(dialog.getByRole('button', { name: 'Remove All' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('the IAB picker', () => {
  it("filters the tree by category name, without regard to case, keeping a match's parent", async () => {
    serveBlocking(server, blockingState());
    const { user } = await renderScreen(`${BASE}/iab/create`);
    await screen.findByRole('button', { name: 'Select common' });
    const dialog = within(screen.getByRole('dialog', { name: 'Block IAB categories' }));
    const search = dialog.getByRole('searchbox', { name: 'Search categories by name or id' });
    const shown = () => dialog.getAllByRole('treeitem').length;
    await user.type(search, 'cocktail');
    expect(await dialog.findByRole('treeitem', { name: /^Cocktails\/Beer \(IAB8-5\)/ })).toBeInTheDocument();
    expect(dialog.getByRole('treeitem', { name: /^Food & Drink \(IAB8\)/ })).toBeInTheDocument();
    expect(shown()).toBe(2);

    await user.clear(search);
    await user.type(search, 'FITNESS');
    // A parent that matches brings all of its sub-categories.
    expect(await dialog.findByRole('treeitem', { name: /^A\.D\.D\. \(IAB7-2\)/ })).toBeInTheDocument();
    expect(dialog.getByRole('treeitem', { name: /^Health & Fitness \(IAB7\)/ })).toBeInTheDocument();
    expect(dialog.getByRole('treeitem', { name: /^Exercise \(IAB7-1\)/ })).toBeInTheDocument();
    expect(shown()).toBe(3);
  });

  it('shows on each category its share of the last 30 days of revenue and impressions', async () => {
    serveBlocking(server, blockingState());
    serveStake(`/external/publisher/${PUBLISHER_ID}`, 'USD', (value) => ({ IAB7: 0.125, 'IAB8-5': 0.02 })[value] ?? 0);
    await renderScreen(`${BASE}/iab/create`);
    await screen.findByRole('button', { name: 'Select common' });
    const dialog = within(screen.getByRole('dialog', { name: 'Block IAB categories' }));
    expect(await dialog.findByRole('treeitem', { name: /^Health & Fitness \(IAB7\) · 12\.5% of revenue, 3\.1% of impressions/ })).toBeInTheDocument();
    expect(dialog.getByRole('treeitem', { name: /^Food & Drink \(IAB8\) · 0% of revenue, 0% of impressions/ })).toBeInTheDocument();
  });
});

describe('the advertiser dialog', () => {
  it('blocks two advertisers chosen together in one call', async () => {
    const state = blockingState();
    serveBlocking(server, state);
    const { user } = await renderScreen(`${BASE}/block-advertisers/create`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Block advertisers' }));
    await user.type(dialog.getByRole('searchbox', { name: 'Search advertisers' }), 'Golden');
    await user.click(await dialog.findByRole('checkbox', { name: /^Golden Cedar Airways/ }));
    await user.click(dialog.getByRole('checkbox', { name: /^Golden Cedar Foods/ }));
    const chosen = within(dialog.getByRole('group', { name: 'Chosen advertisers' }));
    expect(chosen.getByText('Golden Cedar Airways')).toBeInTheDocument();
    expect(chosen.getByText('Golden Cedar Foods')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Review' }));
    const review = within(await dialog.findByRole('table', { name: 'Revenue at stake' }));
    expect(review.getByText('Golden Cedar Airways')).toBeInTheDocument();
    expect(review.getByText('Golden Cedar Foods')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Block 2 advertisers for Atlas News' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await writes()).toEqual([
      { call: `POST /external/publisher/${PUBLISHER_ID}/restrictions/bulk`, body: [{ type: 'advertiser', clusivity: 'EXCLUDE', restrictions: ['1033', '1040'] }] },
    ]);
    // The page is the user's again once the closing dialog has given it back (until then it is hidden from them).
    const advertisers = within(await screen.findByRole('region', { name: 'Advertisers' }));
    expect(await advertisers.findByText('Advertiser id 1040')).toBeInTheDocument();
    expect(advertisers.getByText('Advertiser id 1033')).toBeInTheDocument();
  });

  it("reviews the revenue at stake in Japanese number and date formats with the publisher's currency", async () => {
    serveBlocking(server, blockingState());
    serveStake(`/external/publisher/${PUBLISHER_ID}`, 'JPY', () => 0.12345);
    const { user } = await renderScreen(`${BASE}/block-advertisers/create`, { locale: 'ja' });
    const dialog = within(await screen.findByRole('dialog', { name: '広告主をブロック' }));
    await user.type(dialog.getByRole('searchbox', { name: '広告主を検索' }), 'Golden');
    await user.click(await dialog.findByRole('checkbox', { name: /^Golden Cedar Airways/ }));
    await user.click(dialog.getByRole('button', { name: '確認' }));
    const table = await dialog.findByRole('table', { name: '影響する収益' });
    const item = within(within(table).getByText('Golden Cedar Airways').closest('tr')!);
    expect(await item.findByText('￥12,345')).toBeInTheDocument();
    expect(item.getByText('12.3%')).toBeInTheDocument();
    expect(item.getByText('123,450')).toBeInTheDocument();
    expect(dialog.getByText('以下をパブリッシャー全体でブロックします。2026/01/01から2026/01/30までの収益：')).toBeInTheDocument();
  });
});
