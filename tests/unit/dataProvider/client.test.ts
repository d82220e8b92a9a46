import { delay } from 'msw';
import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../src/config/runtimeConfig';
import {
  APP_HEADER,
  IDEMPOTENT_CALLS,
  RESEND_DELAYS_MS,
  apiErrorCode,
  credentialsFor,
  getApiClient,
  resetApiClient,
  unwrap,
} from '../../../src/dataProvider/client';
import { session } from '../../../src/dataProvider/session';
import { jwtFor, publisher, runtimeConfig, TEST_API_BASE, TEST_AUTH_BASE } from '../../support/builders';
import { apiError, apiUrl, authUrl, http, HttpResponse, recordRequests, setupMsw, testClient } from '../../support/msw';

const server = setupMsw();
afterEach(() => {
  vi.useRealTimers();
});
const requests = recordRequests(server);
const header = APP_HEADER;

const simpleSearch = (client = testClient({ token: 'jwt-1' }), signal?: AbortSignal) =>
  client.GET('/external/publishers/simple-search', { params: { header, query: { searchTerm: 'so' } }, signal });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('credentials per call (spec section 7)', () => {
  it('sends the bearer token and the app header on main-API calls, to the API base', async () => {
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json([publisher()])));
    const { data } = await simpleSearch();
    expect(data).toEqual([publisher()]);
    const [request] = requests;
    expect(request?.url).toBe(`${TEST_API_BASE}/external/publishers/simple-search?searchTerm=so`);
    expect(request?.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(request?.headers.get('x-app')).toBe('PC');
  });

  it('reads the token at call time, and sends none when signed out', async () => {
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json([])));
    let token: string | null = 'first';
    const client = testClient({ getToken: () => token });
    await simpleSearch(client);
    token = null;
    await simpleSearch(client);
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual(['Bearer first', null]);
  });

  it('sends the login call to the auth service with the app header and never the bearer', async () => {
    server.use(http.post(authUrl('/auth/login'), () => HttpResponse.json({ jwt: 'fresh' })));
    const client = testClient({ token: 'old-token' });
    const { data } = await client.POST('/auth/login', {
      params: { header },
      body: { email: 'solo@publisher.example', password: 'x' },
      headers: { Authorization: 'Bearer smuggled' },
    });
    expect(data).toEqual({ jwt: 'fresh' });
    expect(requests[0]?.url).toBe(`${TEST_AUTH_BASE}/auth/login`);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(requests[0]?.headers.get('x-app')).toBe('PC');
  });

  it('sends the bearer with the password change, which acts for the signed-in user', async () => {
    server.use(
      http.post(authUrl('/auth/change-pwd'), () => HttpResponse.json({ code: 'PASSWORD_CHANGED', message: 'ok', jwt: 'new' })),
    );
    await testClient({ token: 'jwt-2' }).POST('/auth/change-pwd', {
      params: { header },
      body: { email: 'solo@publisher.example', password: 'Old#2026pass', newPassword: 'New#2026pass' },
    });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer jwt-2');
    expect(requests[0]?.headers.get('x-app')).toBe('PC');
  });

  it('keeps the public reset calls free of credentials', async () => {
    server.use(
      http.post(authUrl('/auth/forget-pwd'), () => HttpResponse.json({ code: 'TEMP_PASSWORD_SENT', message: 'sent' })),
    );
    await testClient({ token: 'jwt-3' }).POST('/auth/forget-pwd', { body: { email: 'solo@publisher.example' } });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(requests[0]?.headers.get('x-app')).toBeNull();
  });

  it.each([
    ['/external/zones/{zoneId}', { bearer: true, appHeader: true }],
    ['/auth/change-pwd', { bearer: true, appHeader: true }],
    ['/auth/renew', { bearer: true, appHeader: true }],
    ['/auth/login', { bearer: false, appHeader: true }],
    ['/auth/validate', { bearer: false, appHeader: false }],
    ['/auth/reset-pwd', { bearer: false, appHeader: false }],
    ['/config.json', { bearer: false, appHeader: false }],
  ])('credentialsFor(%s)', (path, expected) => {
    expect(credentialsFor(path)).toEqual(expected);
  });
});

describe('errors (spec section 7)', () => {
  it('keeps the status and the JSON error body of a non-2xx answer', async () => {
    server.use(http.get(apiUrl('/external/zones/:zoneId'), () => apiError(404, 'NOT_FOUND', 'Zone 9 was not found')));
    const client = testClient({ token: 't' });
    const error = await caught(
      client.GET('/external/zones/{zoneId}', { params: { header, path: { zoneId: 9 } } }).then(unwrap),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Zone 9 was not found', status: 404, body: { code: 'NOT_FOUND' } });
    expect(apiErrorCode(error)).toBe('NOT_FOUND');
  });

  it('uses the status text when the error body is not the contract JSON', async () => {
    server.use(
      http.get(apiUrl('/external/publishers/simple-search'), () =>
        new HttpResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = await caught(simpleSearch().then(unwrap));
    expect(error).toMatchObject({ message: 'Bad Gateway', status: 502, body: '<html>Bad gateway</html>' });
    expect(apiErrorCode(error)).toBeUndefined();
  });

  it('names an error without body or status text by its status', async () => {
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => new Response(null, { status: 500 })));
    expect(await caught(simpleSearch().then(unwrap))).toMatchObject({ message: 'HTTP 500', status: 500, body: null });
  });

  it('turns a network failure into FETCH_ERROR', async () => {
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.error()));
    const error = await caught(simpleSearch());
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'FETCH_ERROR', status: 0, body: { code: 'FETCH_ERROR' } });
    expect(apiErrorCode(error)).toBe('FETCH_ERROR');
  });

  it('turns a server that does not answer in time into TIMEOUT_ERROR', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get(apiUrl('/external/publishers/simple-search'), async () => {
        await delay(2_000);
        return HttpResponse.json([]);
      }),
    );
    const error = caught(simpleSearch(testClient({ token: 't', timeoutMs: 50 })));
    await vi.advanceTimersByTimeAsync(49);
    expect(await Promise.race([error, 'still waiting'])).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await error).toMatchObject({ message: 'TIMEOUT_ERROR', status: 0, body: { code: 'TIMEOUT_ERROR' } });
  });

  it('times out a body that stalls after the headers arrived', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get(apiUrl('/external/publishers/simple-search'), () => {
        const stalled = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('[{"id":'));
          },
        });
        return new HttpResponse(stalled, { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const error = caught(simpleSearch(testClient({ token: 't', timeoutMs: 80 })));
    await vi.advanceTimersByTimeAsync(80);
    expect(apiErrorCode(await error)).toBe('TIMEOUT_ERROR');
  });

  it('turns a 2xx answer with broken JSON into PARSING_ERROR', async () => {
    server.use(
      http.get(apiUrl('/external/publishers/simple-search'), () =>
        new HttpResponse('[{"id": 1,', { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const error = await caught(simpleSearch());
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'PARSING_ERROR', status: 0, body: { code: 'PARSING_ERROR', originalStatus: 200 } });
  });

  it("leaves the caller's own abort an AbortError and cancels the request", async () => {
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    let serverSawAbort: Promise<true> = new Promise(() => undefined);
    server.use(
      http.get(apiUrl('/external/publishers/simple-search'), async ({ request }) => {
        serverSawAbort = new Promise((resolve) => request.signal.addEventListener('abort', () => resolve(true)));
        arrived();
        await new Promise(() => undefined); // never answers
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const pending = simpleSearch(testClient({ token: 't' }), controller.signal);
    await requestArrived;
    controller.abort();
    const error = await caught(pending);
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).name).toBe('AbortError');
    expect(await serverSawAbort).toBe(true);
  });

  it('answers undefined data for 204', async () => {
    server.use(http.delete(apiUrl('/external/zones/:zoneId/services/:serviceId'), () => new HttpResponse(null, { status: 204 })));
    const result = await testClient({ token: 't' }).DELETE('/external/zones/{zoneId}/services/{serviceId}', {
      params: { header, path: { zoneId: 1, serviceId: 5 } },
    });
    expect(unwrap(result)).toBeUndefined();
  });

  it('has no code for errors that are not API errors', () => {
    expect(apiErrorCode(new Error('x'))).toBeUndefined();
    expect(apiErrorCode(null)).toBeUndefined();
    expect(apiErrorCode(new HttpError('x', 400, { code: 42 }))).toBeUndefined();
  });
});

describe('getApiClient', () => {
  afterEach(() => {
    session.clear();
    resetApiClient();
  });

  it('builds the default client from the runtime config and the session token', async () => {
    setRuntimeConfig(runtimeConfig());
    const jwt = jwtFor();
    session.setToken(jwt);
    server.use(http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json([])));
    const client = getApiClient();
    expect(getApiClient()).toBe(client);
    await simpleSearch(client);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${jwt}`);
  });
});

describe('creates sent again safely with an Idempotency-Key (issue 29)', () => {
  const zone = { userId: 1, publisherId: 2, name: 'Z', domains: ['z.example.com'], typeId: 1 as const, services: [] as number[] };
  const createZone = (client = testClient({ token: 't' })) => client.POST('/external/request', { params: { header }, body: zone });
  const keys = () => requests.map((request) => request.headers.get('idempotency-key'));

  it('lists exactly the creating POSTs of the contract, those that declare Idempotency-Key', async () => {
    const { contractDocument } = await import('../../../server/src/http/contract');
    type Operation = { operationId: string; responses: Record<string, unknown>; parameters?: { $ref?: string }[] };
    const contract = contractDocument() as { paths: Record<string, Record<string, Operation>> };
    const posts = Object.entries(contract.paths).flatMap(([path, item]) => (item.post ? [{ path, ...item.post }] : []));
    const declaring = posts.filter((operation) => operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey'));
    const creating = posts.filter((operation) => '201' in operation.responses);
    expect(declaring.map((operation) => operation.operationId).sort()).toEqual(creating.map((operation) => operation.operationId).sort());
    expect([...IDEMPOTENT_CALLS].sort()).toEqual(declaring.map((operation) => operation.path).sort());
  });

  it('sends a fresh key on each create, and none on reads or on POSTs that create nothing', async () => {
    server.use(
      http.post(apiUrl('/external/request'), () => HttpResponse.json({ trackingId: 1 }, { status: 201 })),
      http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.json([])),
    );
    await createZone();
    await createZone();
    await simpleSearch();
    const [first, second, read] = keys();
    expect(first).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
    expect(second).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(second).not.toBe(first);
    expect(read).toBeNull();
  });

  it('sends a create that got no answer again with the same key and body, and answers what the repeat got', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    server.use(http.post(apiUrl('/external/request'), () => (++calls < 3 ? HttpResponse.error() : HttpResponse.json({ trackingId: 7 }, { status: 201 }))));
    const answer = createZone();
    await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0] + RESEND_DELAYS_MS[1]);
    expect((await answer).data).toEqual({ trackingId: 7 });
    expect(new Set(keys()).size).toBe(1);
    expect(requests).toHaveLength(3);
    expect(await Promise.all(requests.map((request) => request.json()))).toEqual([zone, zone, zone]);
  });

  it('gives up after two resends, and waits while the server says the first is still running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.post(apiUrl('/external/request'), () => HttpResponse.error()));
    const failed = caught(createZone());
    await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0] + RESEND_DELAYS_MS[1]);
    expect(apiErrorCode(await failed)).toBe('FETCH_ERROR');
    expect(requests).toHaveLength(3);

    requests.length = 0;
    let calls = 0;
    server.use(
      http.post(apiUrl('/external/request'), () =>
        ++calls === 1 ? apiError(409, 'IDEMPOTENCY_KEY_IN_USE') : HttpResponse.json({ trackingId: 8 }, { status: 201 }),
      ),
    );
    const answer = createZone();
    await vi.advanceTimersByTimeAsync(RESEND_DELAYS_MS[0]);
    expect((await answer).data).toEqual({ trackingId: 8 });
    expect(new Set(keys()).size).toBe(1);
  });

  it('never sends again a create the server answered, nor any other call that got no answer', async () => {
    server.use(
      http.post(apiUrl('/external/request'), () => apiError(400, 'VALIDATION_FAILED')),
      http.get(apiUrl('/external/publishers/simple-search'), () => HttpResponse.error()),
    );
    expect((await createZone()).response.status).toBe(400);
    await caught(simpleSearch());
    expect(requests).toHaveLength(2);
  });
});
