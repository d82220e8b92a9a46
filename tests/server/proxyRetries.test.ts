// What deploy/haproxy.cfg sends to an instance again (issue 24, and the risk its first version left): a read whose
// answer failed is retried, a write only when it never reached an instance, or when it carries an Idempotency-Key
// (issue 29: the instances answer its repeat with the first answer, http/idempotency.ts). A write whose connection broke without
// an answer may have committed just before; replaying it would apply it twice (a second zone, a second entry).
// The real HAProxy on the deployment's configuration, in front of a stand-in instance that breaks the requests it
// is told to: no PostgreSQL needed, only /usr/sbin/haproxy (.ci/run installs it).
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyInstalled, startHaproxy, type RunningProxy } from '../../scripts/cluster/haproxy';

const RUNS = haproxyInstalled();
if (!RUNS) console.log('proxyRetries.test.ts: skipped, /usr/sbin/haproxy is missing (apt-get install haproxy; .ci/run installs it)');

/** How the stand-in instance fails the next request (readiness checks aside): no answer at all, or a 503. */
type Failure = 'empty' | 'unavailable';

describe.runIf(RUNS)('the proxy sends again only what cannot have run twice', () => {
  let dir: string;
  let instance: Server;
  let proxy: RunningProxy;
  let failNext: Failure[] = [];
  let seen: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-proxy-retries-'));
    instance = createServer((request, response) => {
      if (request.url === '/readyz') return void response.end('{"status":"ready"}');
      seen.push(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => {
        const failure = failNext.shift();
        if (failure === 'empty') return void request.socket.destroy();
        if (failure === 'unavailable') {
          response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
          return void response.end('{"code":"SERVICE_UNAVAILABLE","message":"Shutting down"}');
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const { port } = instance.address() as AddressInfo;
    proxy = await startHaproxy({ servers: [{ name: 'api1', port }], dir, checkInterval: '200ms' });
    await proxy.waitFor('api1', 'UP');
  });
  afterAll(async () => {
    await proxy?.stop();
    await new Promise((resolve) => instance?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** One request through the proxy on a connection of its own (the proxy closes after its own error answers). */
  const send = (method: string, failure: Failure, extraHeaders: Record<string, string> = {}) => {
    failNext = [failure];
    seen = [];
    const body = method === 'GET' ? '' : '{"name":"Sent once"}';
    return new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: proxy.port, path: '/external/zones/1', method, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...extraHeaders } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as unknown }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };

  it.each(['empty', 'unavailable'] as const)('retries a read whose answer failed (%s) and answers it', async (failure) => {
    const res = await send('GET', failure);
    expect(res.status).toBe(200);
    expect(seen).toEqual(['GET /external/zones/1', 'GET /external/zones/1']);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never sends a %s again once an instance received it and answered nothing', async (method) => {
    const res = await send(method, 'empty');
    expect(res.status).toBe(502);
    // The proxy's own answer in the API's Error shape (deploy/errors), which the console reads like any failure.
    expect((res.json() as { code?: string }).code).toBe('SERVICE_UNAVAILABLE');
    expect(seen).toEqual([`${method} /external/zones/1`]);
  });

  it.each(['empty', 'unavailable'] as const)(
    'sends a create carrying an Idempotency-Key again after its answer failed (%s): the instances replay, never write twice',
    async (failure) => {
      const res = await send('POST', failure, { 'idempotency-key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"' });
      expect(res.status).toBe(200);
      expect(seen).toEqual(['POST /external/zones/1', 'POST /external/zones/1']);
    },
  );

  it('passes a write’s 503 on as it is, sent once', async () => {
    const res = await send('PUT', 'unavailable');
    expect(res.status).toBe(503);
    expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Shutting down' });
    expect(seen).toEqual(['PUT /external/zones/1']);
  });
});
