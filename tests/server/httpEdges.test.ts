// Answers at the edges of HTTP, before or around the handlers: malformed addresses, over-long path parameters
// and caching. Every error leaves in the contract's Error shape, and nothing personal stays in a cache.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { loadContract } from '../../server/src/http/contract';
import { DEMO } from '../../server/src/db/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ERROR_KEYS = ['code', 'details', 'message'];

describe('malformed addresses', () => {
  it.each(['/external/zones/%E0%A4%A', '/external/publishers/%ZZ', '/external/zones/1/slots/%'])(
    'answers %s with 400 in the Error shape, without echoing the address',
    async (url) => {
      const res = await t.call({ method: 'GET', url, as: 'solo' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(Object.keys(body).every((key) => ERROR_KEYS.includes(key))).toBe(true);
      expect(res.body).not.toContain('FST_');
      expect(res.body).not.toContain(url.split('/').pop());
      expectApiHeaders(res.headers);
    },
  );

  it('answers a path parameter longer than the router takes with 414 in the Error shape', async () => {
    const res = await t.call({ method: 'GET', url: `/external/zones/${'1'.repeat(120)}`, as: 'solo' });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'URI_TOO_LONG', message: expect.any(String) });
    expect(res.body).not.toContain('1'.repeat(120));
    expectApiHeaders(res.headers);
  });
});

/** The router answers these before any hook runs: they must still carry what every API answer carries. */
function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers).toMatchObject({
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  });
}

describe('methods a path does not have (405, RFC 9110 15.5.6)', () => {
  const { document, operations } = loadContract();
  /** The contract's methods of each path, and HEAD wherever GET is (the router answers it). */
  const pathMethods = new Map<string, string[]>();
  for (const operation of operations) pathMethods.set(operation.path, [...(pathMethods.get(operation.path) ?? []), operation.method]);
  const allowOf = (methods: string[]) =>
    ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => methods.includes(m) || (m === 'HEAD' && methods.includes('GET'))).join(', ');
  const concrete = (path: string) => path.replace(/\{entity\}/, 'zone').replace(/\{\w+\}/g, '1001');

  it.each([
    ['TRACE', '/healthz', 'GET, HEAD', {}],
    ['QUERY', '/healthz', 'GET, HEAD', {}],
    ['PATCH', `/external/zones/${DEMO.zones.atlas}`, 'GET, HEAD, PUT', {}],
    ['DELETE', '/auth/login', 'POST', {}],
    ['PROPFIND', '/external/slot-sizes', 'GET, HEAD', {}],
    ['OPTIONS', '/healthz', 'GET, HEAD', {}],
    ['OPTIONS', '/healthz', 'GET, HEAD', { origin: 'http://console.test' }],
  ] as const)('answers %s %s with 405, Allow: %s, in the Error shape, signed in or not', async (method, url, allow, headers) => {
    for (const as of [null, 'multi'] as const) {
      const res = await t.call({ method: method as 'GET', url, as, headers });
      expect(res.statusCode, res.body).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: expect.any(String) });
      expectApiHeaders(res.headers);
    }
  });

  it('answers a HEAD where there is no GET with 405 and no body', async () => {
    const res = await t.call({ method: 'HEAD', url: '/auth/login' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toBe('');
  });

  it('answers a body it has not read: a QUERY or TRACE with a body that is not JSON, or too large', async () => {
    const xml = await t.call({ method: 'QUERY' as 'GET', url: '/healthz', payload: '<q/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(405);
    const large = await t.call({ method: 'POST', url: '/healthz', payload: { filler: 'x'.repeat(300_000) } });
    expect(large.statusCode).toBe(405);
  });

  it('keeps 404 for a path the server does not have, whatever the method', async () => {
    for (const method of ['TRACE', 'PATCH', 'OPTIONS', 'GET']) {
      const res = await t.call({ method: method as 'GET', url: '/external/nothing-here', as: 'multi' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('still answers a CORS preflight from a console origin', async () => {
    const res = await t.call({ method: 'OPTIONS', url: '/external/slot-sizes', headers: { origin: 'http://console.test', 'access-control-request-method': 'GET' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://console.test');
  });

  it('lets a console on another origin send every method the contract has (a zone rename is a PUT)', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await t.call({ method: 'OPTIONS', url: '/external/zones/1', headers: { origin: 'http://console.test', 'access-control-request-method': method } });
      expect(res.statusCode, method).toBe(204);
      expect(String(res.headers['access-control-allow-methods']).split(',').map((m) => m.trim()), method).toContain(method);
    }
  });

  it('answers every path of the contract with 405 and its methods for each method it lacks, as its operations declare', async () => {
    expect(Object.keys(document.paths as object).sort()).toEqual([...pathMethods.keys()].sort());
    for (const [path, methods] of pathMethods) {
      for (const missing of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => !methods.includes(method))) {
        const res = await t.call({ method: missing as 'PATCH', url: concrete(path), as: 'multi' });
        expect(res.statusCode, `${missing} ${path}`).toBe(405);
        expect(res.headers.allow, path).toBe(allowOf(methods));
        for (const operation of operations.filter((o) => o.path === path)) expect(operation.validateResponse(405, res.json()), operation.operationId).toBeNull();
      }
    }
  });

  it("answers a path of fixed text with its own methods, though the router takes another method there to a parameter's route", async () => {
    // PUT /external/zones/{zoneId} and GET /external/zones/{zoneId}/services exist: "embed-codes" and "bulk" are no zone ids.
    const put = await t.call({ method: 'PUT', url: '/external/zones/embed-codes', as: 'multi', payload: {} });
    expect([put.statusCode, put.headers.allow]).toEqual([405, 'GET, HEAD']);
    const get = await t.call({ method: 'GET', url: '/external/zones/bulk/services', as: 'multi' });
    expect([get.statusCode, get.headers.allow]).toEqual([405, 'PUT']);
    // A zone's own address still reaches its operations.
    expect((await t.call({ method: 'GET', url: `/external/zones/${DEMO.zones.atlas}/services`, as: 'multi' })).statusCode).toBe(200);
  });
});

describe('caching', () => {
  it.each([
    ['the payment ledger', `/external/publishers/${DEMO.publishers.soloMedia}/payment-ledger`, 200],
    ['a zone', `/external/zones/${DEMO.zones.solo}`, 200],
    ['a missing zone', '/external/zones/999999', 404],
    ['a request breaking the contract', '/external/zones/0', 400],
  ])('forbids storing %s (ASVS V8)', async (_what, url, status) => {
    const res = await t.call({ method: 'GET', url, as: 'solo' });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('forbids storing answers that carry secrets or refuse a caller: sign-in, an unknown address, no token', async () => {
    const login = await t.call({ method: 'POST', url: '/auth/login', payload: { email: 'solo@publisher.example', password: 'Wrong#2026pass' } });
    const unknown = await t.call({ method: 'GET', url: '/external/nothing-here', as: 'solo' });
    const anonymous = await t.call({ method: 'GET', url: '/external/slot-sizes' });
    for (const res of [login, unknown, anonymous]) expect(res.headers['cache-control']).toBe('no-store');
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the console configuration revalidated rather than unstored (it is public and read on every load)', async () => {
    expect((await t.call({ method: 'GET', url: '/config.json' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('statuses the server answers for every operation of a kind are in the contract', () => {
  const operations = new Map(loadContract().operations.map((operation) => [operation.operationId, operation]));
  const zone = 1001;

  it.each([
    ['listSlotSizes', 400, { method: 'GET', url: '/external/slot-sizes?unknown=1' }],
    ['getHealth', 400, { method: 'GET', url: '/healthz?verbose=1' }],
    ['getConsoleConfig', 400, { method: 'GET', url: '/config.json?v=2' }],
    ['listMailboxMessages', 400, { method: 'GET', url: `/dev/mailbox/messages?to=${'a'.repeat(300)}` }],
    ['listSelfIdentifiers', 400, { method: 'GET', url: '/external/self-identifiers', headers: { 'x-app': 'nope' } }],
    ['login', 415, { method: 'POST', url: '/auth/login', payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ['acceptGdpr', 413, { method: 'PATCH', url: '/external/publishers/2/accept-gdpr', payload: { filler: 'x'.repeat(300_000) } }],
    ['getZone', 414, { method: 'GET', url: `/external/zones/${'9'.repeat(120)}` }],
    ['deleteBlockedUrl', 415, { method: 'DELETE', url: `/external/zones/${zone}/asset-url-filter-patterns/1`, payload: '<x/>', headers: { 'content-type': 'application/xml' } }],
  ] as const)('%s answers %i as declared, in its declared shape', async (operationId, status, request) => {
    const res = await t.call({ ...request, as: 'multi' });
    expect(res.statusCode).toBe(status);
    expect(operations.get(operationId)!.validateResponse(status, res.json())).toBeNull();
  });
});

describe('security headers', () => {
  it('let only the configured console origins read answers across origins (CORS)', async () => {
    const allowed = await t.call({ method: 'GET', url: '/external/slot-sizes', as: 'solo', headers: { origin: 'http://console.test' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://console.test');
    const other = await t.call({ method: 'GET', url: '/external/slot-sizes', as: 'solo', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('send nosniff, a strict referrer policy and a CSP on API answers, and HSTS only in production mode', async () => {
    const res = await t.call({ method: 'GET', url: '/healthz' });
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.call({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await production.close();
    }
  });
});

describe('a body over BODY_LIMIT_BYTES, over a real socket', () => {
  // Answering 413 and closing the connection while the client was still writing made Node's http.request fail
  // with EPIPE after the answer, and a client that writes the whole request before reading (as many do) got the
  // broken pipe instead of the answer. The server reads (and drops) the rest of the body before it closes.
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  interface Outcome {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
    error?: string;
  }

  /** Node's http.request writing `bytes` of body (with Content-Length, or chunked), until the exchange is over. */
  function post(bytes: number, chunked: boolean): Promise<Outcome> {
    return new Promise((resolve) => {
      const outcome: Outcome = { status: 0, headers: {}, body: '' };
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'x-app': 'PC' };
      if (!chunked) headers['content-length'] = bytes;
      const request = http.request({ host: '127.0.0.1', port, path: '/auth/login', method: 'POST', headers, agent: false }, (res) => {
        Object.assign(outcome, { status: res.statusCode, headers: res.headers });
        res.on('data', (chunk: Buffer) => (outcome.body += chunk.toString('utf8')));
      });
      request.on('error', (error: NodeJS.ErrnoException) => (outcome.error = error.code ?? error.message));
      request.on('close', () => setTimeout(() => resolve(outcome), 20));
      request.end(Buffer.alloc(bytes, 'x'));
    });
  }

  /** A client that writes the whole request first and only then reads: a raw socket. */
  function writeThenRead(bytes: number): Promise<{ answer: string; error?: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let error: string | undefined;
      socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
      socket.on('close', () => resolve({ answer, error }));
      socket.pause();
      const head = `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nX-App: PC\r\nContent-Length: ${bytes}\r\n\r\n`;
      socket.write(head);
      socket.write(Buffer.alloc(bytes, 'x'), () => {
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
        socket.resume();
      });
    });
  }

  it.each([
    [4, false],
    [8, false],
    [8, true],
  ])('answers %i MB (chunked: %s) from http.request with 413 in the Error shape, and no broken pipe', async (megabytes, chunked) => {
    const res = await post(megabytes * 1024 * 1024, chunked);
    expect(res.error).toBeUndefined();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect(res.headers.connection).toBe('close');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 413 to a client that writes all 8 MB before it reads', async () => {
    const { answer, error } = await writeThenRead(8 * 1024 * 1024);
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });

  it('answers a method HTTP does not know (refused by the parser, before any route) with 400 in the Error shape', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.write('FOO /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(JSON.parse(body!)).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('still answers the next request on a new connection', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});
