// /login as a publisher sees it: validation per spec section 5, failure texts per section 8, busy state,
// success stores the token and opens the publisher chooser.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { EXTERNAL_LINKS } from '../../../../src/config/externalLinks';
import { LoginPage } from '../../../../src/custom-pages/login/LoginPage';
import { session } from '../../../../src/dataProvider/session';
import { jwtFor } from '../../../support/builders';
import { HttpResponse, apiError, authUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { renderPublicPage } from '../../../support/renderPublicPage';
import { advance, useFakeTimeouts } from '../../../support/time';

const server = setupMsw();
const requests = recordRequests(server);

async function fillAndSubmit(user: ReturnType<typeof renderPublicPage>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('shows the title, the subtitle and the forgot-password link', () => {
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to the Publisher Portal/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot');
  });

  it('shows the environment badge and the footer’s links, as the portal does (issue 21)', () => {
    renderPublicPage(<LoginPage />, { config: { environment: 'staging' } });
    expect(within(screen.getByRole('banner')).getByLabelText('Environment: Staging')).toHaveTextContent('Staging');
    const links = within(screen.getByRole('list', { name: 'Legal and help' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['FAQs (opens in a new tab)', 'https://help.adnetwork.example/publishers/faq'],
      ['Opt-out (opens in a new tab)', EXTERNAL_LINKS.optOut],
      ['Privacy policy (opens in a new tab)', EXTERNAL_LINKS.privacyPolicy],
      ['Publisher terms (opens in a new tab)', EXTERNAL_LINKS.publisherTerms.original],
    ]);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('General Data Protection Regulation');
  });

  it('shows no badge in production', () => {
    renderPublicPage(<LoginPage />, { config: { environment: 'production' } });
    expect(screen.queryByLabelText(/^Environment/)).not.toBeInTheDocument();
  });

  it("says 'Invalid email' and 'Invalid password' and calls nothing when the form is incomplete", async () => {
    const { user } = renderPublicPage(<LoginPage />);
    await fillAndSubmit(user, 'not-an-email', '');
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Invalid password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it("shows 'Invalid email or password' for wrong credentials, keeps it and keeps what was typed", async () => {
    useFakeTimeouts();
    server.use(http.post(authUrl('/auth/login'), () => apiError(401, 'INVALID_CREDENTIALS')));
    const { user } = renderPublicPage(<LoginPage />);
    await fillAndSubmit(user, 'solo@publisher.example', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await advance(60_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Email')).toHaveValue('solo@publisher.example');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    expect(session.get().jwt).toBeNull();
  });

  it('tells a locked account whom to write to, with the configured support address', async () => {
    server.use(http.post(authUrl('/auth/login'), () => apiError(403, 'ACCOUNT_LOCKED')));
    const { user } = renderPublicPage(<LoginPage />, { config: { supportEmail: 'help@adnetwork.example' } });
    await fillAndSubmit(user, 'locked@publisher.example', 'Demo#2026pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is locked. Please reach out to your contact or send an email to help@adnetwork.example.',
    );
  });

  it('asks to wait after too many attempts', async () => {
    server.use(http.post(authUrl('/auth/login'), () => apiError(429, 'TOO_MANY_ATTEMPTS')));
    const { user } = renderPublicPage(<LoginPage />);
    await fillAndSubmit(user, 'solo@publisher.example', 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts');
  });

  it('shows progress while signing in, then stores the token and opens /browse', async () => {
    const jwt = jwtFor();
    let answer: () => void = () => undefined;
    server.use(
      http.post(authUrl('/auth/login'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ jwt });
      }),
    );
    const { user, location } = renderPublicPage(<LoginPage />);
    await fillAndSubmit(user, 'solo@publisher.example', 'Demo#2026pass');
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer();
    await waitFor(() => expect(location()).toBe('/browse'));
    expect(session.get().jwt).toBe(jwt);
    const body = (await requests[0]?.json()) as unknown;
    expect(body).toEqual({ email: 'solo@publisher.example', password: 'Demo#2026pass' });
  });
});
