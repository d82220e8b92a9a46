// The slot request modal at slots/create (spec sections 2, 4, 5 'Slots'): rows with the default values, remove
// disabled with one row, one flex slot per zone, names from the size with -N suffixes, modal behaviour (Escape,
// focus back on the button that opened it), success lists the new slots, failure keeps everything typed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, apiUrl, http, recordRequests, setupMsw } from '../../../../../support/msw';
import { defaultState, serveZone, slot, writes, ZONE_ID } from '../../zoneApi';
import { findSection, renderZoneEdit } from '../renderZoneEdit';

const server = setupMsw();
const requests = recordRequests(server);

async function openModal(state = defaultState()) {
  serveZone(server, state);
  const rendered = await renderZoneEdit(`/zones/edit/${ZONE_ID}/slots`);
  const slots = await findSection(/^All Slots/);
  await slots.findByText(state.slots[0]?.name ?? 'No slots found');
  await rendered.user.click(slots.getByRole('link', { name: 'Request slots' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Request slots for Atlas Homepage' }));
  await dialog.findByRole('group', { name: 'Slot 1' });
  return { ...rendered, dialog };
}

const row = (dialog: ReturnType<typeof within>, position: number) => within(dialog.getByRole('group', { name: `Slot ${position}` }));
/** The seed's fixed sizes, as the size choice names them. */
const FIXED_SIZES = ['728*90', '320*50', '300*600', '300*250', '160*600', '970*250', '320*100', '336*280'];
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('slot request modal', () => {
  it('opens at slots/create with one row of the default values, whose remove is disabled', async () => {
    const { dialog, location } = await openModal();
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/slots/create`);
    expect(dialog.getByText('Publisher: Atlas News')).toBeInTheDocument();
    const first = row(dialog, 1);
    expect(first.getByRole('combobox', { name: 'Size' })).toHaveDisplayValue('300*250');
    expect(first.getByRole('combobox', { name: 'Implementation type' })).toHaveDisplayValue('Slot ID');
    expect(first.getByRole('combobox', { name: 'Placement' })).toHaveDisplayValue('None');
    expect(first.getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', '300x250-2');
    expect(first.getByRole('button', { name: 'Remove slot 1' })).toBeDisabled();
  });

  it('adds one row or N rows, and removes any once there are several', async () => {
    const { user, dialog } = await openModal();
    await user.click(dialog.getByRole('button', { name: 'Add 1 slot' }));
    const howMany = dialog.getByRole('spinbutton', { name: 'How many' });
    await user.clear(howMany);
    await user.type(howMany, '3');
    await user.click(dialog.getByRole('button', { name: 'Add 3 slots' }));
    expect(dialog.getAllByRole('group', { name: /^Slot \d+$/ })).toHaveLength(5);
    await user.type(row(dialog, 2).getByRole('textbox', { name: 'Name' }), 'Second');
    await user.click(row(dialog, 1).getByRole('button', { name: 'Remove slot 1' }));
    expect(dialog.getAllByRole('group', { name: /^Slot \d+$/ })).toHaveLength(4);
    expect(row(dialog, 1).getByRole('textbox', { name: 'Name' })).toHaveValue('Second');
    expect(dialog.getByRole('button', { name: 'Request 4 slots' })).toBeEnabled();
  });

  it('refuses a number of slots to add outside 1 to what is left, saying so next to the field (issue 8, bug 11)', async () => {
    const { user, dialog } = await openModal();
    const howMany = dialog.getByRole('spinbutton', { name: 'How many' });
    const typeCount = async (typed: string) => {
      await user.clear(howMany);
      if (typed) await user.type(howMany, typed);
    };
    for (const typed of ['1000', '0', '-3', '1.5', '']) {
      await typeCount(typed);
      expect(howMany, typed).toHaveAttribute('aria-invalid', 'true');
      expect(howMany, typed).toHaveAccessibleDescription('A whole number from 1 to 49');
      expect(dialog.getByRole('button', { name: 'Add slots' }), typed).toBeDisabled();
    }
    expect(dialog.getAllByRole('group', { name: /^Slot \d+$/ })).toHaveLength(1);
    await typeCount('3');
    expect(howMany).toHaveAttribute('aria-invalid', 'false');
    await user.click(dialog.getByRole('button', { name: 'Add 3 slots' }));
    expect(dialog.getAllByRole('group', { name: /^Slot \d+$/ })).toHaveLength(4);
    // What is left shrinks with the rows: 47 more would pass the 50 a request may hold.
    await typeCount('47');
    expect(howMany).toHaveAccessibleDescription('A whole number from 1 to 46');
    expect(dialog.getByRole('button', { name: 'Add slots' })).toBeDisabled();
  });

  it('says the slot name limit and refuses a longer name instead of cutting it (issue 21)', async () => {
    const { dialog, user } = await openModal();
    const name = row(dialog, 1).getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('n'.repeat(256));
    expect(name).toHaveValue('n'.repeat(256));
    expect(name).toHaveAccessibleDescription('A name can have at most 255 characters: this one has 256.');
    expect(dialog.getByRole('button', { name: 'Request 1 slot' })).toBeDisabled();
    await user.type(name, '{Backspace}');
    expect(name).toHaveAccessibleDescription('255 of 255 characters');
    expect(dialog.getByRole('button', { name: 'Request 1 slot' })).toBeEnabled();
  });

  it('offers the flex size only while the zone has no flex slot', async () => {
    const { dialog } = await openModal();
    expect(optionsOf(row(dialog, 1).getByRole('combobox', { name: 'Size' }))).toEqual([...FIXED_SIZES, 'Flex size']);
  });

  it('hides the flex size when the zone already has a flex slot', async () => {
    const state = defaultState();
    state.slots = [...state.slots, slot(14, 'Flex', 9, 1)];
    const { dialog } = await openModal(state);
    expect(optionsOf(row(dialog, 1).getByRole('combobox', { name: 'Size' }))).toEqual(FIXED_SIZES);
  });

  it("disables submit with the tooltip 'Only 1 flex slot per zone is allowed.' for a second flex row", async () => {
    const { user, dialog } = await openModal();
    await user.selectOptions(row(dialog, 1).getByRole('combobox', { name: 'Size' }), 'Flex size');
    expect(dialog.getByRole('button', { name: 'Request 1 slot' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Add 1 slot' }));
    await user.selectOptions(row(dialog, 2).getByRole('combobox', { name: 'Size' }), 'Flex size');
    const submit = dialog.getByRole('button', { name: 'Request 2 slots' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Only 1 flex slot per zone is allowed.');
    await user.hover(submit.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only 1 flex slot per zone is allowed.');
    await user.selectOptions(row(dialog, 2).getByRole('combobox', { name: 'Size' }), '728*90');
    expect(dialog.getByRole('button', { name: 'Request 2 slots' })).toBeEnabled();
  });

  it('names unnamed rows from their size, continuing after the highest suffix, and lists the new slots', async () => {
    const state = defaultState();
    const { user, dialog, location } = await openModal(state);
    await user.click(dialog.getByRole('button', { name: 'Add 1 slot' }));
    await user.click(dialog.getByRole('button', { name: 'Add 1 slot' }));
    await user.click(dialog.getByRole('button', { name: 'Add 1 slot' }));
    await user.selectOptions(row(dialog, 3).getByRole('combobox', { name: 'Size' }), '728*90');
    await user.selectOptions(row(dialog, 3).getByRole('combobox', { name: 'Implementation type' }), 'JavaScript tag');
    await user.selectOptions(row(dialog, 3).getByRole('combobox', { name: 'Placement' }), 'Below the fold');
    await user.type(row(dialog, 4).getByRole('textbox', { name: 'Name' }), '  Sidebar  ');
    expect(row(dialog, 2).getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', '300x250-3');
    await user.click(dialog.getByRole('button', { name: 'Request 4 slots' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/slots`);
    const [request] = await writes(requests);
    expect(request).toEqual({
      method: 'PUT',
      path: `/external/zones/${ZONE_ID}/slots/bulk`,
      body: {
        trackingId: ZONE_ID,
        slots: [
          { trackingId: ZONE_ID, slotSizeId: 4, name: '300x250-2', implementationTypeId: 2, placementId: null, enabled: true },
          { trackingId: ZONE_ID, slotSizeId: 4, name: '300x250-3', implementationTypeId: 2, placementId: null, enabled: true },
          { trackingId: ZONE_ID, slotSizeId: 1, name: '728x90-1', implementationTypeId: 1, placementId: 2, enabled: true },
          { trackingId: ZONE_ID, slotSizeId: 4, name: 'Sidebar', implementationTypeId: 2, placementId: null, enabled: true },
        ],
      },
    });
    const slots = await findSection('All Slots (7)');
    for (const name of ['300x250-2', '300x250-3', '728x90-1', 'Sidebar']) expect(slots.getByText(name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request slots' })).toHaveFocus();
  });

  it('closes on Escape, back at the slots tab with focus on the button that opened it', async () => {
    const { user, location } = await openModal();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`/zones/edit/${ZONE_ID}/slots`);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Request slots' })).toHaveFocus());
    expect(await writes(requests)).toEqual([]);
  });

  it('keeps focus inside while open', async () => {
    const { user, dialog } = await openModal();
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(dialog.getByRole('group', { name: 'Slot 1' }).closest('[role="dialog"]')).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('stays open with everything typed when the request fails', async () => {
    const { user, dialog } = await openModal();
    server.use(http.put(apiUrl(`/external/zones/${ZONE_ID}/slots/bulk`), () => apiError(500, 'INTERNAL_ERROR')));
    await user.type(row(dialog, 1).getByRole('textbox', { name: 'Name' }), 'Header');
    await user.selectOptions(row(dialog, 1).getByRole('combobox', { name: 'Placement' }), 'Above the fold');
    await user.click(dialog.getByRole('button', { name: 'Request 1 slot' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(row(dialog, 1).getByRole('textbox', { name: 'Name' })).toHaveValue('Header');
    expect(row(dialog, 1).getByRole('combobox', { name: 'Placement' })).toHaveDisplayValue('Above the fold');
    expect(dialog.getByRole('button', { name: 'Request 1 slot' })).toBeEnabled();
  });

  it('explains a flex slot added meanwhile (409 FLEX_SLOT_LIMIT) and stays open', async () => {
    const { user, dialog } = await openModal();
    server.use(
      http.put(apiUrl(`/external/zones/${ZONE_ID}/slots/bulk`), () => apiError(409, 'FLEX_SLOT_LIMIT', 'Only 1 flex slot per zone is allowed.')),
    );
    await user.selectOptions(row(dialog, 1).getByRole('combobox', { name: 'Size' }), 'Flex size');
    await user.click(dialog.getByRole('button', { name: 'Request 1 slot' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Only 1 flex slot per zone is allowed.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens from a bookmark of slots/create', async () => {
    serveZone(server);
    await renderZoneEdit(`/zones/edit/${ZONE_ID}/slots/create`);
    expect(await screen.findByRole('dialog', { name: 'Request slots for Atlas Homepage' })).toBeInTheDocument();
  });
});
