// Zone products (spec section 4 'Zone products'): edit mode with checkboxes; save deletes unchecked existing
// services one by one, then bulk-puts the checked ones; deletion is optimistic with rollback on failure.
import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { apiError, apiUrl, http, recordRequests, setupMsw } from '../../../../../support/msw';
import { defaultState, serveZone, writes, ZONE_ID } from '../../zoneApi';
import { findSection, inNotices, renderZoneEdit, section } from '../renderZoneEdit';

const server = setupMsw();
const requests = recordRequests(server);

const products = () => section('Enabled products');
const chips = () => within(products().getByRole('list', { name: 'Enabled products' })).getAllByRole('listitem').map((item) => item.textContent);

async function openEdit() {
  const rendered = await renderZoneEdit();
  await (await findSection('Enabled products')).findByText('InImage');
  await rendered.user.click(products().getByRole('button', { name: 'Edit enabled products' }));
  return rendered;
}

describe('zone products', () => {
  it('shows the enabled products as chips, with the spec labels', async () => {
    serveZone(server);
    await renderZoneEdit();
    await (await findSection('Enabled products')).findByText('InImage');
    expect(chips()).toEqual(['InImage', 'InSlot', 'In-Content']);
  });

  it('deletes the unchecked ones one by one, then puts the checked ones in one call', async () => {
    const state = serveZone(server);
    const { user } = await openEdit();
    expect(products().getByRole('checkbox', { name: 'InImage' })).toBeChecked();
    expect(products().getByRole('checkbox', { name: 'InScreen' })).not.toBeChecked();
    await user.click(products().getByRole('checkbox', { name: 'InImage' }));
    await user.click(products().getByRole('checkbox', { name: 'In-Content' }));
    await user.click(products().getByRole('checkbox', { name: 'InVideo' }));
    await user.click(products().getByRole('checkbox', { name: 'InScreen' }));
    await user.click(products().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(chips()).toEqual(['InSlot', 'InScreen', 'InVideo']));
    expect(await writes(requests)).toEqual([
      { method: 'DELETE', path: `/external/zones/${ZONE_ID}/services/5`, body: undefined },
      { method: 'DELETE', path: `/external/zones/${ZONE_ID}/services/14`, body: undefined },
      {
        method: 'PUT',
        path: '/external/zones/bulk/services',
        body: {
          trackingIds: [ZONE_ID],
          services: [
            { serviceId: 12, implementationTypeId: null },
            { serviceId: 13, implementationTypeId: 2 },
            { serviceId: 15, implementationTypeId: null },
          ],
        },
      },
    ]);
    expect(state.services.map((entry) => entry.service.id).sort()).toEqual([12, 13, 15]);
    expect(await inNotices().findByText('Updated enabled products')).toBeInTheDocument();
    expect(products().getByRole('button', { name: 'Edit enabled products' })).toHaveFocus();
    // react-admin's optimistic delete reads the services again after each answer (issue 31), the save's own refetch
    // waiting for its last step: three reads in all here, the first one included.
    const reads = requests.filter((request) => request.method === 'GET' && new URL(request.url).pathname.endsWith(`/zones/${ZONE_ID}/services`));
    expect(reads).toHaveLength(3);
  });

  it('reads the services again after the last delete when the save has nothing to put', async () => {
    serveZone(server);
    const { user } = await openEdit();
    for (const name of ['InImage', 'InSlot', 'In-Content']) await user.click(products().getByRole('checkbox', { name }));
    await user.click(products().getByRole('button', { name: 'Save' }));
    // The save is over once the edit button is back in focus.
    await waitFor(() => expect(products().getByRole('button', { name: 'Edit enabled products' })).toHaveFocus());
    expect((await writes(requests)).map((write) => write.method)).toEqual(['DELETE', 'DELETE', 'DELETE']);
    const reads = requests.filter((request) => request.method === 'GET' && new URL(request.url).pathname.endsWith(`/zones/${ZONE_ID}/services`));
    expect(reads).toHaveLength(2);
  });

  it('makes no call when saved unchanged, and cancel discards the choice', async () => {
    serveZone(server);
    const { user } = await openEdit();
    await user.click(products().getByRole('button', { name: 'Save' }));
    await user.click(await products().findByRole('button', { name: 'Edit enabled products' }));
    await user.click(products().getByRole('checkbox', { name: 'InImage' }));
    await user.click(products().getByRole('button', { name: 'Cancel' }));
    expect(chips()).toEqual(['InImage', 'InSlot', 'In-Content']);
    expect(await writes(requests)).toEqual([]);
  });

  it('puts a failed delete’s product back, stops the save and shows the persistent general error', async () => {
    serveZone(server);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.delete(apiUrl(`/external/zones/${ZONE_ID}/services/5`), async () => {
        await answered;
        return apiError(500, 'INTERNAL_ERROR');
      }),
    );
    const { user } = await openEdit();
    await user.click(products().getByRole('checkbox', { name: 'InImage' }));
    await user.click(products().getByRole('checkbox', { name: 'InVideo' }));
    await user.click(products().getByRole('button', { name: 'Save' }));
    // Optimistic: gone while the call runs, with the pending notice.
    await waitFor(() => expect(chips()).toEqual(['InSlot', 'In-Content']));
    expect(inNotices().getByText('Removing enabled product')).toBeInTheDocument();
    release();
    await waitFor(() => expect(chips()).toEqual(['InImage', 'InSlot', 'In-Content']));
    expect(await inNotices().findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect((await writes(requests)).map((write) => write.method)).toEqual(['DELETE']);
    // The choice is not lost: the error reopens it.
    await user.click(inNotices().getByRole('button', { name: 'Edit products again' }));
    expect(products().getByRole('checkbox', { name: 'InImage' })).not.toBeChecked();
    expect(products().getByRole('checkbox', { name: 'InVideo' })).toBeChecked();
  });

  it('offers an app zone only the products allowed in apps', async () => {
    const state = defaultState();
    state.zone = { ...state.zone, typeId: 3, zoneType: { id: 3, name: 'App' }, domains: [], appStoreUrls: ['https://play.google.com/store/apps/details?id=x'] };
    state.services = state.services.filter((entry) => entry.service.id === 13);
    serveZone(server, state);
    const { user } = await renderZoneEdit();
    await (await findSection('Enabled products')).findByText('InSlot');
    await user.click(products().getByRole('button', { name: 'Edit enabled products' }));
    const boxes = (await products().findAllByRole('checkbox')).map((box) => box.closest('label')?.textContent);
    expect(boxes).toEqual(['InSlot', 'InVideo', 'Video']);
  });
});
