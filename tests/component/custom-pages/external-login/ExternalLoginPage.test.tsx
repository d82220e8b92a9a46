// /external-login: with a token adopted from the address it goes on to the chooser; without, it explains.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ExternalLoginPage } from '../../../../src/custom-pages/external-login/ExternalLoginPage';
import { adoptJwtFromUrl, session } from '../../../../src/dataProvider/session';
import { tokenFor, tokenPayload } from '../../../support/builders';
import { renderPublicPage } from '../../../support/renderPublicPage';

describe('ExternalLoginPage', () => {
  it('explains, in its title too, and links to the normal sign-in when no token came with the address', () => {
    renderPublicPage(<ExternalLoginPage />, { path: '/external-login' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('No sign-in token');
    expect(screen.getByRole('status')).toHaveTextContent('carries no sign-in token');
    expect(screen.getByRole('link', { name: 'Sign in with your email and password' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('uses the jwt of the address as the session token and opens /browse', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const jwt = tokenFor(tokenPayload({ iat, exp: iat + 3600 }));
    window.history.replaceState(null, '', `/external-login?jwt=${jwt}`);
    expect(adoptJwtFromUrl()).toBe(true);
    const { location } = renderPublicPage(<ExternalLoginPage />, { path: window.location.pathname });
    await waitFor(() => expect(location()).toBe('/browse'));
    expect(session.get().jwt).toBe(jwt);
  });
});
