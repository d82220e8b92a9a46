// /forgot: temporary password sent, failure text of spec section 8, cancel back to /login.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ForgotPasswordPage } from '../../../../src/custom-pages/forgot/ForgotPasswordPage';
import { HttpResponse, apiError, authUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { renderPublicPage } from '../../../support/renderPublicPage';

const server = setupMsw();
const requests = recordRequests(server);

describe('ForgotPasswordPage', () => {
  it('sends the temporary password and says so', async () => {
    server.use(
      http.post(authUrl('/auth/forget-pwd'), () =>
        HttpResponse.json({ code: 'TEMP_PASSWORD_SENT', message: 'Temporary password sent' }),
      ),
    );
    const { user } = renderPublicPage(<ForgotPasswordPage />, { path: '/forgot' });
    await user.type(screen.getByLabelText('Email'), ' solo@publisher.example ');
    await user.click(screen.getByRole('button', { name: 'Send temporary password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for solo@publisher.example, a temporary password has been sent to it.',
    );
    expect(await requests[0]?.json()).toEqual({ email: 'solo@publisher.example' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows 'Something went wrong. Please check your email or try again.' when the call fails, keeping the e-mail", async () => {
    server.use(http.post(authUrl('/auth/forget-pwd'), () => apiError(500, 'INTERNAL_ERROR')));
    const { user } = renderPublicPage(<ForgotPasswordPage />, { path: '/forgot' });
    await user.type(screen.getByLabelText('Email'), 'solo@publisher.example');
    await user.click(screen.getByRole('button', { name: 'Send temporary password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please check your email or try again.');
    expect(screen.getByLabelText('Email')).toHaveValue('solo@publisher.example');
  });

  it("refuses a malformed e-mail with 'Invalid email' without calling", async () => {
    const { user } = renderPublicPage(<ForgotPasswordPage />, { path: '/forgot' });
    await user.type(screen.getByLabelText('Email'), 'solo@');
    await user.click(screen.getByRole('button', { name: 'Send temporary password' }));
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('returns to /login on cancel', async () => {
    const { user, location } = renderPublicPage(<ForgotPasswordPage />, { path: '/forgot' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('has no header (spec: hidden on forgot-password) but keeps the language switcher', () => {
    renderPublicPage(<ForgotPasswordPage />, { path: '/forgot' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
  });
});
