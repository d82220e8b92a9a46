// An open page and its session's end (issue 21, defect 4): the session is renewed while the user works, a warning
// comes before it ends when nobody does, and when it ends the page stays, with what was typed, under a dialog to
// sign in again. Before issue 21 the page was thrown to /login at the token's expiry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { PageLayout } from '../../../src/components/PageLayout';
import { session } from '../../../src/dataProvider/session';
import { endedSession } from '../../../src/dataProvider/sessionLife';
import { PortalLayout } from '../../../src/layout/PortalLayout';
import { publisher, tokenFor, tokenPayload } from '../../support/builders';
import { authUrl, http, HttpResponse, layoutHandlers, recordRequests, setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';
import { advance } from '../../support/time';

const server = setupMsw(...layoutHandlers(() => session.get().publisher));
const requests = recordRequests(server);
afterEach(() => endedSession.release());

const accepted = publisher({ gdprAcceptedAt: '2024-01-01T00:00:00.000Z' });

/** A fresh 60-second token of the same user, as the server would answer it now. */
function freshToken(): string {
  const iat = Math.floor(Date.now() / 1000);
  return tokenFor(tokenPayload({ iat, exp: iat + 60 }));
}

async function renderPage() {
  // The page's clock: its timers and Date move only when the test says so.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  signIn({ publisher: accepted, validForSeconds: 60 });
  server.use(
    http.post(authUrl('/auth/renew'), () => HttpResponse.json({ jwt: freshToken() })),
    http.post(authUrl('/auth/login'), () => HttpResponse.json({ jwt: freshToken() })),
  );
  const view = await renderWithAdmin(
    <PortalLayout>
      <PageLayout titleKey="zones.title">
        <TextField label="Notes" multiline />
      </PageLayout>
    </PortalLayout>,
    { path: '/zones', routes: { '/login': <h1>Sign in</h1> } },
  );
  return view;
}

const renewals = () => requests.filter((request) => new URL(request.url).pathname === '/auth/renew');

describe('the session of an open page', () => {
  it('ends without throwing the page away: what was typed stays, the user signs in again over it and carries on', async () => {
    const { user, location } = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'https://www.example.com/half-typed');

    // Nobody works after the renewal point: a warning 15 s before the end (a quarter of a 60-second life).
    await advance(46_000);
    const warning = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    expect(warning).toHaveTextContent(/your session ends at/);

    await advance(15_000);
    const ended = screen.getByRole('alertdialog', { name: 'Your session has ended' });
    expect(within(ended).getByText('Account: solo@publisher.example')).toBeInTheDocument();
    expect(location()).toBe('/zones');
    expect(screen.getByRole('textbox', { name: 'Notes', hidden: true })).toHaveValue('https://www.example.com/half-typed');
    expect(localStorage.getItem('portal.auth')).not.toBeNull();

    await user.type(within(ended).getByLabelText('Password'), 'Demo#2026pass');
    await user.click(within(ended).getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue('https://www.example.com/half-typed');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(session.get().publisher?.id).toBe(accepted.id);
    expect(location()).toBe('/zones');
  });

  it('asks an account with two-factor sign-in for its code after the password, and carries on (issue 22)', async () => {
    const { user } = await renderPage();
    const challenge = { token: 'c'.repeat(40), mode: 'VERIFY', expiresAt: new Date(Date.now() + 300_000).toISOString() };
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json({ challenge })),
      http.post(authUrl('/auth/login/second-factor'), async ({ request }) => {
        const body = (await request.json()) as { challenge: string; code?: string };
        return body.code === '123456' && body.challenge === challenge.token
          ? HttpResponse.json({ jwt: freshToken() })
          : HttpResponse.json({ code: 'INVALID_CODE', message: 'Invalid code' }, { status: 401 });
      }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'kept');
    await advance(61_000);
    const ended = screen.getByRole('alertdialog', { name: 'Your session has ended' });
    await user.type(within(ended).getByLabelText('Password'), 'Demo#2026pass');
    await user.click(within(ended).getByRole('button', { name: 'Sign in again' }));

    const code = await within(ended).findByRole('textbox', { name: 'Code' });
    await user.type(code, '654321');
    await user.click(within(ended).getByRole('button', { name: 'Sign in again' }));
    expect(await within(ended).findByRole('alert')).toHaveTextContent('code');
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(ended).getByRole('button', { name: 'Sign in again' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('kept');
  });

  it('is renewed by a keystroke in the second half of its life, so someone working is never warned', async () => {
    const { user } = await renderPage();
    const before = session.get().jwt;
    await advance(31_000);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'x');
    await vi.waitFor(() => expect(session.get().jwt).not.toBe(before));
    expect(renewals()).toHaveLength(1);
    expect(renewals()[0]?.headers.get('authorization')).toBe(`Bearer ${before}`);
    // 40 s after the renewal: well inside the new token's life, no warning.
    await advance(40_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('is renewed by "Stay signed in" on the warning', async () => {
    await renderPage();
    const before = session.get().jwt;
    await advance(46_000);
    await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    screen.getByRole('button', { name: 'Stay signed in' }).click();
    await vi.waitFor(() => expect(session.get().jwt).not.toBe(before));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('warns even someone working when the server will not renew any more (the session’s longest life), without "Stay signed in"', async () => {
    const { user } = await renderPage();
    // As the server answers then: a fresh token that ends when the one in use does (SESSION_MAX_SECONDS reached).
    const end = session.get().token!.exp;
    server.use(
      http.post(authUrl('/auth/renew'), () => {
        const iat = Math.floor(Date.now() / 1000);
        return HttpResponse.json({ jwt: tokenFor(tokenPayload({ iat, exp: end })) });
      }),
    );
    const before = session.get().jwt;
    await advance(31_000);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'x');
    await vi.waitFor(() => expect(renewals()).toHaveLength(1));
    // Nothing gained: the token in use stays, and more work asks no more.
    expect(session.get().jwt).toBe(before);
    await advance(1_000);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'y');
    expect(renewals()).toHaveLength(1);
    await advance(14_000);
    const warning = await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    expect(warning).toHaveTextContent(/cannot be extended/);
    expect(within(warning).queryByRole('button', { name: 'Stay signed in' })).not.toBeInTheDocument();
    expect(within(warning).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('says the session cannot be extended when the server refuses to renew (401)', async () => {
    const { user } = await renderPage();
    server.use(http.post(authUrl('/auth/renew'), () => HttpResponse.json({ code: 'UNAUTHORIZED', message: 'ended' }, { status: 401 })));
    await advance(31_000);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'x');
    await vi.waitFor(() => expect(renewals()).toHaveLength(1));
    await advance(15_000);
    const warning = await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    expect(warning).toHaveTextContent(/cannot be extended/);
    expect(within(warning).queryByRole('button', { name: 'Stay signed in' })).not.toBeInTheDocument();
  });

  it('keeps the dialog and says why when signing in again fails; "Sign out" ends the session', async () => {
    const { user, location } = await renderPage();
    server.use(http.post(authUrl('/auth/login'), () => HttpResponse.json({ code: 'INVALID_CREDENTIALS', message: 'no' }, { status: 401 })));
    await advance(61_000);
    const ended = screen.getByRole('alertdialog', { name: 'Your session has ended' });
    await user.type(within(ended).getByLabelText('Password'), 'Wrong#2026pass');
    await user.click(within(ended).getByRole('button', { name: 'Sign in again' }));
    expect(await within(ended).findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.click(within(ended).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });
});
