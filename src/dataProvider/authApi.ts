/**
 * Calls of the public pages (login, forgot, reset) and the password change, through the console's client.
 * Every failure is an HttpError (see client.ts). No react-admin here: the public pages load this module.
 *
 *   login             POST /auth/login       { email, password }             -> jwt
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
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];
export type MessageResponse = Schemas['MessageResponse'];
export type ResetLink = { tk: string; ue: string; ts?: string };
/** Spec: the answer's 'response' field is used, an empty object when absent. */
export type ResetLinkDetails = Partial<NonNullable<Schemas['ValidateResetResponse']['response']>>;
export type ResetPasswordParams = Schemas['ResetPasswordRequest'];
export type ChangePasswordParams = Schemas['ChangePasswordRequest'];

export interface AuthApi {
  login(email: string, password: string): Promise<string>;
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
        body: { email: email.trim(), password },
      });
      return unwrap(result).jwt;
    },
    async forgotPassword(email) {
      return unwrap(await api().POST('/auth/forget-pwd', { body: { email: email.trim() } }));
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

export const { login, forgotPassword, validateResetLink, resetPassword, changePassword, renewToken } = authApi;
