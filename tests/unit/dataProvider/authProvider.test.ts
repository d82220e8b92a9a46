import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthApi, type LoginResult } from '../../../src/dataProvider/authApi';
import { createAuthProvider, loginErrorMessage, SecondFactorRequired } from '../../../src/dataProvider/authProvider';
import { createSessionStore, type SessionStore } from '../../../src/dataProvider/session';
import { endedSession, RETURN_KEY } from '../../../src/dataProvider/sessionLife';
import { membershipCheck } from '../../../src/dataProvider/membershipCheck';
import { internalTokenPayload, jwtFor, legacyPublisher, NOW_MS, publisher, tokenFor, tokenPayload } from '../../support/builders';
import { apiError, apiUrl, authUrl, http, HttpResponse, setupMsw, testClient } from '../../support/msw';
import { MemoryStorage } from '../../support/storage';

const server = setupMsw();

/** `now` is the provider's clock; the session receives tokens at NOW_MS (the builders' iat) unless `receivedAt`. */
function setup(
  options: { login?: (email: string, password: string) => Promise<string | LoginResult>; now?: number; receivedAt?: number; path?: string } = {},
) {
  const storage = new MemoryStorage();
  const tab = new MemoryStorage();
  vi.stubGlobal('sessionStorage', tab);
  const session = createSessionStore({ storage, tabStorage: tab, events: null, now: () => options.receivedAt ?? NOW_MS });
  const answer = options.login ?? (async () => jwtFor());
  const login = vi.fn(async (email: string, password: string): Promise<LoginResult> => {
    const result = await answer(email, password);
    return typeof result === 'string' ? { jwt: result } : result;
  });
  const verifySecondFactor = vi.fn(async () => jwtFor({ sid: 8 }));
  const confirmSecondFactorSetup = vi.fn(async () => ({ jwt: jwtFor({ sid: 9 }), recoveryCodes: ['abcde-fghjk'] }));
  const endSession = vi.fn(async () => undefined);
  const provider = createAuthProvider({
    session,
    authApi: { login, verifySecondFactor, confirmSecondFactorSetup, endSession },
    now: () => options.now ?? NOW_MS,
    location: () => options.path ?? '/zones?page=2',
  });
  return { storage, tab, session, login, verifySecondFactor, confirmSecondFactorSetup, endSession, provider };
}

afterEach(() => {
  vi.unstubAllGlobals();
  endedSession.release();
});

function signedIn(session: SessionStore, jwt = jwtFor()) {
  session.setToken(jwt);
  session.setPublisher(publisher());
  session.setPublishers([publisher(), publisher({ id: 102 })]);
}

describe('login', () => {
  it('signs in with email or username, starts a fresh session and goes to the chooser', async () => {
    const jwt = jwtFor();
    const { provider, session, login } = setup({ login: async () => jwt });
    session.setPublisher(legacyPublisher());
    session.setPublishers([legacyPublisher()]);

    await expect(provider.login({ username: 'solo@publisher.example', password: 'pw' })).resolves.toEqual({
      redirectTo: '/browse',
    });
    expect(login).toHaveBeenCalledWith('solo@publisher.example', 'pw');
    expect(session.get()).toMatchObject({ jwt, publisher: null, publishers: [] });

    await provider.login({ email: 'multi@publisher.example', password: 'pw2' });
    expect(login).toHaveBeenLastCalledWith('multi@publisher.example', 'pw2');
  });

  it('takes the same user back to the page where the session ended, as the publisher of that tab; another user goes to the chooser', async () => {
    const { provider, session, tab } = setup({ path: '/zones/edit/1001/overview' });
    const atlas = publisher({ id: 102, name: 'Atlas News' });
    signedIn(session);
    session.setPublisher(atlas);
    await expect(provider.checkError(new HttpError('Unauthorized', 401, { code: 'UNAUTHORIZED' }))).rejects.toThrow();
    await provider.logout({});

    await expect(provider.login({ email: 'solo@publisher.example', password: 'pw' })).resolves.toEqual({ redirectTo: '/zones/edit/1001/overview' });
    expect(session.get()).toMatchObject({ publisher: atlas, publishers: [publisher(), publisher({ id: 102 })] });
    expect(tab.snapshot()[RETURN_KEY]).toBeUndefined();

    // Remembered for user 11, signed in as user 12: nothing of the first user's is taken over.
    signedIn(session);
    await expect(provider.checkError(new HttpError('Unauthorized', 401, { code: 'UNAUTHORIZED' }))).rejects.toThrow();
    await provider.logout({});
    const other = setup({ login: async () => jwtFor({ user: { id: 12 } }) });
    vi.stubGlobal('sessionStorage', tab);
    await expect(other.provider.login({ email: 'multi@publisher.example', password: 'pw' })).resolves.toEqual({ redirectTo: '/browse' });
    expect(other.session.get()).toMatchObject({ publisher: null, publishers: [] });
  });

  it.each([
    ['401 invalid credentials', new HttpError('Invalid', 401, { code: 'INVALID_CREDENTIALS' }), 'auth.invalidCredentials'],
    ['403 account locked', new HttpError('Locked', 403, { code: 'ACCOUNT_LOCKED' }), 'auth.accountLocked'],
    ['429 throttled', new HttpError('Slow down', 429, { code: 'TOO_MANY_ATTEMPTS' }), 'auth.tooManyAttempts'],
    ['403 without lock', new HttpError('No', 403, { code: 'FORBIDDEN' }), 'errorMessages.general'],
    ['500', new HttpError('Boom', 500, { code: 'INTERNAL_ERROR' }), 'errorMessages.general'],
    ['a network failure (the server cannot be reached, issue 21)', new HttpError('FETCH_ERROR', 0, { code: 'FETCH_ERROR' }), 'errorMessages.unreachable'],
  ])('maps %s to the i18n key and stays signed out', async (_label, failure, key) => {
    const { provider, session } = setup({
      login: async () => {
        throw failure;
      },
    });
    await expect(provider.login({ email: 'solo@publisher.example', password: 'x' })).rejects.toThrow(key);
    expect(session.get().jwt).toBeNull();
  });

  it('maps through the real auth call too', async () => {
    server.use(http.post(authUrl('/auth/login'), () => apiError(401, 'INVALID_CREDENTIALS', 'Invalid e-mail or password')));
    const session = createSessionStore({ storage: new MemoryStorage(), events: null });
    const provider = createAuthProvider({ session, authApi: createAuthApi(testClient()) });
    await expect(provider.login({ email: 'solo@publisher.example', password: 'wrong' })).rejects.toThrow(
      'auth.invalidCredentials',
    );
  });

  it('rejects with the second-factor challenge after a right password, storing nothing, then signs in with a code', async () => {
    const challenge = { token: 'challenge-token-of-the-test', mode: 'VERIFY' as const, expiresAt: '2026-01-15T12:05:00.000Z' };
    const { provider, session, verifySecondFactor } = setup({ login: async () => ({ challenge }) });
    const refused = provider.login({ email: 'solo@publisher.example', password: 'pw' });
    await expect(refused).rejects.toBeInstanceOf(SecondFactorRequired);
    await expect(refused).rejects.toMatchObject({ challenge, message: 'auth.secondFactorRequired' });
    expect(session.get().jwt).toBeNull();

    await expect(provider.login({ challenge: challenge.token, code: '123456' })).resolves.toEqual({ redirectTo: '/browse' });
    expect(verifySecondFactor).toHaveBeenCalledWith(challenge.token, { code: '123456' });
    expect(session.get().token?.sid).toBe(8);
    await provider.login({ challenge: challenge.token, recoveryCode: 'abcde-fghjk' });
    expect(verifySecondFactor).toHaveBeenLastCalledWith(challenge.token, { recoveryCode: 'abcde-fghjk' });
  });

  it("finishes a team's required set-up with its first code, answering the recovery codes to show", async () => {
    const { provider, session, confirmSecondFactorSetup } = setup();
    await expect(provider.login({ challenge: 'challenge-token-of-the-test', setupCode: '654321' })).resolves.toEqual({
      redirectTo: '/browse',
      recoveryCodes: ['abcde-fghjk'],
    });
    expect(confirmSecondFactorSetup).toHaveBeenCalledWith('challenge-token-of-the-test', '654321');
    expect(session.get().token?.sid).toBe(9);
  });

  it.each([
    ['a wrong code', new HttpError('No', 401, { code: 'INVALID_CODE' }), 'auth.invalidCode'],
    ['a challenge run out', new HttpError('Late', 401, { code: 'CHALLENGE_EXPIRED' }), 'auth.challengeExpired'],
    ['too many codes', new HttpError('Slow', 429, { code: 'TOO_MANY_ATTEMPTS' }), 'auth.tooManyAttempts'],
  ])('maps %s of the second step', async (_label, failure, key) => {
    const { provider, verifySecondFactor, session } = setup();
    verifySecondFactor.mockRejectedValueOnce(failure);
    await expect(provider.login({ challenge: 'challenge-token-of-the-test', code: '000000' })).rejects.toThrow(key);
    expect(session.get().jwt).toBeNull();
  });

  it('exposes the mapping for the login page', () => {
    expect(loginErrorMessage(new Error('plain'))).toBe('errorMessages.general');
    expect(loginErrorMessage(undefined)).toBe('errorMessages.general');
  });
});

describe('checkAuth', () => {
  it('passes with a stored unexpired token', async () => {
    const { provider, session } = setup();
    signedIn(session);
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('rejects without a token', async () => {
    await expect(setup().provider.checkAuth({})).rejects.toThrow('ra.auth.auth_check_error');
  });

  const HOUR_MS = 3_600_000;
  const hourToken = () => jwtFor({ iat: Math.floor(NOW_MS / 1000), exp: Math.floor(NOW_MS / 1000) + 3600 });

  it('treats a token past its lifetime as signed out, clears the stored state and remembers the page for after the next sign-in', async () => {
    const { provider, session, storage, tab } = setup({ now: NOW_MS + HOUR_MS });
    signedIn(session, hourToken());
    await expect(provider.checkAuth({})).rejects.toThrow('auth.sessionExpired');
    expect(storage.snapshot()).toEqual({});
    expect(tab.snapshot()[RETURN_KEY]).toMatchObject({ userId: 11, path: '/zones?page=2', publisher: { id: 101 } });
  });

  it('accepts the token up to the millisecond before the end of its lifetime', async () => {
    const { provider, session } = setup({ now: NOW_MS + HOUR_MS - 1 });
    signedIn(session, hourToken());
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('counts the lifetime the server gave (exp - iat) from when this browser received the token, whatever its clock says', async () => {
    // The server's clock is 10 minutes ahead of this browser's: its exp, read on this clock, would give 70 minutes.
    const ahead = Math.floor(NOW_MS / 1000) + 600;
    const { provider, session } = setup({ now: NOW_MS + HOUR_MS });
    signedIn(session, jwtFor({ iat: ahead, exp: ahead + 3600 }));
    await expect(provider.checkAuth({})).rejects.toThrow('auth.sessionExpired');
  });

  it('leaves alone a session the open page holds while its user signs in again over it', async () => {
    const { provider, session, storage } = setup({ now: NOW_MS + 2 * HOUR_MS });
    signedIn(session, hourToken());
    endedSession.hold();
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getIdentity?.()).resolves.toMatchObject({ id: 11 });
    expect(storage.snapshot()['portal.auth']).toBeDefined();
  });
});

describe('checkError', () => {
  it("signs out on 401 with the one text for an ended session, not react-admin's 'please reconnect', remembering the page", async () => {
    const { provider, session, tab } = setup({ path: '/zones/edit/1001/overview' });
    signedIn(session);
    await expect(provider.checkError(new HttpError('Unauthorized', 401, { code: 'UNAUTHORIZED' }))).rejects.toThrow(
      'auth.sessionExpired',
    );
    expect(tab.snapshot()[RETURN_KEY]).toMatchObject({ path: '/zones/edit/1001/overview' });
  });

  it('does not sign out on 401 while the open page holds its ended session (the user is signing in again over it)', async () => {
    const { provider, session } = setup();
    signedIn(session);
    endedSession.hold();
    await expect(provider.checkError(new HttpError('Unauthorized', 401, { code: 'UNAUTHORIZED' }))).resolves.toBeUndefined();
  });

  it('stays signed in on 403 and on other errors', async () => {
    const { provider } = setup();
    await expect(provider.checkError(new HttpError('Forbidden', 403, { code: 'FORBIDDEN' }))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('Not found', 404, { code: 'NOT_FOUND' }))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('FETCH_ERROR', 0, { code: 'FETCH_ERROR' }))).resolves.toBeUndefined();
    await expect(provider.checkError(new Error('plain'))).resolves.toBeUndefined();
  });

  it('signs out a locked account with the token-check message, leaving the clearing to logout', async () => {
    const { provider, session } = setup();
    signedIn(session);
    await expect(provider.checkError(new HttpError('Locked', 403, { code: 'ACCOUNT_LOCKED' }))).rejects.toThrow(
      'auth.accountLockedTokenCheck',
    );
    // react-admin shows the message only while checkAuth still passes, then calls logout.
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('keeps a member of a team that requires two-factor sign-in signed in, and asks the layout to read the membership again (issue 30)', async () => {
    const { provider } = setup();
    const asked = vi.fn();
    const stop = membershipCheck.subscribe(asked);
    await expect(provider.checkError(new HttpError('2FA', 403, { code: 'TWO_FACTOR_REQUIRED' }))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('Publisher not found', 404, { code: 'NOT_FOUND' }))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('Role', 403, { code: 'ROLE_NOT_ALLOWED' }))).resolves.toBeUndefined();
    stop();
    expect(asked).toHaveBeenCalledTimes(2);
  });
});

describe('logout', () => {
  it('ends the session on the server, then forgets it here, even when the server cannot be reached', async () => {
    const { provider, session, endSession } = setup();
    signedIn(session);
    await expect(provider.logout({})).resolves.toBe('/login');
    expect(endSession).toHaveBeenCalledWith(7);
    expect(session.get().jwt).toBeNull();

    signedIn(session);
    endSession.mockRejectedValueOnce(new HttpError('FETCH_ERROR', 0, { code: 'FETCH_ERROR' }));
    await expect(provider.logout({})).resolves.toBe('/login');
    expect(session.get().jwt).toBeNull();
  });

  it('calls nothing for a token already expired', async () => {
    const { provider, session, endSession } = setup({ now: NOW_MS + 9 * 3600_000 });
    signedIn(session);
    await provider.logout({});
    expect(endSession).not.toHaveBeenCalled();
  });
});

describe('identity, permissions and access', () => {
  it('reads the identity from the token', async () => {
    const { provider, session } = setup();
    signedIn(session, tokenFor(tokenPayload({ user: { id: 42, name: 'Multi Owner', email: 'multi@publisher.example' } })));
    await expect(provider.getIdentity?.()).resolves.toEqual({ id: 42, fullName: 'Multi Owner', email: 'multi@publisher.example' });
  });

  it('has no identity when signed out', async () => {
    await expect(setup().provider.getIdentity?.()).rejects.toThrow();
  });

  it('answers isInternal and roles as permissions', async () => {
    const { provider, session } = setup();
    signedIn(session, tokenFor(internalTokenPayload()));
    await expect(provider.getPermissions?.({})).resolves.toEqual({ isInternal: true, roles: ['ADMIN'] });
  });

  it('applies canAccess to the session, refusing unknown resources', async () => {
    const { provider, session } = setup();
    signedIn(session);
    session.setPublisher(legacyPublisher());
    const ask = (resource: string, action = 'list') => provider.canAccess?.({ resource, action });
    await expect(ask('account-settings.billing')).resolves.toBe(true);
    await expect(ask('zones', 'create')).resolves.toBe(false);
    await expect(ask('change-publisher')).resolves.toBe(true);
    await expect(ask('publishers.search-all')).resolves.toBe(false);
    await expect(ask('users')).resolves.toBe(false);
  });
});

describe('persistence across a whole session (spec section 4)', () => {
  it('stores only the three keys while signed in, and nothing after logout', async () => {
    const jwt = jwtFor();
    const ended: string[] = [];
    server.use(
      http.post(authUrl('/auth/login'), () => HttpResponse.json({ jwt })),
      http.delete(apiUrl('/external/me/sessions/:sessionId'), ({ params }) => {
        ended.push(String(params.sessionId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const storage = new MemoryStorage();
    const session = createSessionStore({ storage, tabStorage: new MemoryStorage(), events: null, now: () => NOW_MS });
    const provider = createAuthProvider({ session, authApi: createAuthApi(testClient()), now: () => NOW_MS });

    await provider.login({ email: 'multi@publisher.example', password: 'Demo#2026pass' });
    const chooserResult = [publisher({ id: 102, name: 'Atlas News' }), publisher({ id: 103, name: 'Sakura Press' })];
    session.setPublishers(chooserResult);
    session.setPublisher(chooserResult[1] ?? null);
    await provider.checkAuth({});

    expect(Object.keys(storage.snapshot()).sort()).toEqual(['portal.auth', 'portal.publisher', 'portal.publishers']);
    expect(storage.snapshot()).toEqual({
      'portal.auth': { jwt, receivedAt: NOW_MS },
      'portal.publisher': chooserResult[1],
      'portal.publishers': chooserResult,
    });

    await expect(provider.logout({})).resolves.toBe('/login');
    expect(ended).toEqual(['7']);
    expect(storage.length).toBe(0);
    await expect(provider.checkAuth({})).rejects.toThrow();
  });
});
