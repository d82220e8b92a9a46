// The wiring between the contract and the handlers: the server cannot start with a handler missing or
// unknown, and an answer that breaks its schema never leaves the server (the caller gets a plain 500).
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import type { Handlers } from '../../server/src/http/handlers';
import { handlers } from '../../server/src/routes';
import { cloneDatabase, createTestApp, testConfig } from '../support/serverHarness';

// One database for every app of the file (a clone costs about a second): these tests change no data.
const db = cloneDatabase();
afterAll(async () => (await db).close());

describe('handler table', () => {
  it('refuses to start when a contract operation has no handler, naming it', async () => {
    const { getHealth: _omitted, ...withoutHealth } = handlers;
    await expect(buildApp({ config: testConfig(), db: await db, logger: false, handlers: withoutHealth })).rejects.toThrow(
      /Missing: getHealth\./,
    );
  });

  it('refuses to start with a handler for an operation the contract does not have', async () => {
    const extra = { ...handlers, deleteEverything: async () => ({}) } as unknown as Handlers;
    await expect(buildApp({ config: testConfig(), db: await db, logger: false, handlers: extra })).rejects.toThrow(
      /Unknown: deleteEverything\./,
    );
  });
});

describe('answers are checked against the contract', () => {
  it('turns an answer that breaks its schema into a plain 500 without its content', async () => {
    const broken: Handlers = { ...handlers, getHealth: async () => ({ status: 'ok', database: 'mysql' }) as never };
    const t = await createTestApp({}, { handlers: broken, db: await db });
    try {
      const res = await t.call({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again later.' });
      expect(res.body).not.toContain('mysql');
    } finally {
      await t.close();
    }
  });

  it('answers health and the console configuration in their contract shapes', async () => {
    const t = await createTestApp({ PORTAL_MAINTENANCE: 'true', PORTAL_FORCE_ENVIRONMENT: 'production' }, { db: await db });
    try {
      const health = await t.call({ method: 'GET', url: '/healthz' });
      expect(health.json()).toEqual({ status: 'ok', database: t.db.kind });
      const config = await t.call({ method: 'GET', url: '/config.json' });
      expect(config.statusCode).toBe(200);
      expect(config.headers['cache-control']).toBe('no-cache');
      expect(config.json()).toMatchObject({ maintenance: true, forceEnvironment: 'production' });
    } finally {
      await t.close();
    }
  });
});
