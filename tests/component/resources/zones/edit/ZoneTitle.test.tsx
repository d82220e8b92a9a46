// The zone title on the overview (spec section 4 'Zone title'): confirm saves, an unchanged name makes no call,
// cancel restores; the update is optimistic and rolled back with the persistent general error on failure.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../../support/msw';
import { defaultState, serveZone, writes, ZONE_ID } from '../zoneApi';
import { inNotices, renderZoneEdit } from './renderZoneEdit';

const server = setupMsw();
const requests = recordRequests(server);

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function openEditor() {
  const rendered = await renderZoneEdit();
  await heading('Atlas Homepage');
  await rendered.user.click(screen.getByRole('button', { name: 'Rename zone' }));
  return { ...rendered, field: screen.getByRole('textbox', { name: 'Zone name' }) };
}

describe('zone title', () => {
  it('saves a new name with the whole ZoneUpdate of the current zone, showing it at once', async () => {
    const state = serveZone(server);
    const { user, field } = await openEditor();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Atlas Homepage');
    await user.clear(field);
    await user.type(field, '  Atlas Front Page {Enter}');
    expect(await heading('Atlas Front Page')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await writes(requests)).toEqual([
        {
          method: 'PUT',
          path: `/external/zones/${ZONE_ID}`,
          body: { enabled: true, name: 'Atlas Front Page', typeId: 1, verticalId: 1, zoneGradeId: 1, msaStartDate: '2019-07-01' },
        },
      ]),
    );
    expect(state.zone.name).toBe('Atlas Front Page');
    expect(screen.getByRole('button', { name: 'Rename zone' })).toHaveFocus();
    // react-admin's optimistic update reads the zone once more after the answer (issue 31: the house cache seeding
    // that spared this read is gone), and no more than that.
    const zoneReads = requests.filter((request) => request.method === 'GET' && new URL(request.url).pathname === `/external/zones/${ZONE_ID}`);
    expect(zoneReads).toHaveLength(2);
  });

  it('makes no call when the name is unchanged', async () => {
    serveZone(server);
    const { user, field } = await openEditor();
    await user.clear(field);
    await user.type(field, ' Atlas Homepage ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await heading('Atlas Homepage')).toBeInTheDocument();
    // A real rename afterwards is the first and only write.
    await user.click(screen.getByRole('button', { name: 'Rename zone' }));
    await user.type(screen.getByRole('textbox', { name: 'Zone name' }), ' 2{Enter}');
    await waitFor(async () => expect((await writes(requests)).map((write) => (write.body as { name: string }).name)).toEqual(['Atlas Homepage 2']));
  });

  it('restores the name on cancel (Escape or the cancel button) without a call', async () => {
    serveZone(server);
    const { user, field } = await openEditor();
    await user.clear(field);
    await user.type(field, 'Something else{Escape}');
    expect(await heading('Atlas Homepage')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename zone' }));
    await user.type(screen.getByRole('textbox', { name: 'Zone name' }), ' more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await heading('Atlas Homepage')).toBeInTheDocument();
    expect(await writes(requests)).toEqual([]);
  });

  it('refuses an empty name with the required message', async () => {
    serveZone(server);
    const { user, field } = await openEditor();
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(field).toHaveAccessibleDescription('Required');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await writes(requests)).toEqual([]);
  });

  it('rolls back to the previous name with the persistent general error when the update fails, keeping what was typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveZone(server, defaultState());
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put(apiUrl(`/external/zones/${ZONE_ID}`), async () => {
        await answered;
        return apiError(500, 'INTERNAL_ERROR');
      }),
    );
    const { user, field } = await openEditor();
    await user.clear(field);
    await user.type(field, 'Renamed{Enter}');
    // Optimistic: the new name shows while the call runs.
    expect(await heading('Renamed')).toBeInTheDocument();
    release();
    expect(await heading('Atlas Homepage')).toBeInTheDocument();
    const error = await inNotices().findByRole('alert');
    expect(error).toHaveTextContent('Something went wrong. Please try again later.');
    // Persistent: still there long after the 3-second default and the 5-second success time.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(error).toBeInTheDocument();
    await user.click(inNotices().getByRole('button', { name: 'Edit name again' }));
    expect(screen.getByRole('textbox', { name: 'Zone name' })).toHaveValue('Renamed');
  });

  it('takes its "Edit name again" notice away when the user leaves the page; a network failure says the server cannot be reached (issue 21)', async () => {
    serveZone(server, defaultState());
    server.use(http.put(apiUrl(`/external/zones/${ZONE_ID}`), () => HttpResponse.error()));
    const { user, field } = await openEditor();
    await user.clear(field);
    await user.type(field, 'Renamed offline{Enter}');
    const error = await inNotices().findByRole('alert');
    expect(error).toHaveTextContent('The server cannot be reached. Check your connection, then try again.');
    expect(within(error).getByRole('button', { name: 'Edit name again' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Slots' }));
    await waitFor(() => expect(inNotices().queryByRole('alert')).not.toBeInTheDocument());
  });

  it('is editable only on the overview', async () => {
    serveZone(server);
    await renderZoneEdit(`/zones/edit/${ZONE_ID}/slots`);
    await heading('Atlas Homepage');
    expect(screen.queryByRole('button', { name: 'Rename zone' })).not.toBeInTheDocument();
  });
});

