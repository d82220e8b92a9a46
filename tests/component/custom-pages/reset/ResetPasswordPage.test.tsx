// /auth, the reset link (spec sections 2, 4, 5, 8): expired links are refused without a call, 410 means
// expired, the form is prefilled and guarded by the password rules, success counts down to /login.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { ForgotPasswordPage } from '../../../../src/custom-pages/forgot/ForgotPasswordPage';
import { ResetPasswordPage } from '../../../../src/custom-pages/reset/ResetPasswordPage';
import { HttpResponse, apiError, authUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { renderPublicPage } from '../../../support/renderPublicPage';
import { advance, useFakeTimeouts } from '../../../support/time';

const server = setupMsw();
const requests = recordRequests(server);

const TK = 'a'.repeat(32);
const link = (ts: number) => `/auth?tk=${TK}&ts=${ts}&ue=solo%40publisher.example`;

function validLink() {
  server.use(
    http.post(authUrl('/auth/validate'), () =>
      HttpResponse.json({ response: { email: 'solo@publisher.example', pwd: 'Temp#Pass1' } }),
    ),
  );
}

describe('ResetPasswordPage', () => {
  it('says the link has expired without calling the server when ts is in the past', async () => {
    useFakeTimeouts();
    renderPublicPage(<ResetPasswordPage />, { path: link(Date.now() - 1000) });
    expect(screen.getByRole('alert')).toHaveTextContent('Link has expired. Please contact your contact at the provider.');
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot?email=solo%40publisher.example');
    await advance(60_000);
    expect(requests).toHaveLength(0);
  });

  it('says the link has expired when the server answers 410', async () => {
    server.use(http.post(authUrl('/auth/validate'), () => apiError(410, 'LINK_EXPIRED')));
    renderPublicPage(<ResetPasswordPage />, { path: link(Date.now() + 60_000) });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Link has expired.');
    expect(await requests[0]?.json()).toMatchObject({ tk: TK, ue: 'solo@publisher.example' });
  });

  it('shows the general error when the link check fails otherwise', async () => {
    server.use(http.post(authUrl('/auth/validate'), () => apiError(404, 'LINK_INVALID')));
    renderPublicPage(<ResetPasswordPage />, { path: link(Date.now() + 60_000) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it.each([
    ['a used link (404)', () => apiError(404, 'LINK_INVALID')],
    ['an expired link (410)', () => apiError(410, 'LINK_EXPIRED')],
  ])('offers a new link after %s, the form then filled with the account’s e-mail (issue 21)', async (_case, answer) => {
    server.use(http.post(authUrl('/auth/validate'), answer));
    const { user, location } = renderPublicPage(<ResetPasswordPage />, { path: link(Date.now() + 60_000) });
    await screen.findByRole('alert');
    const newLink = screen.getByRole('link', { name: 'Send me a new link' });
    expect(newLink).toHaveAttribute('href', '/forgot?email=solo%40publisher.example');
    await user.click(newLink);
    expect(location()).toBe('/forgot?email=solo%40publisher.example');
    // The forgot-password form reads the e-mail from its address.
    renderPublicPage(<ForgotPasswordPage />, { path: location() });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('solo@publisher.example');
  });

  it('prefills the temporary password and keeps submit disabled until the new password follows the rules', async () => {
    validLink();
    const { user } = renderPublicPage(<ResetPasswordPage />, { path: link(Date.now() + 60_000) });
    const current = await screen.findByLabelText('Current (temporary) password');
    expect(current).toHaveValue('Temp#Pass1');
    expect(screen.getByText('Account: solo@publisher.example')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.tab();
    expect(screen.getByText(/At least 8 characters, with one lower-case letter/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Brand#New2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand#New2025');
    await user.tab();
    expect(screen.getByText('Confirm Password does not match password')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand#New2026');
    expect(submit).toBeEnabled();
  });

  it('changes the password, shows success and counts down to /login in 5 seconds', async () => {
    validLink();
    server.use(
      http.post(authUrl('/auth/reset-pwd'), () => HttpResponse.json({ code: 'PASSWORD_CHANGED', message: 'Password changed' })),
    );
    // Fake timers that still follow the real clock, so MSW and Testing Library's polling keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, location } = renderPublicPage(<ResetPasswordPage />, {
      path: link(Date.now() + 60_000),
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await user.type(await screen.findByLabelText('New password'), 'Brand#New2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand#New2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const status = await screen.findByText(/Your password has been changed\./);
    expect(status).toHaveTextContent('You will be taken to sign in in 5 seconds.');
    const resetBody = requests.find((request) => request.url.endsWith('/auth/reset-pwd'));
    expect(await resetBody?.json()).toEqual({ tk: TK, ue: 'solo@publisher.example', password: 'Temp#Pass1', newPassword: 'Brand#New2026' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(status).toHaveTextContent('You will be taken to sign in in 1 second.');
    expect(location()).toMatch(/^\/auth/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('keeps what was typed and shows the general error when the change fails', async () => {
    validLink();
    server.use(http.post(authUrl('/auth/reset-pwd'), () => apiError(500, 'INTERNAL_ERROR')));
    const { user } = renderPublicPage(<ResetPasswordPage />, { path: link(Date.now() + 60_000) });
    await user.type(await screen.findByLabelText('New password'), 'Brand#New2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Brand#New2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(screen.getByLabelText('New password')).toHaveValue('Brand#New2026');
  });
});
