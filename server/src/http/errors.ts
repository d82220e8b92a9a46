// Every error leaves the server as JSON {code, message, details} (openapi Error schema): no stack traces, no SQL.
import type { components } from '../../../openapi/portal';
import { MAX_ERROR_DETAILS, MAX_ERROR_TEXT_LENGTH } from '../../../src/lib/limits';

export type ErrorCode = components['schemas']['Error']['code'];
export type ErrorDetail = NonNullable<components['schemas']['Error']['details']>[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** Within the contract's bounds of Error: the first MAX_ERROR_DETAILS details, texts cut at MAX_ERROR_TEXT_LENGTH. */
  toBody(): components['schemas']['Error'] {
    const message = this.message.slice(0, MAX_ERROR_TEXT_LENGTH);
    if (!this.details?.length) return { code: this.code, message };
    const details = this.details.slice(0, MAX_ERROR_DETAILS).map((detail) => ({
      ...detail,
      field: detail.field.slice(0, MAX_ERROR_TEXT_LENGTH),
      message: detail.message.slice(0, MAX_ERROR_TEXT_LENGTH),
    }));
    return { code: this.code, message, details };
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new ApiError(400, 'VALIDATION_FAILED', message, details);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Not allowed') => new ApiError(403, 'FORBIDDEN', message);
/** Also the answer for another publisher's object: indistinguishable from a missing one. */
export const notFound = (message = 'Not found') => new ApiError(404, 'NOT_FOUND', message);
/** Wrong e-mail or password: one answer for both, so accounts cannot be discovered. */
export const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
export const accountLocked = () => new ApiError(403, 'ACCOUNT_LOCKED', 'Your account is locked');
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.', undefined, { 'retry-after': String(retryAfterSeconds) });
export const uriTooLong = () => new ApiError(414, 'URI_TOO_LONG', 'The address is too long');
/** Whatever went wrong stays in the log: the caller learns nothing about the server's insides. */
export const internalError = () => new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later.');
export const conflict = (code: ErrorCode, message: string, details?: ErrorDetail[]) => new ApiError(409, code, message, details);
/** The caller's role in the publisher's team does not allow the operation (src/lib/roles.ts). */
export const roleNotAllowed = () => new ApiError(403, 'ROLE_NOT_ALLOWED', 'Your role in this team does not allow this');
/** The publisher requires two-factor sign-in of its members and the caller has not turned it on. */
export const twoFactorRequired = (status: 403 | 409 = 403) =>
  new ApiError(status, 'TWO_FACTOR_REQUIRED', 'Two-factor sign-in is required: turn it on in your account settings');
/** A wrong, used or replayed second-factor code: 401 in the sign-in's second step, 400 for a signed-in caller. */
export const invalidCode = (status: 400 | 401) => new ApiError(status, 'INVALID_CODE', 'The code is not valid');
export const challengeExpired = () => new ApiError(401, 'CHALLENGE_EXPIRED', 'This sign-in has expired. Please sign in again.');
/** An API key refused before anything else (issue 29): each reason its own code, so a script's owner sees why. */
export const apiKeyRefused = (code: 'API_KEY_EXPIRED' | 'API_KEY_REVOKED' | 'API_KEY_ADDRESS_NOT_ALLOWED') =>
  new ApiError(
    401,
    code,
    code === 'API_KEY_EXPIRED'
      ? 'This API key has expired'
      : code === 'API_KEY_REVOKED'
        ? 'This API key has been revoked'
        : 'This API key may not be used from this address',
  );
/** An API key whose scopes do not list the operation (src/lib/apiKeyScopes.ts). */
export const scopeNotAllowed = () => new ApiError(403, 'SCOPE_NOT_ALLOWED', "This API key's scopes do not allow this");
/** An API key over its requests per minute. */
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'RATE_LIMITED', 'Too many requests with this API key. Please try again later.', undefined, { 'retry-after': String(retryAfterSeconds) });
