// The contract fuzzer (tests/fuzz) as part of the server suite: a bounded run from a fixed seed against a fresh
// server, signed in as an external user. Any 5xx, undeclared status, answer off its schema or answer without
// Cache-Control fails the run; the failing requests are printed whole, with the server's error log, to replay.
// A longer run: npm run fuzz -- --requests 50000 (README, "Security").
//
// The app is built here rather than by createTestApp: the fuzzer calls every operation, and must not count
// towards the suite's check that the other tests call each operation on purpose (operationCoverage.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import type { Db } from '../../server/src/db/db';
import { DEMO } from '../../server/src/db/seed/demo';
import { loadContract } from '../../server/src/http/contract';
import type { Handlers } from '../../server/src/http/handlers';
import { handlers } from '../../server/src/routes';
import { cloneDatabase, testConfig } from '../support/serverHarness';
import { answerChecker, fuzzContract, fuzzTarget, tokenOf, type FuzzRequest } from '../fuzz/contractFuzzer';

const SEED = 20_261_113;
const REQUESTS = 3000;

async function fuzzedApp(env: NodeJS.ProcessEnv, options: { handlers?: Handlers } = {}) {
  const db = await cloneDatabase();
  const errors: string[] = [];
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'error', ...env }),
    db,
    handlers: options.handlers,
    logStream: { write: (line) => void errors.push(line) },
  });
  await app.ready();
  const target = await fuzzTarget(app, db, DEMO.users.multi, await tokenOf(app, db, DEMO.users.multi));
  return { app, db, errors, target };
}

let server: Awaited<ReturnType<typeof fuzzedApp>>;
const closing: { app: { close(): Promise<unknown> }; db: Db }[] = [];
beforeAll(async () => {
  server = await fuzzedApp({});
  closing.push(server);
});
afterAll(async () => {
  for (const { app, db } of closing) {
    await app.close();
    await db.close();
  }
});

it(`answers ${REQUESTS} generated requests over every operation within the contract`, { timeout: 180_000 }, async () => {
  const report = await fuzzContract(server.target, { seed: SEED, requests: REQUESTS });
  const failures = report.failures.map((failure) => ({ ...failure, log: server.errors.slice(-3) }));
  expect(failures, `${report.failureCount} failing answers (seed ${SEED}); the first ones`).toEqual([]);
  expect([...report.statuses.keys()].sort()).toEqual(loadContract().operations.map((o) => o.operationId).sort());
  expect(report.requests).toBe(REQUESTS);
  // Methods the paths lack were sent (and answered 405 with their Allow, or the run would have failed above).
  expect([...report.statuses.values()].filter((counts) => counts.has(405)).length).toBeGreaterThan(20);
});

it('catches a 5xx, an undeclared status and an answer off its schema (the checks above can fail)', { timeout: 60_000 }, async () => {
  const broken: Handlers = {
    ...handlers,
    listSlotPlacements: async () => {
      throw new Error('boom');
    },
    getHealth: async ({ reply }) => {
      reply.code(202);
      return { status: 'ok', database: 'pglite' };
    },
    listServices: async () => [{ id: 'not a number' }] as never,
  };
  // Without the server's own answer check, so that what reaches the fuzzer is what the handlers answered.
  const b = await fuzzedApp({ VALIDATE_RESPONSES: 'false' }, { handlers: broken });
  closing.push(b);
  const report = await fuzzContract(b.target, { seed: SEED, requests: 450 });
  const problems = [...report.problemCounts.keys()];
  expect(problems).toEqual(
    expect.arrayContaining(['listSlotPlacements: answered 500', 'getHealth: /status status 202 is not in the contract', expect.stringMatching(/^listServices: \/response\//)]),
  );
  // A changed address may reach a broken operation from another one ('listZoneServices: (reached listServices) ...').
  const fromBroken = /^(listSlotPlacements|getHealth|listServices):|^\w+: \(reached (listSlotPlacements|getHealth|listServices)\)/;
  expect(problems.filter((problem) => !fromBroken.test(problem))).toEqual([]);
});

describe('every answer is checked, a changed address\'s too', () => {
  const check = answerChecker();
  const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  const service = { id: 12, name: 'In-Screen', key: 'inScreen', allowedForApps: true };
  const request = (mutation: FuzzRequest['mutation'], url: string): FuzzRequest => ({ operationId: 'listZoneServices', mutation, method: 'GET', url, headers: {} });

  it('against the schema of the operation the address still reaches', () => {
    const answer = { statusCode: 200, headers: json, body: JSON.stringify([{ service }]) };
    expect(check(request('path', '/external/zones/%201/services'), answer)).toContainEqual(expect.stringMatching(/^\/response\/0\//));
  });

  it("against the schema of another operation it reaches ('..' in a parameter)", () => {
    const url = '/external/zones/../services';
    expect(check(request('path', url), { statusCode: 200, headers: json, body: JSON.stringify([service]) })).toEqual([]);
    expect(check(request('path', url), { statusCode: 200, headers: json, body: JSON.stringify([{ service }]) })).toContainEqual(
      "(reached listServices) /response/0/service must NOT have additional properties",
    );
  });

  it('a method the path lacks: 405 with the Allow of its path, nothing else', () => {
    const method = { ...request('method', '/external/zones/1/services'), method: 'TRACE' as FuzzRequest['method'] };
    const refusal = JSON.stringify({ code: 'METHOD_NOT_ALLOWED', message: 'No' });
    expect(check(method, { statusCode: 405, headers: { ...json, allow: 'GET, HEAD' }, body: refusal })).toEqual([]);
    expect(check(method, { statusCode: 405, headers: { ...json, allow: 'GET' }, body: refusal })).toEqual(['Allow: GET to TRACE, not GET, HEAD']);
    expect(check(method, { statusCode: 404, headers: json, body: JSON.stringify({ code: 'NOT_FOUND', message: 'No' }) })).toEqual(['answered 404 to TRACE, not 405']);
    // '/external/zones/../services' is the services' address: GET only, no DELETE.
    const rerouted = { ...request('path', '/external/zones/../services'), method: 'DELETE' as FuzzRequest['method'] };
    expect(check(rerouted, { statusCode: 405, headers: { ...json, allow: 'GET, HEAD' }, body: refusal })).toEqual([]);
    expect(check(rerouted, { statusCode: 405, headers: { ...json, allow: 'GET' }, body: refusal })).toEqual(['Allow: GET for /external/services, not GET, HEAD']);
    // '/external/../3/x' is a console page's address (when the built console is served): GET and HEAD.
    const page = { ...request('path', '/external/../3/x'), method: 'POST' as FuzzRequest['method'] };
    expect(check(page, { statusCode: 405, headers: { ...json, allow: 'GET, HEAD' }, body: refusal })).toEqual([]);
    expect(check({ ...page, url: '/external/zones/1/x' }, { statusCode: 405, headers: { ...json, allow: 'GET, HEAD' }, body: refusal })).toEqual(['405 for an address of no path']);
  });

  it("the router's refusals: in the Error shape, with Cache-Control, and only for an address of no operation", () => {
    const notFound = { statusCode: 404, body: JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }) };
    expect(check(request('route', '/external/zones/1/services/x'), { ...notFound, headers: json })).toEqual([]);
    expect(check(request('route', '/external/zones/1/services/x'), { ...notFound, headers: { 'content-type': json['content-type'] } })).toEqual(['no Cache-Control']);
    expect(check(request('route', '/external/zones/1/services/'), { statusCode: 200, headers: json, body: '[]' })).toEqual([
      'status 200 for an address of no operation',
    ]);
    // '/config.json/..' is the console's '/': its page, not the contract's.
    const page = { statusCode: 200, headers: { 'content-type': 'text/html', 'cache-control': 'no-cache' }, body: '<!doctype html>' };
    expect(check({ ...request('route', '/config.json/..'), operationId: 'getConsoleConfig' }, page)).toEqual([]);
  });
});
