import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { createAuthApi } from '../../../src/dataProvider/authApi';
import { apiError, authUrl, http, HttpResponse, recordRequests, setupMsw, testClient } from '../../support/msw';

const server = setupMsw();
const requests = recordRequests(server);
const authApi = createAuthApi(testClient({ token: 'current-jwt' }));

describe('authApi', () => {
  it('signs in with the trimmed e-mail and answers the jwt', async () => {
    server.use(http.post(authUrl('/auth/login'), () => HttpResponse.json({ jwt: 'signed-in' })));
    await expect(authApi.login(' solo@publisher.example ', 'Demo#2026pass')).resolves.toEqual({ jwt: 'signed-in' });
    expect(await requests[0]?.json()).toEqual({ email: 'solo@publisher.example', password: 'Demo#2026pass' });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('sends an internationalised domain in its punycode form, as the contract takes addresses', async () => {
    server.use(http.post(authUrl('/auth/login'), () => HttpResponse.json({ jwt: 'signed-in' })));
    await authApi.login('user@bücher.de', 'Demo#2026pass');
    expect(await requests[0]?.json()).toEqual({ email: 'user@xn--bcher-kva.de', password: 'Demo#2026pass' });
  });

  it("answers a second-factor challenge as it comes, and sends the second step with the app header and no token", async () => {
    const challenge = { token: 'challenge-token-of-the-test', mode: 'VERIFY', expiresAt: '2026-01-15T12:05:00.000Z' };
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json({ challenge })),
      http.post(authUrl('/auth/login/second-factor'), () => HttpResponse.json({ jwt: 'second-step' })),
    );
    await expect(authApi.login('solo@publisher.example', 'Demo#2026pass')).resolves.toEqual({ challenge });
    await expect(authApi.verifySecondFactor(challenge.token, { recoveryCode: 'abcde-fghjk' })).resolves.toBe('second-step');
    expect(await requests[1]?.json()).toEqual({ challenge: challenge.token, recoveryCode: 'abcde-fghjk' });
    expect(requests[1]?.headers.get('x-app')).toBe('PC');
    expect(requests[1]?.headers.get('authorization')).toBeNull();
  });

  it('rejects a failed sign-in with the HttpError and its code', async () => {
    server.use(http.post(authUrl('/auth/login'), () => apiError(403, 'ACCOUNT_LOCKED', 'Account locked')));
    const failure = authApi.login('locked@publisher.example', 'Demo#2026pass');
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 403, body: { code: 'ACCOUNT_LOCKED' } });
  });

  it('asks for a temporary password', async () => {
    server.use(
      http.post(authUrl('/auth/forget-pwd'), () => HttpResponse.json({ code: 'TEMP_PASSWORD_SENT', message: 'Sent' })),
    );
    await expect(authApi.forgotPassword('solo@publisher.example')).resolves.toEqual({
      code: 'TEMP_PASSWORD_SENT',
      message: 'Sent',
    });
    expect(await requests[0]?.json()).toEqual({ email: 'solo@publisher.example' });
  });

  it("checks a reset link and answers the 'response' field", async () => {
    server.use(
      http.post(authUrl('/auth/validate'), () =>
        HttpResponse.json({ response: { email: 'solo@publisher.example', pwd: 'Temp#1234abcd' } }),
      ),
    );
    const link = { tk: 'a'.repeat(32), ue: 'solo@publisher.example', ts: '1767225600000' };
    await expect(authApi.validateResetLink(link)).resolves.toEqual({ email: 'solo@publisher.example', pwd: 'Temp#1234abcd' });
    expect(await requests[0]?.json()).toEqual(link);
  });

  it("answers an empty object when the link check has no 'response' (spec)", async () => {
    server.use(http.post(authUrl('/auth/validate'), () => HttpResponse.json({})));
    await expect(authApi.validateResetLink({ tk: 'a'.repeat(32), ue: 'solo@publisher.example' })).resolves.toEqual({});
    expect(await requests[0]?.json()).toEqual({ tk: 'a'.repeat(32), ue: 'solo@publisher.example' });
  });

  it('rejects an expired link with 410 LINK_EXPIRED', async () => {
    server.use(http.post(authUrl('/auth/validate'), () => apiError(410, 'LINK_EXPIRED')));
    await expect(authApi.validateResetLink({ tk: 'a'.repeat(32), ue: 'x@publisher.example' })).rejects.toMatchObject({
      status: 410,
      body: { code: 'LINK_EXPIRED' },
    });
  });

  it('resets the password through the link', async () => {
    server.use(
      http.post(authUrl('/auth/reset-pwd'), () => HttpResponse.json({ code: 'PASSWORD_CHANGED', message: 'Changed' })),
    );
    const params = { tk: 'b'.repeat(32), ue: 'solo@publisher.example', password: 'Temp#1234abcd', newPassword: 'New#2026pass' };
    await expect(authApi.resetPassword(params)).resolves.toMatchObject({ code: 'PASSWORD_CHANGED' });
    expect(await requests[0]?.json()).toEqual(params);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('changes the password as the signed-in user and answers the fresh token', async () => {
    server.use(
      http.post(authUrl('/auth/change-pwd'), () =>
        HttpResponse.json({ code: 'PASSWORD_CHANGED', message: 'Changed', jwt: 'fresh-jwt' }),
      ),
    );
    const params = { email: 'solo@publisher.example', password: 'Demo#2026pass', newPassword: 'New#2026pass' };
    await expect(authApi.changePassword(params)).resolves.toBe('fresh-jwt');
    expect(await requests[0]?.json()).toEqual(params);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer current-jwt');
  });

  it('rejects a wrong current password with 401', async () => {
    server.use(http.post(authUrl('/auth/change-pwd'), () => apiError(401, 'INVALID_CREDENTIALS')));
    const params = { email: 'solo@publisher.example', password: 'wrong', newPassword: 'New#2026pass' };
    await expect(authApi.changePassword(params)).rejects.toMatchObject({ status: 401 });
  });
});
