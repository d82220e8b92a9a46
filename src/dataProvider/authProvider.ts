/**
 * react-admin AuthProvider over the session store and the auth calls (spec sections 4 and 6).
 *
 *   login        authApi.login -> fresh session with the token (publisher state cleared) -> '/browse', or back to
 *                the page where the same user's session ended, as the same publisher (sessionLife.ts, issue 21);
 *                for an account with two-factor sign-in it rejects with SecondFactorRequired (its challenge), as
 *                ra-auth-cognito's MFA flow does, and the login page calls login again with the challenge and
 *                a code (or a recovery code), or, for a team's required set-up, with the challenge and the first
 *                code of the new secret (`setupCode`: the answer then carries the recovery codes to show)
 *   logout       ends the session on the server (best effort), session.clear() -> '/login'
 *   checkAuth    a stored token that is not expired; an expired one is cleared (spec: counts as logged out) and
 *                the page remembered, unless the open page holds its ended session while the user signs in again
 *   checkError   401 signs out (the page remembered), unless the session is held; 403 stays signed in, except
 *                ACCOUNT_LOCKED (signs out with its own message); a 404 or TWO_FACTOR_REQUIRED (a team requires it)
 *                asks the layout to read the membership again (membershipCheck.ts: a removed member, a team that
 *                now requires two-factor sign-in; the layout says which), signed in
 *   getIdentity  { id, fullName, email } from the token
 *   getPermissions { isInternal, roles }
 *   canAccess    the one rule in canAccess.ts; unknown resources are refused
 *
 * Error messages are i18n keys, translated by react-admin's notifications and the login page.
 * checkError does not clear the session itself: react-admin only shows the message while checkAuth still passes,
 * and then calls logout, which clears it.
 */
import type { AuthProvider, UserIdentity } from 'ra-core';
import { authApi as defaultAuthApi, type AuthApi, type SecondFactorChallenge } from './authApi';
import { canAccess, isPortalResource, subjectFromSession } from './canAccess';
import { apiErrorCode, isUnanswered, UNREACHABLE_KEY } from './client';
import { hasUsableToken, session as defaultSession, type SessionStore } from './session';
import { endedSession, rememberReturn, takeReturn } from './sessionLife';
import { membershipCheck } from './membershipCheck';
import { paths } from '../routes';

export const AUTH_MESSAGES = {
  invalidCredentials: 'auth.invalidCredentials',
  accountLocked: 'auth.accountLocked',
  tooManyAttempts: 'auth.tooManyAttempts',
  accountLockedTokenCheck: 'auth.accountLockedTokenCheck',
  general: 'errorMessages.general',
  /**
   * The one text for an ended session, however it is noticed: a call answering 401, a stored token found past
   * its expiry, or the expiry timer of an open page (react-admin's own 'please reconnect' is not used).
   */
  sessionEnded: 'auth.sessionExpired',
  invalidCode: 'auth.invalidCode',
  challengeExpired: 'auth.challengeExpired',
  twoFactorRequired: 'errorMessages.twoFactorRequired',
  /** react-admin's own 'Please login to continue'. */
  authCheck: 'ra.auth.auth_check_error',
} as const;

export const LOGIN_REDIRECT = paths.browse;
export const LOGOUT_REDIRECT = paths.login;

export interface AuthProviderDeps {
  session: SessionStore;
  authApi: Pick<AuthApi, 'login'> & Partial<Pick<AuthApi, 'verifySecondFactor' | 'confirmSecondFactorSetup' | 'endSession'>>;
  now?: () => number;
  /** Where the user is (path, query and hash), remembered when the session ends on its own. */
  location?: () => string;
}

export interface PasswordParams {
  email?: string;
  username?: string;
  password: string;
}

/** The second step: the challenge, and a code of the app or a recovery code. */
export interface SecondFactorParams {
  challenge: string;
  code?: string;
  recoveryCode?: string;
}

/** The second step of a team's required set-up: the challenge and the first code of the new secret. */
export interface SetupParams {
  challenge: string;
  setupCode: string;
}

export type LoginParams = PasswordParams | SecondFactorParams | SetupParams;

/** What login answers: where to go, and after a set-up the recovery codes to show first. */
export interface LoginResultOf {
  redirectTo: string;
  recoveryCodes?: string[];
}

/** login's rejection for an account with two-factor sign-in: the page asks for the code (or the set-up). */
export class SecondFactorRequired extends Error {
  constructor(readonly challenge: SecondFactorChallenge) {
    super('auth.secondFactorRequired');
    this.name = 'SecondFactorRequired';
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** The i18n key shown for a failed sign-in (either step). */
export function loginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  const code = apiErrorCode(error);
  if (code === 'INVALID_CODE') return AUTH_MESSAGES.invalidCode;
  if (code === 'CHALLENGE_EXPIRED') return AUTH_MESSAGES.challengeExpired;
  if (status === 401) return AUTH_MESSAGES.invalidCredentials;
  if (status === 403 && apiErrorCode(error) === 'ACCOUNT_LOCKED') return AUTH_MESSAGES.accountLocked;
  if (status === 429) return AUTH_MESSAGES.tooManyAttempts;
  // No answer at all: say the server cannot be reached rather than 'try again later' (issue 21).
  if (isUnanswered(error)) return UNREACHABLE_KEY;
  return AUTH_MESSAGES.general;
}

export function createAuthProvider(
  deps: AuthProviderDeps = { session: defaultSession, authApi: defaultAuthApi },
): AuthProvider {
  const { session, authApi } = deps;
  const now = deps.now ?? Date.now;
  const location = deps.location ?? (() => (typeof window === 'undefined' ? '' : window.location.pathname + window.location.search + window.location.hash));

  /**
   * The stored token, or the reason there is none usable: none stored, or one that has expired (then cleared, the
   * page remembered for after the next sign-in). A session the open page holds while the user signs in again over
   * it stays as it is.
   */
  function requireValidToken() {
    const state = session.get();
    const { token } = state;
    if (token === null) throw new Error(AUTH_MESSAGES.authCheck);
    if (!hasUsableToken(state, now()) && !endedSession.isHeld()) {
      rememberReturn(state, location());
      session.clear();
      throw new Error(AUTH_MESSAGES.sessionEnded);
    }
    return token;
  }

  return {
    async login(params: LoginParams): Promise<LoginResultOf> {
      let jwt: string;
      let recoveryCodes: string[] | undefined;
      try {
        if ('setupCode' in params) {
          if (!authApi.confirmSecondFactorSetup) throw new Error('confirmSecondFactorSetup is missing');
          ({ jwt, recoveryCodes } = await authApi.confirmSecondFactorSetup(params.challenge, params.setupCode));
        } else if ('challenge' in params) {
          if (!authApi.verifySecondFactor) throw new Error('verifySecondFactor is missing');
          const proof = params.recoveryCode !== undefined ? { recoveryCode: params.recoveryCode } : { code: params.code ?? '' };
          jwt = await authApi.verifySecondFactor(params.challenge, proof);
        } else {
          const result = await authApi.login(params.email ?? params.username ?? '', params.password);
          if ('challenge' in result) throw new SecondFactorRequired(result.challenge);
          jwt = result.jwt;
        }
      } catch (error) {
        if (error instanceof SecondFactorRequired) throw error;
        throw new Error(loginErrorMessage(error), { cause: error });
      }
      // A new sign-in never inherits the previous user's publisher choice.
      session.clear();
      session.setToken(jwt);
      // ...but the same user whose session ended goes back to where they were, as the publisher they worked as.
      const userId = session.get().token?.user.id;
      const back = userId === undefined ? null : takeReturn(userId);
      if (back !== null) {
        session.setPublishers(back.publishers);
        if (back.publisher !== null) session.setPublisher(back.publisher);
      }
      const redirectTo = back?.path ?? LOGIN_REDIRECT;
      return recoveryCodes ? { redirectTo, recoveryCodes } : { redirectTo };
    },

    async logout() {
      // The session ends on the server too, so it is no longer listed as active; the sign-out never waits long.
      const state = session.get();
      const { token } = state;
      if (token !== null && hasUsableToken(state, now()) && authApi.endSession) {
        await authApi.endSession(token.sid).catch(() => undefined);
      }
      session.clear();
      return LOGOUT_REDIRECT;
    },

    async checkAuth() {
      requireValidToken();
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status === 401) {
        // The open page asks the user to sign in again over it: no sign-out that would throw the page away.
        if (endedSession.isHeld()) return;
        rememberReturn(session.get(), location());
        throw new Error(AUTH_MESSAGES.sessionEnded);
      }
      if (status === 403 && apiErrorCode(error) === 'ACCOUNT_LOCKED') {
        throw new Error(AUTH_MESSAGES.accountLockedTokenCheck);
      }
      // Gone or locked, as far as this call knows: the layout reads the membership again and says which, once, on
      // a page naming the publisher with the way to set two-factor sign-in up (issue 30). Signed in still, and no
      // notice or redirect here: two failed calls used to show the same notice twice on a page of dead links.
      if (status === 404 || (status === 403 && apiErrorCode(error) === 'TWO_FACTOR_REQUIRED')) membershipCheck.request();
    },

    async getIdentity(): Promise<UserIdentity> {
      const token = requireValidToken();
      return { id: token.user.id, fullName: token.user.name, email: token.user.email };
    },

    async getPermissions() {
      const { isInternal, roles } = subjectFromSession(session.get());
      return { isInternal, roles };
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      if (!isPortalResource(resource)) return false;
      return canAccess(subjectFromSession(session.get()), resource, action);
    },
  };
}
