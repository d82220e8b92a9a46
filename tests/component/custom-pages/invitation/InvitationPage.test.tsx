// The invitation link's page (issue 22), in English and Japanese: the link checked first, a new invitee choosing a
// name and a password under the product's rules, someone with an account confirming with its password, the
// refused links (used, revoked, another e-mail; expired), and on to sign-in with the e-mail filled in.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { InvitationPage } from '../../../../src/custom-pages/invitation/InvitationPage';
import { apiError, authUrl, http, HttpResponse, lastCall, recordRequests, setupMsw } from '../../../support/msw';
import { renderPublicPage } from '../../../support/renderPublicPage';

const LINK = '/invitation?tk=invitation-token-of-the-test&ue=newcomer%40publisher.example';
const details = (accountExists: boolean) => ({
  email: 'newcomer@publisher.example',
  publisher: 'Atlas News',
  role: 'EDITOR',
  expiresAt: '2026-01-21T10:00:00.000Z',
  accountExists,
});

const server = setupMsw();
const requests = recordRequests(server);

describe('InvitationPage', () => {
  it('lets a new invitee choose a name and a password under the rules, then sends them to sign in', async () => {
    server.use(
      http.post(authUrl('/auth/invitation'), () => HttpResponse.json(details(false))),
      http.post(authUrl('/auth/invitation/accept'), () => HttpResponse.json({ code: 'INVITATION_ACCEPTED', message: 'ok' })),
    );
    const { user, location } = renderPublicPage(<InvitationPage />, { path: LINK });
    expect(await screen.findByText('Atlas News invites you to its team as Editor.')).toBeInTheDocument();
    expect(screen.getByText(/Invitation for newcomer@publisher.example/)).toBeInTheDocument();
    const join = screen.getByRole('button', { name: 'Join Atlas News' });
    expect(join).toBeDisabled();

    // A name is shown in the portal's e-mails: no web address in it (issue 30).
    await user.type(screen.getByLabelText('Your name'), 'Visit https://evil.example/login');
    await user.tab();
    expect(await screen.findByText('A name cannot contain a web address.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your name'));
    await user.type(screen.getByLabelText('Your name'), 'New Comer');
    await user.type(screen.getByLabelText('Password'), 'weak');
    await user.type(screen.getByLabelText('Confirm password'), 'weak');
    expect(join).toBeDisabled();
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Password'), 'Fresh#2027word');
    await user.type(screen.getByLabelText('Confirm password'), 'Fresh#2027word');
    await user.click(join);

    expect(await screen.findByText('You are a member of Atlas News now. Sign in to start.')).toBeInTheDocument();
    expect(await lastCall(requests)).toMatchObject({
      line: 'POST /auth/invitation/accept',
      body: { tk: 'invitation-token-of-the-test', ue: 'newcomer@publisher.example', name: 'New Comer', newPassword: 'Fresh#2027word' },
      authorization: null,
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(location()).toBe('/login?email=newcomer%40publisher.example');
  });

  it('asks someone with an account for its password, and keeps what was typed when it is wrong', async () => {
    server.use(
      http.post(authUrl('/auth/invitation'), () => HttpResponse.json(details(true))),
      http.post(authUrl('/auth/invitation/accept'), () => apiError(401, 'INVALID_CREDENTIALS')),
    );
    const { user } = renderPublicPage(<InvitationPage />, { path: LINK });
    expect(await screen.findByText(/You have an account already/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'Wrong#2026pass');
    await user.click(screen.getByRole('button', { name: 'Join Atlas News' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not right.');
    expect(screen.getByLabelText('Your password')).toHaveValue('Wrong#2026pass');
    expect((await lastCall(requests)).body).toEqual({ tk: 'invitation-token-of-the-test', ue: 'newcomer@publisher.example', password: 'Wrong#2026pass' });
  });

  it.each([
    [404, 'LINK_INVALID', 'This invitation is not valid: it was used or revoked, or it is for another email.'],
    [410, 'LINK_EXPIRED', 'This invitation has expired. Ask the team for a new one.'],
    [500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later.'],
  ])('says so when the link check answers %s', async (status, code, text) => {
    server.use(http.post(authUrl('/auth/invitation'), () => apiError(status, code)));
    renderPublicPage(<InvitationPage />, { path: LINK });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says an incomplete link is one, without calling anything', () => {
    renderPublicPage(<InvitationPage />, { path: '/invitation?tk=abc' });
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is incomplete.');
    expect(requests).toHaveLength(0);
  });

  it('speaks Japanese', async () => {
    server.use(http.post(authUrl('/auth/invitation'), () => HttpResponse.json(details(false))));
    const { user } = renderPublicPage(<InvitationPage />, { path: LINK });
    await screen.findByText('Atlas News invites you to its team as Editor.');
    await user.selectOptions(screen.getByLabelText('Language'), '日本語');
    expect(await screen.findByRole('heading', { level: 1, name: 'チームに参加' })).toBeInTheDocument();
    expect(screen.getByText('Atlas Newsがあなたを編集者としてチームに招待しています。')).toBeInTheDocument();
    expect(screen.getByLabelText('お名前')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atlas Newsに参加' })).toBeInTheDocument();
  });
});
