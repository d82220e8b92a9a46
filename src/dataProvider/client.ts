/**
 * The one HTTP client of the console: openapi-fetch typed by the contract's generated `paths`.
 *
 * Base URLs: every call goes through one openapi-fetch client; a thin wrapper picks the base URL per call from
 * the path, config.authBaseUrl for /auth/..., config.apiBaseUrl for everything else (both '' against the reference
 * server). One client means one middleware stack, one timeout and one error mapping for both backends.
 * '' resolves to the page's origin so the same code runs in the browser, in the component tests' DOM and in Node.
 *
 * Headers (spec section 7): /external/... calls carry `Authorization: Bearer <jwt>` and `X-App: PC`;
 * /auth/login and its second step carry X-App only, /auth/change-pwd and /auth/renew both (they act for the signed-in user); the other /auth calls
 * are public and never carry the token. The contract also declares X-App as a required parameter, so typed calls
 * pass APP_HEADER themselves; the middleware guarantees it either way.
 *
 * Errors (spec section 7), all as ra-core HttpError(message, status, body):
 * - status outside 200-299: unwrap() throws with the JSON error body kept (message = body.message or status text)
 * - network failure:        'FETCH_ERROR',   status 0, body { code: 'FETCH_ERROR' }
 * - no answer in timeoutMs: 'TIMEOUT_ERROR', status 0, body { code: 'TIMEOUT_ERROR' }
 * - 2xx with broken JSON:   'PARSING_ERROR', status 0, body { code: 'PARSING_ERROR', originalStatus }
 * A caller's own abort (react-query cancelling a query) stays the AbortError it is.
 *
 * Creates sent again safely (issue 29): every creating POST of the contract (IDEMPOTENT_CALLS, the operations that
 * declare Idempotency-Key) carries a fresh key, and is sent again with the SAME key when it got no answer at all
 * (FETCH_ERROR) or the server says the first is still running (409 IDEMPOTENCY_KEY_IN_USE), twice at most, 0.5 s
 * and 1.5 s later: the server answers a repeat with the first answer, so a create whose answer was lost on the way
 * is not made twice, and 'the server cannot be reached' becomes a retry. No other call is sent again here.
 *
 * Loaded by the public pages: only HttpError comes from ra-core (tree-shaken), no react-admin.
 */
import { HttpError } from 'ra-core';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { getRuntimeConfig, type RuntimeConfig } from '../config/runtimeConfig';
import type { paths } from '../../openapi/portal';
import { session } from './session';

export type ApiClient = Client<paths>;

export const APP_HEADER = { 'X-App': 'PC' } as const;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const TRANSPORT_ERROR_CODES = ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'] as const;
export type TransportErrorCode = (typeof TRANSPORT_ERROR_CODES)[number];

export interface ApiClientOptions {
  config: Pick<RuntimeConfig, 'authBaseUrl' | 'apiBaseUrl'>;
  getToken: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The sign-in calls: the app header, never the token. */
const APP_HEADER_AUTH_PATHS = new Set(['/auth/login', '/auth/login/second-factor', '/auth/login/two-factor-setup/confirm']);

/** Which credentials a call carries, by its contract path. */
export function credentialsFor(schemaPath: string): { bearer: boolean; appHeader: boolean } {
  if (schemaPath.startsWith('/external/') || schemaPath === '/auth/change-pwd' || schemaPath === '/auth/renew') return { bearer: true, appHeader: true };
  if (APP_HEADER_AUTH_PATHS.has(schemaPath)) return { bearer: false, appHeader: true };
  return { bearer: false, appHeader: false };
}

/** The creating POSTs of the contract: they declare Idempotency-Key (tests/unit/dataProvider/client.test.ts checks). */
export const IDEMPOTENT_CALLS: ReadonlySet<string> = new Set([
  '/external/request',
  '/external/zones/{zoneId}/asset-url-filter-patterns/bulk',
  '/external/{entity}/{entityId}/restrictions/bulk',
  '/external/{entity}/{entityId}/restrictions/import',
  '/external/publishers/{publisherId}/invitations',
  '/external/publishers/{publisherId}/history/{entryId}/undo',
  '/external/publishers/{publisherId}/api-keys',
  '/external/publishers/{publisherId}/creatives/{creativeId}/reports',
]);

/** Waits before each resend of a create that got no answer (the first, then the second). */
export const RESEND_DELAYS_MS = [500, 1500] as const;

/** A version 4 UUID from getRandomValues (crypto.randomUUID needs a secure context, which a console on http://host is not). */
function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh Idempotency-Key on each creating POST, as the IETF draft writes it (a structured-field string). */
const idempotencyMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (request.method === 'POST' && IDEMPOTENT_CALLS.has(schemaPath) && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', `"${uuid()}"`);
    }
    return request;
  },
};

function credentialsMiddleware(getToken: () => string | null): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const { bearer, appHeader } = credentialsFor(schemaPath);
      const jwt = bearer ? getToken() : null;
      if (jwt) request.headers.set('Authorization', `Bearer ${jwt}`);
      else request.headers.delete('Authorization');
      if (appHeader) request.headers.set('X-App', APP_HEADER['X-App']);
      return request;
    },
  };
}

const transportError = (code: TransportErrorCode, extra: Record<string, unknown> = {}) =>
  new HttpError(code, 0, { code, ...extra });

/** A 2xx answer that should be JSON but is not becomes PARSING_ERROR instead of a bare SyntaxError. */
const jsonMiddleware: Middleware = {
  async onResponse({ response, options }) {
    if (!response.ok || options.parseAs !== 'json' || response.body === null) return undefined;
    const text = await response.text();
    if (text.trim() !== '') {
      try {
        JSON.parse(text);
      } catch {
        throw transportError('PARSING_ERROR', { originalStatus: response.status });
      }
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  },
};

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The whole body, or the signal's reason as soon as it aborts (not every fetch ties the body to the signal). */
function readBody(response: Response, signal: AbortSignal): Promise<ArrayBuffer> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    response
      .arrayBuffer()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * fetch with the deadline: the timeout covers the whole answer, body included, so a stalled body times out too,
 * and every transport failure is mapped here in one place.
 */
function fetchWithDeadline(baseFetch: () => typeof fetch, timeoutMs: number) {
  return async (request: Request): Promise<Response> => {
    const callerSignal = request.signal;
    // A timer of our own rather than AbortSignal.timeout: cleared as soon as the answer is read, and a test's fake
    // clock moves it (AbortSignal.timeout runs on the runtime's own timers).
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      const signal = AbortSignal.any([callerSignal, deadline.signal]);
      const response = await baseFetch()(new Request(request, { signal }));
      const body = NULL_BODY_STATUSES.has(response.status) ? null : await readBody(response, signal);
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      if (callerSignal.aborted) throw error;
      if (deadline.signal.aborted) throw transportError('TIMEOUT_ERROR');
      throw transportError('FETCH_ERROR');
    } finally {
      clearTimeout(timer);
    }
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

async function stillRunning(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body: unknown = await response.clone().json().catch(() => null);
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'IDEMPOTENCY_KEY_IN_USE';
}

/** Sends a request carrying an Idempotency-Key again with that key, as the header comment says; others once. */
function resendingCreates(send: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    if (!request.headers.has('Idempotency-Key')) return send(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= RESEND_DELAYS_MS.length;
      try {
        const response = await send(last ? request : request.clone());
        if (last || !(await stillRunning(response))) return response;
      } catch (error) {
        if (last || apiErrorCode(error) !== 'FETCH_ERROR') throw error;
      }
      await wait(RESEND_DELAYS_MS[attempt]!, request.signal);
    }
  };
}

function absoluteBase(baseUrl: string): string {
  if (baseUrl !== '') return baseUrl.replace(/\/+$/, '');
  return typeof globalThis.location === 'undefined' ? '' : globalThis.location.origin;
}

type LooseCall = (url: string, init?: Record<string, unknown>) => Promise<unknown>;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/** Sends /auth/... to the auth service; openapi-fetch's per-call baseUrl does the rest. */
function routeByPath(inner: ApiClient, authBaseUrl: string): ApiClient {
  const loose = inner as unknown as Record<(typeof METHODS)[number], LooseCall> & {
    request: (method: string, url: string, init?: Record<string, unknown>) => Promise<unknown>;
  };
  const withBase = (url: string, init?: Record<string, unknown>) =>
    url.startsWith('/auth/') ? { baseUrl: authBaseUrl, ...init } : init;
  const routed: Record<string, unknown> = {
    use: inner.use,
    eject: inner.eject,
    request: (method: string, url: string, init?: Record<string, unknown>) =>
      loose.request(method, url, withBase(url, init)),
  };
  for (const method of METHODS) {
    routed[method] = (url: string, init?: Record<string, unknown>) => loose[method](url, withBase(url, init));
  }
  return routed as unknown as ApiClient;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseFetch = () => options.fetch ?? globalThis.fetch;
  const client = createClient<paths>({
    baseUrl: absoluteBase(options.config.apiBaseUrl),
    fetch: resendingCreates(fetchWithDeadline(baseFetch, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)),
  });
  client.use(credentialsMiddleware(options.getToken), idempotencyMiddleware, jsonMiddleware);
  return routeByPath(client, absoluteBase(options.config.authBaseUrl));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The HttpError for a non-2xx answer; the body is kept as the server sent it. */
export function httpErrorFromResponse(response: Response, body: unknown): HttpError {
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message !== ''
      ? body.message
      : response.statusText || `HTTP ${response.status}`;
  return new HttpError(message, response.status, body === undefined || body === '' ? null : body);
}

/** openapi-fetch's { data, error, response } to the data, or a thrown HttpError for a non-2xx answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw httpErrorFromResponse(result.response, result.error);
  return result.data as T;
}

/** The error's code: the server's `code` (INVALID_CREDENTIALS, ...) or FETCH_ERROR/TIMEOUT_ERROR/PARSING_ERROR. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!isRecord(error) || !isRecord(error.body)) return undefined;
  return typeof error.body.code === 'string' ? error.body.code : undefined;
}

/** The i18n key a table gives an API error's code (the refusals a screen names itself), if any. */
export const keyByErrorCode =
  (keys: Partial<Record<string, string>>) =>
  (error: unknown): string | undefined => {
    const code = apiErrorCode(error);
    return code !== undefined && Object.hasOwn(keys, code) ? keys[code] : undefined;
  };

/** A call that got no answer at all (the network, or the server down): 'try again later' would not say why (issue 21). */
export const UNREACHABLE_KEY = 'errorMessages.unreachable';

/** The error of a call that never got an answer (FETCH_ERROR, TIMEOUT_ERROR above), as opposed to an HTTP error. */
export function isUnanswered(error: unknown): boolean {
  const code = apiErrorCode(error);
  return code === 'FETCH_ERROR' || code === 'TIMEOUT_ERROR';
}

/** The `details` of an API error answer (contract Error), when it has any. */
export function apiErrorDetails(error: unknown): { field: string; message: string; value?: unknown }[] | undefined {
  if (!isRecord(error) || !isRecord(error.body) || !Array.isArray(error.body.details)) return undefined;
  return error.body.details.filter((detail): detail is { field: string; message: string; value?: unknown } => isRecord(detail) && typeof detail.field === 'string');
}

let defaultClient: ApiClient | null = null;

/** The console's client, built on first use from the runtime config and the session's token. */
export function getApiClient(): ApiClient {
  defaultClient ??= createApiClient({ config: getRuntimeConfig(), getToken: () => session.get().jwt });
  return defaultClient;
}

/** Forget the default client (tests, or after setRuntimeConfig with a new configuration). */
export function resetApiClient(): void {
  defaultClient = null;
}
