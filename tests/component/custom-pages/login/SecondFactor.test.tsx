// The sign-in's second step (issue 22), in English and Japanese: the code of the authenticator app after the
// password (the field focused), a recovery code instead (a used one said in its own words), a wrong code said and
// kept, a challenge run out sending the user back; and the set-up a team requires, with its QR code drawn in the
// page, the key to copy and its otpauth:// link, then the recovery codes shown once.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LoginPage } from '../../../../src/custom-pages/login/LoginPage';
import { session } from '../../../../src/dataProvider/session';
import { jwtFor } from '../../../support/builders';
import { apiError, authUrl, http, HttpResponse, lastCall, recordRequests, setupMsw } from '../../../support/msw';
import { renderPublicPage } from '../../../support/renderPublicPage';

const challenge = (mode: 'VERIFY' | 'SETUP') => ({ challenge: { token: 'challenge-token-of-the-test', mode, expiresAt: '2026-01-15T12:05:00.000Z' } });
const CODES = ['abcde-fghjk', 'bcdef-ghjkm', 'cdefg-hjkmn', 'defgh-jkmnp', 'efghj-kmnpq', 'fghjk-mnpqr', 'ghjkm-npqrs', 'hjkmn-pqrst', 'jkmnp-qrstu', 'kmnpq-rstuv'];
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const server = setupMsw();
const requests = recordRequests(server);

async function signInWithPassword(user: ReturnType<typeof renderPublicPage>['user']) {
  await user.type(screen.getByLabelText('Email'), 'solo@publisher.example');
  await user.type(screen.getByLabelText('Password'), 'Demo#2026pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the second step of sign-in', () => {
  it('asks for the code after the password, says a wrong one and keeps it, and signs in with the right one', async () => {
    const jwt = jwtFor();
    let answer = apiError(401, 'INVALID_CODE');
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json(challenge('VERIFY'))),
      http.post(authUrl('/auth/login/second-factor'), () => answer),
    );
    const { user, location } = renderPublicPage(<LoginPage />);
    await signInWithPassword(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(session.get().jwt).toBeNull();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // The code field has the focus after the password: digits typed at once land in it (issue 30).
    expect(code).toHaveFocus();
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Try the newest code of your app.');
    expect(screen.getByLabelText('Code')).toHaveValue('123456');

    answer = HttpResponse.json({ jwt });
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.get().jwt).toBe(jwt));
    expect(await lastCall(requests)).toMatchObject({
      line: 'POST /auth/login/second-factor',
      body: { challenge: 'challenge-token-of-the-test', code: '654321' },
      app: 'PC',
      authorization: null,
    });
    expect(session.get().jwt).toBe(jwt);
    expect(location()).toBe('/browse');
  });

  it('takes a recovery code instead, and says in its own words that a used one is not valid', async () => {
    let answer = apiError(401, 'INVALID_CODE');
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json(challenge('VERIFY'))),
      http.post(authUrl('/auth/login/second-factor'), () => answer),
    );
    const { user } = renderPublicPage(<LoginPage />);
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText('Enter one of your recovery codes. Each works once.')).toBeInTheDocument();
    expect(screen.getByLabelText('Recovery code')).toHaveFocus();
    await user.keyboard('ZYXWV-TSRQP');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // A used (or wrong) recovery code: not the authenticator's "newest code" advice (issue 30).
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That recovery code is not valid or was already used.');
    expect(alert).not.toHaveTextContent('newest code');

    answer = HttpResponse.json({ jwt: jwtFor() });
    await user.clear(screen.getByLabelText('Recovery code'));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await lastCall(requests)).body).toEqual({ challenge: 'challenge-token-of-the-test', recoveryCode: 'ABCDE-FGHJK' });
  });

  it('sends the user back to the password when the challenge has run out, saying so', async () => {
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json(challenge('VERIFY'))),
      http.post(authUrl('/auth/login/second-factor'), () => apiError(401, 'CHALLENGE_EXPIRED')),
    );
    const { user } = renderPublicPage(<LoginPage />);
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in took too long. Please sign in again.');
    expect(screen.getByLabelText('Email')).toHaveValue('solo@publisher.example');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("sets up the second factor a team requires: the QR code drawn in the page, the key, the first code, then the recovery codes once", async () => {
    const jwt = jwtFor();
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json(challenge('SETUP'))),
      http.post(authUrl('/auth/login/two-factor-setup'), () =>
        HttpResponse.json({ secret: SECRET, otpauthUri: `otpauth://totp/Publisher%20portal:solo%40publisher.example?secret=${SECRET}&issuer=Publisher%20portal` }),
      ),
      http.post(authUrl('/auth/login/two-factor-setup/confirm'), () => HttpResponse.json({ jwt, recoveryCodes: CODES })),
    );
    const { user, location } = renderPublicPage(<LoginPage />);
    await signInWithPassword(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByText('A team you work for requires two-factor sign-in. Set it up now to continue.')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code to add the portal to your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // On a phone, which cannot scan its own screen: the otpauth:// link and a key to copy (issue 30).
    expect(screen.getByRole('link', { name: 'Open it in your authenticator app' })).toHaveAttribute('href', expect.stringMatching(/^otpauth:\/\/totp\//));
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.type(screen.getByLabelText('Code of the app'), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect((await lastCall(requests)).body).toEqual({ challenge: 'challenge-token-of-the-test', code: '246810' });
    expect(session.get().jwt).toBe(jwt);
    expect(location()).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Continue to the portal' }));
    expect(location()).toBe('/browse');
  });

  it('speaks Japanese', async () => {
    server.use(http.post(authUrl('/auth/login'), () => HttpResponse.json(challenge('VERIFY'))));
    const { user } = renderPublicPage(<LoginPage />);
    await user.selectOptions(screen.getByLabelText('Language'), '日本語');
    await user.type(await screen.findByLabelText('メールアドレス'), 'solo@publisher.example');
    await user.type(screen.getByLabelText('パスワード'), 'Demo#2026pass');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { level: 1, name: '2段階認証' })).toBeInTheDocument();
    expect(screen.getByText('認証アプリに表示されている6桁のコードを入力してください。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '代わりにリカバリーコードを使う' })).toBeInTheDocument();
  });
});
