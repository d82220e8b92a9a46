/**
 * Calls of the public pages (login and its second step, forgot, reset, the invitation link) and the password
 * change, through the console's client. Every failure is an HttpError (see client.ts). No react-admin here: the
 * public pages load this module.
 *
 *   login             POST /auth/login       { email, password }             -> { jwt } or { challenge } (second factor)
 *   verifySecondFactor      POST /auth/login/second-factor             { challenge, code | recoveryCode } -> jwt
 *   startSecondFactorSetup  POST /auth/login/two-factor-setup          { challenge }       -> { secret, otpauthUri }
 *   confirmSecondFactorSetup POST /auth/login/two-factor-setup/confirm { challenge, code } -> { jwt, recoveryCodes }
 *   checkInvitation   POST /auth/invitation         { tk, ue }                 -> publisher, role, accountExists
 *   acceptInvitation  POST /auth/invitation/accept  { tk, ue, name + newPassword | password } -> message
 *   endSession        DELETE /external/me/sessions/{sid}  (bearer; at logout, so the session is listed no more)
 *   forgotPassword    POST /auth/forget-pwd  { email }                       -> message
 *   validateResetLink POST /auth/validate    { tk, ue, ts }                  -> response ?? {}  ({ email, pwd })
 *   resetPassword     POST /auth/reset-pwd   { tk, ue, password, newPassword } -> message
 *   changePassword    POST /auth/change-pwd  { email, password, newPassword } -> fresh jwt (bearer sent)
 *   renewToken        POST /auth/renew       (no body)                       -> fresh jwt of the same session (bearer sent)
 *
 * changePassword answers a fresh token because the server stops accepting tokens issued before the change:
 * the caller must store it (session.setToken) or the next call signs the user out.
 */
import { APP_HEADER, getApiClient, unwrap, type ApiClient } from './client';
import { toAsciiEmail } from '../lib/email';
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];
export type MessageResponse = Schemas['MessageResponse'];
export type ResetLink = { tk: string; ue: string; ts?: string };
/** Spec: the answer's 'response' field is used, an empty object when absent. */
export type ResetLinkDetails = Partial<NonNullable<Schemas['ValidateResetResponse']['response']>>;
export type ResetPasswordParams = Schemas['ResetPasswordRequest'];
export type ChangePasswordParams = Schemas['ChangePasswordRequest'];
export type LoginResult = Schemas['LoginResponse'];
export type SecondFactorChallenge = Schemas['SecondFactorChallenge'];
export type SecondFactorProof = { code: string } | { recoveryCode: string };
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
export type SignedInWithRecoveryCodes = Schemas['SignedInWithRecoveryCodes'];
export type InvitationLink = Schemas['InvitationLink'];
export type InvitationDetails = Schemas['InvitationDetails'];
export type InvitationAcceptance = Schemas['InvitationAcceptance'];

export interface AuthApi {
  login(email: string, password: string): Promise<LoginResult>;
  verifySecondFactor(challenge: string, proof: SecondFactorProof): Promise<string>;
  startSecondFactorSetup(challenge: string): Promise<TwoFactorSetup>;
  confirmSecondFactorSetup(challenge: string, code: string): Promise<SignedInWithRecoveryCodes>;
  checkInvitation(link: InvitationLink): Promise<InvitationDetails>;
  acceptInvitation(params: InvitationAcceptance): Promise<MessageResponse>;
  /** Best effort: ends the session on the server; gives up after `timeoutMs`. */
  endSession(sessionId: number, timeoutMs?: number): Promise<void>;
  forgotPassword(email: string): Promise<MessageResponse>;
  validateResetLink(link: ResetLink): Promise<ResetLinkDetails>;
  resetPassword(params: ResetPasswordParams): Promise<MessageResponse>;
  changePassword(params: ChangePasswordParams): Promise<string>;
  renewToken(): Promise<string>;
}

/** `client` may be a getter so the default API picks up the client only when a call is made. */
export function createAuthApi(client: ApiClient | (() => ApiClient)): AuthApi {
  const api = typeof client === 'function' ? client : () => client;
  return {
    async login(email, password) {
      const result = await api().POST('/auth/login', {
        params: { header: APP_HEADER },
        body: { email: toAsciiEmail(email), password },
      });
      return unwrap(result);
    },
    async verifySecondFactor(challenge, proof) {
      return unwrap(await api().POST('/auth/login/second-factor', { params: { header: APP_HEADER }, body: { challenge, ...proof } })).jwt;
    },
    async startSecondFactorSetup(challenge) {
      return unwrap(await api().POST('/auth/login/two-factor-setup', { body: { challenge } }));
    },
    async confirmSecondFactorSetup(challenge, code) {
      return unwrap(await api().POST('/auth/login/two-factor-setup/confirm', { params: { header: APP_HEADER }, body: { challenge, code } }));
    },
    async checkInvitation(link) {
      return unwrap(await api().POST('/auth/invitation', { body: link }));
    },
    async acceptInvitation(params) {
      return unwrap(await api().POST('/auth/invitation/accept', { body: params }));
    },
    async endSession(sessionId, timeoutMs = 2000) {
      const signal = AbortSignal.timeout(timeoutMs);
      await api().DELETE('/external/me/sessions/{sessionId}', { params: { header: APP_HEADER, path: { sessionId } }, signal });
    },
    async forgotPassword(email) {
      return unwrap(await api().POST('/auth/forget-pwd', { body: { email: toAsciiEmail(email) } }));
    },
    async validateResetLink({ tk, ue, ts }) {
      const result = await api().POST('/auth/validate', { body: ts === undefined ? { tk, ue } : { tk, ue, ts } });
      const data: { response?: ResetLinkDetails } | undefined = unwrap(result);
      return data?.response ?? {};
    },
    async resetPassword(params) {
      return unwrap(await api().POST('/auth/reset-pwd', { body: params }));
    },
    async changePassword(params) {
      const result = await api().POST('/auth/change-pwd', { params: { header: APP_HEADER }, body: params });
      return unwrap(result).jwt;
    },
    async renewToken() {
      return unwrap(await api().POST('/auth/renew', { params: { header: APP_HEADER } })).jwt;
    },
  };
}

export const authApi: AuthApi = createAuthApi(getApiClient);

export const {
  login,
  forgotPassword,
  validateResetLink,
  resetPassword,
  changePassword,
  renewToken,
  checkInvitation,
  acceptInvitation,
  startSecondFactorSetup,
} = authApi;
