// An instance behind a load balancer (server/src/lifecycle.ts): readiness (/readyz) as the proxy's health check,
// what a draining and a closing instance answer, requests while the database cannot be reached, and the one warning
// about forwarded headers from a peer TRUST_PROXY does not name. The same on PGlite and PostgreSQL; a real
// PostgreSQL going away and coming back is tests/server/databaseRestart.test.ts, SIGTERM of a real process
// tests/server/severalInstances.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/src/db/db';
import { cloneDatabase, createTestApp, type TestApp } from '../support/serverHarness';

const errorShape = (res: LightMyRequestResponse) => {
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(res.body).not.toMatch(/at .+\.ts|stack|ECONNREFUSED|SELECT/);
  return body as { code: string; message: string };
};

let db: Db;
beforeAll(async () => {
  db = await cloneDatabase();
});
afterAll(() => db?.close());

describe('readiness and shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { db });
  });
  afterAll(() => t?.close());

  it('is ready while it serves and reaches its database', async () => {
    const res = await t.call({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stops being ready when told to drain, yet still serves, ending each connection after its answer', async () => {
    t.app.services.lifecycle.drain();
    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(errorShape(ready)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'This server is shutting down. Please try again.' });

    const zones = await t.call({ method: 'GET', url: '/external/zones/1001', as: 'multi' });
    expect(zones.statusCode).toBe(200);
    expect(zones.headers.connection).toBe('close');
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses what still arrives once closing, in the Error shape, so that the proxy sends it elsewhere', async () => {
    t.app.services.lifecycle.close();
    for (const request of [
      { method: 'GET' as const, url: '/external/zones/1001', as: 'multi' as const },
      { method: 'POST' as const, url: '/auth/login', payload: { email: 'solo@publisher.example', password: 'x' } },
      { method: 'GET' as const, url: '/readyz' },
    ]) {
      const res = await t.call(request);
      expect(res.statusCode, request.url).toBe(503);
      expect(errorShape(res).code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers).toMatchObject({ connection: 'close', 'retry-after': '1', 'cache-control': 'no-store' });
    }
  });
});

describe('while the database cannot be reached', () => {
  /** The clone, with a switch that makes every statement fail as a refused connection does. */
  let down = false;
  const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111 }));
  let t: TestApp;
  beforeAll(async () => {
    const failing: Db = {
      kind: db.kind,
      query: (sql, params) => (down ? refused() : db.query(sql, params)),
      one: (sql, params) => (down ? refused() : db.one(sql, params)),
      exec: (sql) => (down ? refused() : db.exec(sql)),
      prepared: (sql, params) => (down ? refused() : db.prepared(sql, params)),
      transaction: (fn) => (down ? refused() : db.transaction(fn)),
      close: () => Promise.resolve(),
    };
    t = await createTestApp({}, { db: failing });
  });
  afterAll(() => t?.close());

  it('answers 503 in the Error shape, reads and writes alike, and readiness says not ready; all is back when the database is', async () => {
    const headers = { authorization: `Bearer ${await t.token('multi')}` };
    down = true;
    try {
      const calls = [
        { method: 'GET' as const, url: '/external/zones/1001', headers },
        { method: 'PUT' as const, url: '/external/zones/1001', headers, payload: { name: 'Never', typeId: 1, enabled: true } },
        { method: 'POST' as const, url: '/auth/login', payload: { email: 'solo@publisher.example', password: 'Demo#2026pass' } },
      ];
      for (const call of calls) {
        const res = await t.call(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(503);
        expect(errorShape(res)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' });
        expect(res.headers['retry-after']).toBe('5');
      }
      const ready = await t.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(errorShape(ready)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable' });
    } finally {
      down = false;
    }
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/external/zones/1001', as: 'multi' })).statusCode).toBe(200);
  });
});

describe('forwarded headers from a peer the server does not trust', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };
  const capture = () => {
    const lines: { level: number; msg: string; peer?: string; headers?: string[] }[] = [];
    return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
  };
  const warnings = (log: ReturnType<typeof capture>) => log.lines.filter((line) => line.level === 40 && /forwarded headers/.test(line.msg));

  it('are warned about once, naming the peer and the headers but none of their values', async () => {
    const log = capture();
    const t = await createTestApp({ LOG_LEVEL: 'warn' }, { db, logStream: log.stream });
    try {
      for (let i = 0; i < 3; i++) expect((await t.call({ method: 'GET', url: '/config.json', headers: forwarded })).statusCode).toBe(200);
      const [warning, ...more] = warnings(log);
      expect(more).toEqual([]);
      expect(warning).toMatchObject({ peer: '127.0.0.1', headers: ['x-forwarded-for', 'x-forwarded-proto'] });
      expect(warning?.msg).toMatch(/TRUST_PROXY/);
      expect(JSON.stringify(log.lines)).not.toContain('203.0.113.7');
    } finally {
      await t.close();
    }
  });

  it('say nothing when they come from the proxy TRUST_PROXY names, or when there are none', async () => {
    const log = capture();
    const trusting = await createTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }, { db, logStream: log.stream });
    const direct = await createTestApp({ LOG_LEVEL: 'warn' }, { db, logStream: log.stream });
    try {
      expect((await trusting.call({ method: 'GET', url: '/config.json', headers: forwarded })).statusCode).toBe(200);
      expect((await direct.call({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
      expect(warnings(log)).toEqual([]);
    } finally {
      await trusting.close();
      await direct.close();
    }
  });
});
