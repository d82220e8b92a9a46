// The one notification surface as the user sees it (spec section 4 'Notifications').
import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { useNotify } from 'react-admin';
import { useEffect } from 'react';
import { useNotices, type NoticesApi } from '../../../src/notices/NoticesProvider';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';
import { setupMsw } from '../../support/msw';

setupMsw();

let api: NoticesApi;
function Capture() {
  const notices = useNotices();
  useEffect(() => {
    api = notices;
  }, [notices]);
  return null;
}

const operation = 'putZoneServices';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const region = () => screen.getByRole('log', { name: 'Notifications' });

describe('notifications', () => {
  it('shows a warning while pending, then a success that closes after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    await renderWithAdmin(<Capture />);
    const call = deferred<string>();
    let result: Promise<string> | undefined;
    act(() => {
      result = api.run(operation, () => call.promise);
    });
    expect(within(region()).getByText('Updating enabled products')).toBeInTheDocument();
    await act(async () => call.resolve('ok'));
    await expect(result).resolves.toBe('ok');
    expect(within(region()).queryByText('Updating enabled products')).not.toBeInTheDocument();
    expect(within(region()).getByText('Updated enabled products')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(4900));
    expect(within(region()).getByText('Updated enabled products')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(within(region()).queryByText('Updated enabled products')).not.toBeInTheDocument();
  });

  it('shows a danger notice with the general error that never fades, and rethrows for the rollback', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    await renderWithAdmin(<Capture />);
    const failure = new Error('boom');
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = api.run(operation, () => Promise.reject(failure)).catch((error: unknown) => error);
    });
    expect(await outcome).toBe(failure);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again later.');
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it("replaces the operation's previous outcome instead of stacking it", async () => {
    signIn();
    await renderWithAdmin(<Capture />);
    await act(async () => {
      await api.run(operation, () => Promise.reject(new Error('first'))).catch(() => undefined);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => {
      await api.run(operation, () => Promise.resolve());
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(region()).getAllByText(/enabled products/)).toHaveLength(1);
  });

  it('ends the failure notice of an operation without notices of its own (a rename) once a retry succeeds', async () => {
    signIn();
    await renderWithAdmin(<Capture />);
    await act(async () => {
      await api.run('updateZone', () => Promise.reject(new Error('first'))).catch(() => undefined);
      await api.run('acceptGdpr', () => Promise.reject(new Error('other'))).catch(() => undefined);
    });
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await act(async () => {
      await api.run('updateZone', () => Promise.resolve());
    });
    // The other operation's failure is not this success's business.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('closes a plain notice after 3000 ms by default and keeps one with msToClose 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    await renderWithAdmin(<Capture />);
    act(() => {
      api.show({ key: 'common.copied', context: 'success' });
      api.show({ text: 'Stays', context: 'warning', msToClose: 0 });
    });
    await act(async () => vi.advanceTimersByTimeAsync(3100));
    expect(within(region()).queryByText('Copied to clipboard')).not.toBeInTheDocument();
    expect(within(region()).getByText('Stays')).toBeInTheDocument();
  });

  it('dismisses one notice, and clears all of them when several are shown', async () => {
    signIn();
    const { user } = await renderWithAdmin(<Capture />);
    act(() => {
      api.show({ text: 'First', context: 'warning', msToClose: 0 });
      api.show({ text: 'Second', context: 'warning', msToClose: 0 });
      api.show({ text: 'Third', context: 'warning', msToClose: 0 });
    });
    const first = within(region()).getByText('First').closest('[data-notice-id]') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(region()).queryByText('First')).not.toBeInTheDocument();
    expect(within(region()).getByText('Second')).toBeInTheDocument();
    await user.click(within(region()).getByRole('button', { name: 'Clear all' }));
    expect(within(region()).queryByText(/Second|Third/)).not.toBeInTheDocument();
    expect(within(region()).queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it("shows react-admin's own notifications on the same surface", async () => {
    function NotifyOnMount() {
      const notify = useNotify();
      useEffect(() => notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 2 } }), [notify]);
      return null;
    }
    signIn();
    await renderWithAdmin(<NotifyOnMount />);
    expect(await within(region()).findByText('2 elements updated')).toBeInTheDocument();
  });
});
