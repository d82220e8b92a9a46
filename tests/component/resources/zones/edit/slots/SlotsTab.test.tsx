// The slots tab (spec section 2 'Slots', section 9 copy codes, section 8 copy toast): 'All Slots (count)', the
// table, copy code per implementation type, and the CSV export saved under the server's file name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, apiUrl, http, setupMsw } from '../../../../../support/msw';
import { defaultState, serveZone, slot, ZONE_ID } from '../../zoneApi';
import { findSection, inNotices, renderZoneEdit } from '../renderZoneEdit';

const server = setupMsw();

afterEach(() => vi.restoreAllMocks());

async function renderSlots() {
  const rendered = await renderZoneEdit(`/zones/edit/${ZONE_ID}/slots`);
  const slots = await findSection(/^All Slots/);
  await slots.findByText('300x250-1');
  return { ...rendered, slots };
}

describe('slots tab', () => {
  it("titles the table 'All Slots (count)' and shows id, name, size and implementation type", async () => {
    const state = defaultState();
    state.slots = [...state.slots, slot(14, 'Flex', 9, 4)];
    serveZone(server, state);
    const { slots } = await renderSlots();
    expect(screen.getByRole('heading', { level: 2, name: 'All Slots (4)' })).toBeInTheDocument();
    const rows = within(slots.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['11', '300x250', '300*250', 'JavaScript tag'],
      ['12', '728x90', '728*90', 'Slot ID'],
      ['13', '300x250-1', '300*250', 'Slot ID'],
      ['14', 'Flex', 'Flex size', 'AMP tag'],
    ]);
  });

  it('shows a requested slot as awaiting approval, without code to copy until it is approved (issue 21)', async () => {
    const state = defaultState();
    state.slots = [...state.slots, slot(15, 'Requested one', 4, 1, ZONE_ID, 'REQUESTED')];
    serveZone(server, state);
    const { slots } = await renderSlots();
    const requested = within(slots.getByRole('table')).getByRole('row', { name: /Requested one/ });
    expect(requested).toHaveTextContent('Requested: awaiting approval');
    expect(requested).toHaveTextContent('Code once approved');
    expect(within(requested).queryByRole('button')).not.toBeInTheDocument();
    const approved = within(slots.getByRole('table')).getByRole('row', { name: /300x250-1/ });
    expect(approved).toHaveTextContent('Approved');
    expect(within(approved).getByRole('button', { name: 'Copy code of slot 300x250-1' })).toBeEnabled();
  });

  it('sorts by a column, toggling the order on a second click', async () => {
    serveZone(server);
    const { user, slots } = await renderSlots();
    const names = () => within(slots.getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    await user.click(slots.getByRole('button', { name: 'Sort by Name' }));
    expect(names()).toEqual(['300x250', '300x250-1', '728x90']);
    await user.click(slots.getByRole('button', { name: 'Sort by Name' }));
    expect(names()).toEqual(['728x90', '300x250-1', '300x250']);
  });

  it.each([
    ['300x250', '<script async src="https://cdn.adnetwork.example/tag.js"></script>\n<div data-slot-id="11" data-width="300" data-height="250"></div>'],
    ['728x90', '12'],
  ])('copies the code of slot %s for its implementation type and confirms for 3 seconds', async (name, code) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveZone(server);
    const { user } = await renderSlots();
    await user.click(screen.getByRole('button', { name: `Copy code of slot ${name}` }));
    await expect(navigator.clipboard.readText()).resolves.toBe(code);
    expect(await inNotices().findByText('Copied to clipboard')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(inNotices().getByText('Copied to clipboard')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(inNotices().queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });

  it('copies the bid URL and the AMP tag of types 3 and 4, and a flex slot without a size', async () => {
    const state = defaultState();
    state.slots = [slot(21, 'bid', 4, 3), slot(22, 'amp', 1, 4), slot(23, 'flex', 9, 1)];
    serveZone(server, state);
    const { user } = await renderZoneEdit(`/zones/edit/${ZONE_ID}/slots`);
    await (await findSection(/^All Slots/)).findByText('amp');
    await user.click(screen.getByRole('button', { name: 'Copy code of slot bid' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('https://ads.adnetwork.example/slot/21/bid');
    await user.click(screen.getByRole('button', { name: 'Copy code of slot amp' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '<script async src="https://cdn.adnetwork.example/tag.js"></script>\n<div data-slot-id="22" data-width="728" data-height="90" data-placement="2"></div>',
    );
    await user.click(screen.getByRole('button', { name: 'Copy code of slot flex' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '<script async src="https://cdn.adnetwork.example/tag.js"></script>\n<div data-slot-id="23" data-size="flex"></div>',
    );
  });

  it('says so when the browser refuses the copy', async () => {
    serveZone(server);
    const { user } = await renderSlots();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy code of slot 728x90' }));
    expect(await inNotices().findByText('The code could not be copied. Select it and copy it by hand.')).toBeInTheDocument();
  });

  it("downloads the slots' embed codes as CSV under the server's timestamped file name", async () => {
    serveZone(server);
    const { user } = await renderSlots();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:slots';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ download: 'slot-embed-codes-1001-20260115-120000.csv', href: 'blob:slots' }]));
    await expect(blobs[0]?.text()).resolves.toContain('12,728x90');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:slots'));
  });

  it('shows the persistent general error when the export fails', async () => {
    serveZone(server);
    server.use(http.get(apiUrl(`/external/zones/${ZONE_ID}/slots/embed-codes/export`), () => apiError(500, 'INTERNAL_ERROR')));
    const { user } = await renderSlots();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await inNotices().findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("shows 'No slots found' after a moment for a zone without slots, and nothing to export", async () => {
    serveZone(server, defaultState({ slots: [] }));
    await renderZoneEdit(`/zones/edit/${ZONE_ID}/slots`);
    expect(await screen.findByRole('heading', { name: 'All Slots (0)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No slots found')).toBeVisible());
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
