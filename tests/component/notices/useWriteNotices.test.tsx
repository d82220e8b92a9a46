// A write's notices on a react-admin mutation hook (useWriteNotices + writeOf) and on a custom call (useWrite): the
// catalog operation's notices, the saving flag, the in-dialog message, react-admin's optimistic change undone on
// failure, the failure notice's own message and button, and awaiting an optimistic call.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useDelete, useGetList } from 'react-admin';
import type { BlockedUrlRecord } from '../../../src/dataProvider/resources';
import { useWrite } from '../../../src/notices/useWrite';
import { useWriteNotices, writeOf } from '../../../src/notices/useWriteNotices';
import { apiError, apiUrl, http, HttpResponse, setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';

const server = setupMsw();
const zoneId = 7;
const rows: BlockedUrlRecord[] = [
  { id: 1, pattern: 'https://one.example/', urlType: 'PAGE', evalType: 'CONTAINS' },
  { id: 2, pattern: 'https://two.example/', urlType: 'PAGE', evalType: 'CONTAINS' },
];

function BlockedList({ onEditAgain, onAwaited = () => undefined }: { onEditAgain: (id: number) => void; onAwaited?: (outcome: string) => void }) {
  const list = useGetList<BlockedUrlRecord>('blockedUrls', { filter: { zoneId } });
  const notices = useWriteNotices('deleteBlockedUrl', {
    invalidate: ['blockedUrls'],
    failureKey: (error) => ((error as { status?: number }).status === 409 ? 'slots.onlyOneFlex' : undefined),
    failureAction: ({ id }: { id?: BlockedUrlRecord['id'] }) => ({ labelKey: 'zoneEdit.name.editAgain', onAction: () => onEditAgain(Number(id)) }),
  });
  const remove = writeOf(notices, useDelete<BlockedUrlRecord>('blockedUrls', undefined, { mutationMode: 'optimistic', ...notices }), (row: BlockedUrlRecord) => ({
    id: row.id,
    previousData: row,
    meta: { zoneId },
  }));
  return (
    <>
      <ul aria-label="Rows">{list.data?.map((row) => <li key={row.id}>{row.pattern}</li>)}</ul>
      <button type="button" onClick={() => list.data?.[0] && remove.mutate(list.data[0])} disabled={remove.isPending}>
        Remove first
      </button>
      <button
        type="button"
        onClick={() => list.data?.[0] && remove.mutateAsync(list.data[0]).then(() => onAwaited('done'), () => onAwaited('failed'))}
      >
        Remove first and wait
      </button>
      {remove.errorKey && <p role="note">{remove.errorKey}</p>}
    </>
  );
}

const items = () => within(screen.getByRole('list', { name: 'Rows' })).queryAllByRole('listitem').map((item) => item.textContent);
const notices = () => within(screen.getByRole('log', { name: 'Notifications' }));

describe('useWriteNotices', () => {
  it('removes at once, shows pending then success, and refetches', async () => {
    let current = [...rows];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns'), () => HttpResponse.json(current)),
      http.delete(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns/:urlId'), async ({ params }) => {
        await held;
        current = current.filter((row) => row.id !== Number(params.urlId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signIn();
    const { user } = await renderWithAdmin(<BlockedList onEditAgain={() => undefined} />);
    await screen.findByText('https://one.example/');
    await user.click(screen.getByRole('button', { name: 'Remove first' }));
    await waitFor(() => expect(items()).toEqual(['https://two.example/']));
    expect(screen.getByRole('button', { name: 'Remove first' })).toBeDisabled();
    expect(notices().getByText('Removing URL block(s)')).toBeInTheDocument();
    release();
    expect(await notices().findByText('Removed URL block(s)')).toBeInTheDocument();
    expect(notices().queryByText('Removing URL block(s)')).not.toBeInTheDocument();
    expect(items()).toEqual(['https://two.example/']);
  });

  it('puts the row back on failure, with its own message, the button, and the key for a dialog', async () => {
    server.use(
      http.get(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns'), () => HttpResponse.json(rows)),
      http.delete(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns/:urlId'), () => apiError(409, 'CONFLICT')),
    );
    const editAgain: number[] = [];
    signIn();
    const { user } = await renderWithAdmin(<BlockedList onEditAgain={(id) => editAgain.push(id)} />);
    await screen.findByText('https://one.example/');
    await user.click(screen.getByRole('button', { name: 'Remove first' }));
    expect(await screen.findByRole('note')).toHaveTextContent('slots.onlyOneFlex');
    expect(items()).toEqual(['https://one.example/', 'https://two.example/']);
    expect(await notices().findByRole('alert')).toHaveTextContent('Only 1 flex slot per zone is allowed.');
    await user.click(notices().getByRole('button', { name: 'Edit name again' }));
    expect(editAgain).toEqual([1]);
  });

  it('lets a caller await an optimistic call: done once the server has answered and the list is read again, failed on a refusal', async () => {
    let current = [...rows];
    let refuse = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns'), () => HttpResponse.json(current)),
      http.delete(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns/:urlId'), async ({ params }) => {
        await held;
        if (refuse) return apiError(500, 'INTERNAL');
        current = current.filter((row) => row.id !== Number(params.urlId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const outcomes: string[] = [];
    signIn();
    const { user } = await renderWithAdmin(<BlockedList onEditAgain={() => undefined} onAwaited={(outcome) => outcomes.push(outcome)} />);
    await screen.findByText('https://one.example/');
    await user.click(screen.getByRole('button', { name: 'Remove first and wait' }));
    await waitFor(() => expect(items()).toEqual(['https://two.example/']));
    expect(outcomes).toEqual([]);
    release();
    await waitFor(() => expect(outcomes).toEqual(['done']));
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Remove first and wait' }));
    await waitFor(() => expect(outcomes).toEqual(['done', 'failed']));
    expect(items()).toEqual(['https://two.example/']);
  });

  // Issue 30: a failure the dialog's alert says itself (a wrong code) is not said a second time by a notice.
  it('leaves a quiet failure to the dialog: the key for its alert, no failure notice, the pending notice gone', async () => {
    server.use(
      http.get(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns'), () => HttpResponse.json(rows)),
      http.delete(apiUrl('/external/zones/:zoneId/asset-url-filter-patterns/:urlId'), () => apiError(409, 'CONFLICT')),
    );
    // useWrite: the same notices on a react-query mutation (its call here a data-provider method all the same).
    function QuietRemove() {
      const remove = useWrite('deleteBlockedUrl', {
        mutationFn: (row: BlockedUrlRecord, dataProvider) => dataProvider.delete('blockedUrls', { id: row.id, previousData: row, meta: { zoneId } }),
        failureKey: () => 'slots.onlyOneFlex',
        quietFailure: (error) => (error as { status?: number }).status === 409,
      });
      return (
        <>
          <button type="button" onClick={() => remove.mutate(rows[0]!)}>
            Remove first
          </button>
          {remove.errorKey && <p role="note">{remove.errorKey}</p>}
        </>
      );
    }
    signIn();
    const { user } = await renderWithAdmin(<QuietRemove />);
    await user.click(screen.getByRole('button', { name: 'Remove first' }));
    expect(await screen.findByRole('note')).toHaveTextContent('slots.onlyOneFlex');
    await waitFor(() => expect(notices().queryByText('Removing URL block(s)')).not.toBeInTheDocument());
    expect(notices().queryByRole('alert')).not.toBeInTheDocument();
    expect(notices().queryByText('Only 1 flex slot per zone is allowed.')).not.toBeInTheDocument();
  });
});
