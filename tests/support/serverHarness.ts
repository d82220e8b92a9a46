// A fresh copy of the seeded database and the real app per test file; requests go through HTTP injection,
// so every hook, validator and handler runs exactly as in production.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/src/app';
import { signIn } from '../../server/src/auth/sessions';
import type { Handlers } from '../../server/src/http/handlers';
import { loadConfig, type ServerConfig } from '../../server/src/config';
import { openPglite, openPostgres, type Db } from '../../server/src/db/db';
import { DEMO } from '../../server/src/db/seed/demo';

export type DemoUser = keyof typeof DEMO.users;

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  config: ServerConfig;
  /** A valid token of a demo user, issued without a sign-in. */
  token(user: DemoUser): Promise<string>;
  /** HTTP request with the app header; `as` signs it in as that demo user. */
  call(options: InjectOptions & { as?: DemoUser | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A development mailbox address with the app's key (printed at start by a real server), e.g.
 * mailbox(t, '/dev/mailbox/messages', { to: 'solo@publisher.example' }).
 */
export function mailbox(t: Pick<TestApp, 'config'>, path: '/dev/mailbox' | '/dev/mailbox/messages' = '/dev/mailbox/messages', query: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ key: t.config.devMailboxKey ?? '', ...query })}`;
}

/**
 * Cheap password hashes (the template's demo accounts have them too, serverTemplate.ts), except where a test
 * asks for another NODE_ENV: a production-mode app hashes with the production parameters, which the config
 * would not let it change.
 */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): ServerConfig {
  const env = { NODE_ENV: 'test', SEED: 'none', LOG_LEVEL: 'silent', CONSOLE_ORIGINS: 'http://console.test', ...overrides };
  return loadConfig({ ...(env.NODE_ENV === 'test' ? { UNSAFE_FAST_PASSWORD_HASHING: 'true' } : {}), ...env });
}

/** A fresh copy of the seeded template database (PGlite or PostgreSQL, whichever the run uses). */
export async function cloneDatabase(): Promise<Db> {
  const template = inject('serverTemplate');
  if (template.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([await readFile(template.dumpPath)]) });
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(template.url, { max: 1 });
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  await admin.close();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 4 });
  const close = db.close.bind(db);
  return Object.assign(db, {
    close: async () => {
      await close();
      const cleanup = await openPostgres(template.url, { max: 1 });
      await cleanup.exec(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.close();
    },
  });
}

/**
 * `logStream` receives the server's log lines (give LOG_LEVEL in `env` too); without it nothing is logged. `db`
 * lets several apps of one file share a database its caller cloned and closes (a clone costs about a second).
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: { logStream?: { write(line: string): void }; handlers?: Handlers; db?: Db } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const db = options.db ?? (await cloneDatabase());
  const app = await buildApp({ config, db, logger: Boolean(options.logStream), logStream: options.logStream, handlers: options.handlers });
  // Which contract operations this file's tests reached (checked over the whole suite by operationCoverage.ts).
  const answered = new Set<string>();
  app.addHook('onResponse', async (request) => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    if (operationId) answered.add(operationId);
  });
  await app.ready();
  // One session per demo user and app (a sign-in's row, auth/sessions.ts); each call gets a fresh token of it.
  const sessions = new Map<DemoUser, number>();
  const token = async (user: DemoUser) => {
    const row = await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
      'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
      [DEMO.users[user]],
    );
    if (!row) throw new Error(`demo user ${user} missing`);
    const account = { ...row, isInternal: row.is_internal };
    const session = sessions.get(user);
    if (session !== undefined) return (await app.services.tokens.issue(account, session)).jwt;
    const jwt = await signIn(db, app.services.tokens, account, { userAgent: 'server tests', address: '127.0.0.1' });
    sessions.set(user, (await app.services.tokens.verify(jwt)).sid);
    return jwt;
  };
  return {
    app,
    db,
    config,
    token,
    async call({ as, headers, ...options }) {
      const auth = as ? { authorization: `Bearer ${await token(as)}` } : {};
      return app.inject({ ...options, headers: { 'x-app': 'PC', ...auth, ...headers } });
    },
    async close() {
      await writeFile(path.join(inject('operationCoverageDir'), `${process.pid}-${randomBytes(4).toString('hex')}.json`), JSON.stringify([...answered]));
      await app.close();
      if (!options.db) await db.close();
    },
  };
}
