// The password update page (spec sections 2, 4 'Session', 5, 6, 8): the rules shown live, the fields' messages,
// submit disabled until valid, the designed call with e-mail, current and new password; success, then the
// session ends and /login opens after 5 seconds with a visible countdown; a failure keeps what was typed with
// errorMessages.password, which never fades; staff see guidance to the forgot-password flow instead.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PasswordUpdatePage } from '../../../../src/custom-pages/password-update/PasswordUpdatePage';
import { session } from '../../../../src/dataProvider/session';
import { legacyPublisher, publisher } from '../../../support/builders';
import { apiError, authUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { advance, useFakeTimeouts } from '../../../support/time';

const server = setupMsw();
const requests = recordRequests(server);
const PASSWORD_ERROR = 'Your password could not be changed. Check your current password and try again.';

async function renderPage(options: { internal?: boolean; legacy?: boolean } = {}) {
  signIn({ internal: options.internal, publisher: options.legacy ? legacyPublisher() : publisher() });
  return renderWithAdmin(<PasswordUpdatePage />, {
    path: '/account-settings/password-update',
    routes: { '/login': <h1>Sign in page</h1> },
  });
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Update password' });
const rules = () => within(screen.getByRole('list')).getAllByRole('listitem').map((item) => item.textContent);
const notices = () => within(screen.getByRole('log', { name: 'Notifications' }));

async function fill(user: Awaited<ReturnType<typeof renderPage>>['user'], current: string, next: string, confirm = next) {
  await user.type(field('Current password'), current);
  await user.type(field('New password'), next);
  await user.type(field('Confirm new password'), confirm);
}

describe('PasswordUpdatePage', () => {
  it('lets each password be shown and hidden again, with the control of the sign-in and reset pages (issue 21)', async () => {
    const { user } = await renderPage();
    await fill(user, 'Demo#2026pass', 'Fresh#2027word');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(field(label)).toHaveAttribute('type', 'password');
    await user.click(toggles[1]!);
    expect(field('New password')).toHaveAttribute('type', 'text');
    expect(field('New password')).toHaveValue('Fresh#2027word');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(field('New password')).toHaveAttribute('type', 'password');
    expect(field('Current password')).toHaveAttribute('type', 'password');
  });

  it('shows the rules of a new password live, each saying whether it is met', async () => {
    const { user } = await renderPage();
    expect(screen.getByText('Change the password you sign in with as solo@publisher.example.')).toBeInTheDocument();
    expect(rules()).toEqual([
      '○At least 8 characters, not met yet',
      '○One lower-case letter, not met yet',
      '○One upper-case letter, not met yet',
      '○One digit, not met yet',
      '○One special character, not met yet',
    ]);
    await user.type(field('New password'), 'abc1');
    expect(rules()).toEqual([
      '○At least 8 characters, not met yet',
      '✓One lower-case letter, met',
      '○One upper-case letter, not met yet',
      '✓One digit, met',
      '○One special character, not met yet',
    ]);
    await user.type(field('New password'), 'DEF!');
    expect(rules().every((rule) => rule?.endsWith(', met'))).toBe(true);
    // The state is a visually hidden span (absolutely positioned, so a block of its own to the DOM's accessible-name
    // computation, which may put a space before its comma).
    expect(field('New password')).toHaveAccessibleDescription(expect.stringMatching(/At least 8 characters ?, met/));
  });

  it('keeps submit disabled until every rule holds, with each message once its field is left', async () => {
    const { user } = await renderPage();
    expect(submit()).toBeDisabled();
    await user.click(field('Current password'));
    await user.tab();
    expect(field('Current password')).toHaveAccessibleDescription('Invalid current password value');

    await user.type(field('Current password'), 'Demo#2026pass');
    await user.type(field('New password'), 'Demo#2026pass');
    await user.tab();
    expect(field('New password')).toHaveAccessibleDescription(expect.stringMatching(/^Must differ from new password/));
    await user.clear(field('New password'));
    await user.type(field('New password'), 'short');
    expect(field('New password')).toHaveAccessibleDescription(expect.stringMatching(/^At least 8 characters, with one lower-case letter/));

    await user.clear(field('New password'));
    await user.type(field('New password'), 'Fresh#2027pass');
    await user.type(field('Confirm new password'), 'Fresh#2027pas');
    await user.tab();
    expect(field('Confirm new password')).toHaveAccessibleDescription('Confirm Password does not match password');
    expect(submit()).toBeDisabled();
    await user.type(field('Confirm new password'), 's');
    expect(submit()).toBeEnabled();
  });

  it('changes the password, then ends the session and opens /login after a visible 5-second countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post(authUrl('/auth/change-pwd'), () => HttpResponse.json({ code: 'PASSWORD_CHANGED', message: 'Password changed', jwt: 'fresh.jwt.token' })),
    );
    const { user, location } = await renderPage();
    await fill(user, 'Demo#2026pass', 'Fresh#2027pass');
    await user.click(submit());

    const status = await screen.findByText('Your password has been updated.');
    const box = status.closest('[role="status"]')!;
    expect(box).toHaveTextContent('You have been signed out and will be taken to sign in in 5 seconds.');
    const call = requests.find((request) => request.url.endsWith('/auth/change-pwd'))!;
    expect(await call.json()).toEqual({ email: 'solo@publisher.example', password: 'Demo#2026pass', newPassword: 'Fresh#2027pass' });
    expect(call.headers.get('authorization')).toMatch(/^Bearer /);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(box).toHaveTextContent('You have been signed out and will be taken to sign in in 1 second.');
    expect(location()).toBe('/account-settings/password-update');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(location()).toBe('/login'));
    // Signed out: nothing of the session is kept, the fresh token included.
    expect(session.get()).toMatchObject({ jwt: null, publisher: null });
  });

  it("'Sign in now' ends the session at once", async () => {
    server.use(http.post(authUrl('/auth/change-pwd'), () => HttpResponse.json({ code: 'PASSWORD_CHANGED', message: 'ok', jwt: 'fresh.jwt.token' })));
    const { user, location } = await renderPage({ legacy: true });
    await fill(user, 'Demo#2026pass', 'Fresh#2027pass');
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Sign in now' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(session.get().jwt).toBeNull();
  });

  it.each([
    [401, 'INVALID_CREDENTIALS'],
    [429, 'TOO_MANY_ATTEMPTS'],
    [500, 'INTERNAL'],
  ])('on %i keeps what was typed and shows errorMessages.password, which never fades', async (status, code) => {
    useFakeTimeouts();
    server.use(http.post(authUrl('/auth/change-pwd'), () => apiError(status, code)));
    const { user } = await renderPage();
    await fill(user, 'Wrong#2026pass', 'Fresh#2027pass');
    await user.click(submit());
    expect(await notices().findByText(PASSWORD_ERROR)).toBeInTheDocument();
    await advance(60_000);
    expect(notices().getByText(PASSWORD_ERROR)).toBeInTheDocument();
    expect(field('Current password')).toHaveValue('Wrong#2026pass');
    expect(field('New password')).toHaveValue('Fresh#2027pass');
    expect(field('Confirm new password')).toHaveValue('Fresh#2027pass');
    expect(submit()).toBeEnabled();
    // Still signed in: a wrong current password is not an expired session.
    expect(session.get().jwt).not.toBeNull();
  });

  it('shows staff how to guide the client to the forgot-password flow instead of the form', async () => {
    const { user } = await renderPage({ internal: true });
    expect(screen.getByRole('heading', { name: "Internal users cannot change a publisher's password" })).toBeInTheDocument();
    expect(screen.getByText(/You are acting for Solo Media\. To give the client a new password, guide them to "Forgot your password\?"/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update password' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the address of the forgot-password page' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/forgot`);
    expect(requests).toHaveLength(0);
  });
});
