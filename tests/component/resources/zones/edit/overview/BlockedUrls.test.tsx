// Blocked URLs on the overview (spec sections 2, 4, 5, 8): the table, adding one or many URLs with every line
// checked (private hosts refused in every notation, duplicates, already blocked), and the cautious, optimistic
// delete with rollback.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, apiUrl, http, recordRequests, setupMsw } from '../../../../../support/msw';
import { serveZone, writes, ZONE_ID } from '../../zoneApi';
import { ATLAS, findSection, inNotices, renderZoneEdit, section } from '../renderZoneEdit';

const server = setupMsw();
const requests = recordRequests(server);

const blocked = () => section('Blocked URLs');
const patterns = () =>
  within(blocked().getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));

async function openAddDialog() {
  const rendered = await renderZoneEdit();
  await (await findSection('Blocked URLs')).findByText('https://www.atlasnews.com/sponsored/');
  await rendered.user.click(blocked().getByRole('link', { name: 'Add blocked URLs' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Block URLs' }));
  return { ...rendered, dialog, field: dialog.getByRole('textbox', { name: /URLs to block/ }) };
}

describe('blocked URLs', () => {
  it('lists URL type and pattern, sortable', async () => {
    serveZone(server);
    const { user } = await renderZoneEdit();
    await (await findSection('Blocked URLs')).findByText('https://www.atlasnews.com/sponsored/');
    expect(patterns()).toEqual([
      ['Image URL', 'https://ads.competitor-news.com/banner.png'],
      ['Page URL', 'https://www.atlasnews.com/sponsored/'],
    ]);
    await user.click(blocked().getByRole('button', { name: 'Sort by URL pattern' }));
    expect(patterns()[0]).toEqual(['Page URL', 'https://www.atlasnews.com/sponsored/']);
  });

  it('keeps submit disabled while the field is empty', async () => {
    serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    // Whose zone the URLs are blocked on (issue 21).
    expect(dialog.getByText('Publisher: Atlas News')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Block URLs' })).toBeDisabled();
    await user.type(field, '   ');
    expect(dialog.getByRole('button', { name: 'Block URLs' })).toBeDisabled();
  });

  it('adds one URL as the chosen type with CONTAINS, and lists it', async () => {
    serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    await user.click(dialog.getByRole('radio', { name: 'Image URL' }));
    await user.click(field);
    await user.paste('https://Cdn.Example.com/ads/banner.gif');
    await user.click(dialog.getByRole('button', { name: 'Block 1 URL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Found once the dialog's exit has lifted aria-hidden from the page (read in the same tick, it can still be hidden).
    expect(await (await findSection('Blocked URLs')).findByText('https://cdn.example.com/ads/banner.gif')).toBeInTheDocument();
    expect(await writes(requests)).toEqual([
      {
        method: 'POST',
        path: `/external/zones/${ZONE_ID}/asset-url-filter-patterns/bulk`,
        body: { zoneAssetUrlFilterPatternParamList: [{ pattern: 'https://cdn.example.com/ads/banner.gif', urlType: 'IMAGE', evalType: 'CONTAINS' }] },
      },
    ]);
    expect(await inNotices().findByText('Added URL block(s)')).toBeInTheDocument();
    expect(blocked().getByRole('link', { name: 'Add blocked URLs' })).toHaveFocus();
  });

  it('previews a non-ASCII URL as it will be saved, punycoded and percent-encoded, and sends that (issue 8, bug 13)', async () => {
    serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    await user.click(field);
    await user.paste('https://exämple.com/angebote/über');
    const saved = 'https://xn--exmple-cua.com/angebote/%C3%BCber';
    expect(dialog.getByRole('list', { name: 'Check of each line' })).toHaveTextContent(
      `Line 1: https://exämple.com/angebote/über — Will be blocked as ${saved}`,
    );
    await user.click(dialog.getByRole('button', { name: 'Block 1 URL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await (await findSection('Blocked URLs')).findByText(saved)).toBeInTheDocument();
    expect((await writes(requests))[0]?.body).toEqual({ zoneAssetUrlFilterPatternParamList: [{ pattern: saved, urlType: 'PAGE', evalType: 'CONTAINS' }] });
  });

  it.each([
    ['http://10.0.0.5/ads', 'private range'],
    ['http://0x7f.1/x', 'hexadecimal loopback'],
    ['http://2130706433/', 'decimal loopback'],
    ['http://0177.0.0.1/', 'octal loopback'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['https://printer.local/', 'local name'],
  ])('refuses %s (%s) as not a public host, and sends nothing', async (url) => {
    serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    await user.click(field);
    await user.paste(url);
    // No line would be blocked: nothing to submit (issue 21); leaving the field flags it.
    expect(dialog.getByRole('button', { name: 'Block URLs' })).toBeDisabled();
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The URL must point to a public host');
    expect(dialog.getByRole('list', { name: 'Check of each line' })).toHaveTextContent(`Line 1: ${url} — The URL must point to a public host`);
    expect(await writes(requests)).toEqual([]);
  });

  it("says 'URLs already blocked' for URLs the zone blocks already, and sends nothing", async () => {
    serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    await user.click(field);
    await user.paste('HTTPS://WWW.ATLASNEWS.COM/sponsored/');
    // Said at once, in the dialog; nothing can be sent (issue 21: no enabled submit for '0 of 1 lines').
    expect(dialog.getByRole('status')).toHaveTextContent('URLs already blocked');
    expect(dialog.getByRole('button', { name: 'Block URLs' })).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Block URLs' })).toBeInTheDocument();
    expect(await writes(requests)).toEqual([]);
  });

  it("keeps submit disabled while '0 of N lines will be blocked'", async () => {
    serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    await user.click(field);
    await user.paste(['not a url', 'https://www.atlasnews.com/sponsored/', 'http://10.0.0.5/x', 'https://one.example.com/a'].join('\n'));
    expect(dialog.getByText('1 of 4 lines will be blocked')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Block 1 URL' })).toBeEnabled();
    await user.clear(field);
    await user.paste(['not a url', 'https://www.atlasnews.com/sponsored/', 'http://10.0.0.5/x', 'ftp://x.example.com/', 'also not'].join('\n'));
    expect(dialog.getByText('0 of 5 lines will be blocked')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Block URLs' })).toBeDisabled();
  });

  it('has an address of its own, and closes back to the overview it was opened from', async () => {
    serveZone(server);
    const { user, dialog, location } = await openAddDialog();
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/overview/blocked-urls/create`);
    // Cancel steps back in the history, as the browser's Back does.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/overview`);
    expect(blocked().getByRole('link', { name: 'Add blocked URLs' })).toHaveFocus();
  });

  it('keeps what was typed when Back closes the dialog, and brings it back with Forward; Cancel discards it (issue 30)', async () => {
    serveZone(server);
    const { user, dialog, field, back, forward, location } = await openAddDialog();
    await user.click(dialog.getByRole('radio', { name: 'Image URL' }));
    await user.click(field);
    await user.paste('https://cdn.example.com/draft.gif');
    back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/overview`);
    forward();
    const reopened = within(await screen.findByRole('dialog', { name: 'Block URLs' }));
    expect(reopened.getByRole('textbox', { name: /URLs to block/ })).toHaveValue('https://cdn.example.com/draft.gif');
    expect(reopened.getByRole('radio', { name: 'Image URL' })).toBeChecked();
    await user.click(reopened.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click((await findSection('Blocked URLs')).getByRole('link', { name: 'Add blocked URLs' }));
    expect(within(await screen.findByRole('dialog', { name: 'Block URLs' })).getByRole('textbox', { name: /URLs to block/ })).toHaveValue('');
  });

  it('opens from its address, and Cancel leaves the overview without the dialog', async () => {
    serveZone(server);
    const { user, location } = await renderZoneEdit(`/zones/edit/${ZONE_ID}/overview/blocked-urls/create`);
    const dialog = await screen.findByRole('dialog', { name: 'Block URLs' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/overview`);
  });

  it('opens from its address only for a role that may add blocked URLs: a viewer sees the overview (issue 22)', async () => {
    serveZone(server);
    const viewer = { ...ATLAS, role: 'VIEWER' as const };
    await renderZoneEdit(`/zones/edit/${ZONE_ID}/overview/blocked-urls/create`, [viewer], viewer);
    await (await findSection('Blocked URLs')).findByText('https://www.atlasnews.com/sponsored/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(blocked().queryByRole('link', { name: 'Add blocked URLs' })).not.toBeInTheDocument();
  });

  it('checks every pasted line and sends only the valid new ones, then lists what was skipped and why', async () => {
    const state = serveZone(server);
    const { user, dialog, field } = await openAddDialog();
    const paste = [
      'https://one.example.com/a',
      'not a url',
      '',
      'https://one.example.com/a',
      'https://www.atlasnews.com/sponsored/',
      'ftp://files.example.com/x',
      'https://two.example.org/b?c=1',
    ].join('\n');
    await user.click(field);
    await user.paste(paste);
    const checks = dialog.getByRole('list', { name: 'Check of each line' });
    expect(within(checks).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 1: https://one.example.com/a — Will be blocked',
      'Line 2: not a url — Invalid URL',
      'Line 4: https://one.example.com/a — No duplicate allowed',
      'Line 5: https://www.atlasnews.com/sponsored/ — URLs already blocked',
      'Line 6: ftp://files.example.com/x — Only http and https URLs can be blocked',
      'Line 7: https://two.example.org/b?c=1 — Will be blocked',
    ]);
    expect(dialog.getByText('2 of 6 lines will be blocked')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Block 2 URLs' }));
    const outcome = await dialog.findByRole('status');
    expect(outcome).toHaveTextContent('2 URLs blocked. 4 lines were skipped:');
    expect(within(within(outcome).getByRole('list', { name: 'Skipped lines' })).getAllByRole('listitem')).toHaveLength(4);
    // Only the invalid lines stay in the field, ready to be corrected.
    expect(field).toHaveValue('not a url\nftp://files.example.com/x');
    const sent = (await writes(requests))[0]?.body as { zoneAssetUrlFilterPatternParamList: { pattern: string }[] };
    expect(sent.zoneAssetUrlFilterPatternParamList.map((entry) => entry.pattern)).toEqual(['https://one.example.com/a', 'https://two.example.org/b?c=1']);
    expect(state.blockedUrls).toHaveLength(4);
  });

  it('keeps everything typed when the add fails', async () => {
    serveZone(server);
    server.use(http.post(apiUrl(`/external/zones/${ZONE_ID}/asset-url-filter-patterns/bulk`), () => apiError(500, 'INTERNAL_ERROR')));
    const { user, dialog, field } = await openAddDialog();
    await user.click(dialog.getByRole('radio', { name: 'Image URL' }));
    await user.click(field);
    await user.paste('https://one.example.com/a');
    await user.click(dialog.getByRole('button', { name: 'Block 1 URL' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByRole('dialog', { name: 'Block URLs' })).toBeInTheDocument();
    expect(field).toHaveValue('https://one.example.com/a');
    expect(dialog.getByRole('radio', { name: 'Image URL' })).toBeChecked();
  });

  it('removes a URL after the proceed-with-caution confirmation', async () => {
    const state = serveZone(server);
    const { user } = await renderZoneEdit();
    await (await findSection('Blocked URLs')).findByText('https://www.atlasnews.com/sponsored/');
    await user.click(blocked().getByRole('button', { name: 'Remove block on https://www.atlasnews.com/sponsored/' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Proceed with caution' });
    expect(confirm).toHaveTextContent('Are you sure?');
    expect(within(confirm).getByText('Publisher: Atlas News')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Remove block' }));
    await waitFor(() => expect(patterns()).toEqual([['Image URL', 'https://ads.competitor-news.com/banner.png']]));
    expect(await inNotices().findByText('Removed URL block(s)')).toBeInTheDocument();
    expect(state.blockedUrls.map((entry) => entry.id)).toEqual([2]);
  });

  it('cancelling the confirmation removes nothing', async () => {
    serveZone(server);
    const { user } = await renderZoneEdit();
    await (await findSection('Blocked URLs')).findByText('https://www.atlasnews.com/sponsored/');
    await user.click(blocked().getByRole('button', { name: 'Remove block on https://www.atlasnews.com/sponsored/' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patterns()).toHaveLength(2);
    expect(await writes(requests)).toEqual([]);
  });

  it('puts the row back with the persistent general error when the delete fails', async () => {
    serveZone(server);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.delete(apiUrl(`/external/zones/${ZONE_ID}/asset-url-filter-patterns/1`), async () => {
        await answered;
        return apiError(500, 'INTERNAL_ERROR');
      }),
    );
    const { user } = await renderZoneEdit();
    await (await findSection('Blocked URLs')).findByText('https://www.atlasnews.com/sponsored/');
    await user.click(blocked().getByRole('button', { name: 'Remove block on https://www.atlasnews.com/sponsored/' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove block' }));
    await waitFor(() => expect(patterns()).toHaveLength(1));
    expect(inNotices().getByText('Removing URL block(s)')).toBeInTheDocument();
    release();
    await waitFor(() => expect(patterns()).toHaveLength(2));
    expect(blocked().getByText('https://www.atlasnews.com/sponsored/')).toBeInTheDocument();
    expect(await inNotices().findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });
});
