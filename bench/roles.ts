// What the role check adds to a request (issue 22; npm run bench:roles). The check is not a step of its own: the
// caller's role and the publisher's two-factor requirement are read in the statement that already finds the
// object the request names (server/src/auth/access.ts, a LEFT JOIN of the membership instead of an EXISTS), then
// the role table decides in JavaScript (src/lib/roles.ts mayCall). So it is measured as that difference:
//
//   access     the zone access statement as it is (ZONE_ACCESS_SQL: membership role and requirement joined) against
//              the statement before issue 22 (an EXISTS on the membership), both prepared, taken in turn
//   decide     authorize(): the role table's decision and the requirement, in JavaScript
//   token      for information, the token check with the session and second-factor columns (TOKEN_CHECK_SQL)
//              against the user-only statement before issue 22 (that is the sessions' cost, not the role check's)
//   request    for scale, a whole GET /external/zones/{id} as an admin member through the real app (HTTP injection)
//
// Each pair --requests times after 50 warm-up runs, interleaved so both sides meet the same machine load. Service
// time on PGlite in this process (production settings), demo data in memory (the lookups are primary-key probes,
// the same at any size), or --data-dir to measure a data dir of your own. Target: the role check's added p95
// (access + decide) < 1 ms. Results: a table on stdout and bench/results/roles.json (gitignored); exit code 1 when
// the target is missed. State the load average with the figures: the machine's two cores are shared.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app';
import { ZONE_ACCESS_SQL, authorize } from '../server/src/auth/access';
import { TOKEN_CHECK_SQL, type Principal } from '../server/src/auth/principal';
import { signIn } from '../server/src/auth/sessions';
import { loadConfig } from '../server/src/config';
import { openPglite, type Db } from '../server/src/db/db';
import { migrate } from '../server/src/db/migrate';
import { DEMO, seedDemo } from '../server/src/db/seed/demo';
import { latencyStats, ROOT } from './common';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    requests: { type: 'string', default: '2000' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/roles.json') },
  },
});

const TARGET_ADDED_P95_MS = 1;
const WARM_UP = 50;

/** The statements as they were before issue 22 (server/src/auth/access.ts, principal.ts at 1e55948). */
const BEFORE = {
  access: `SELECT z.tracking_id AS "trackingId", z.name, z.publisher_id AS "publisherId", z.type_id AS "typeId",
            bu.is_legacy_just_premium AS "isLegacyJustPremium"
       FROM zones z JOIN publishers p ON p.id = z.publisher_id JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE z.tracking_id = $1 AND ($3::boolean OR EXISTS (SELECT 1 FROM user_publishers up WHERE up.user_id = $2 AND up.publisher_id = z.publisher_id))`,
  token: `SELECT id, email, name, enabled, is_internal, roles, extract(epoch FROM tokens_valid_after)::int8 AS valid_after
       FROM users WHERE id = $1`,
};

const stats = (samples: readonly number[]) => latencyStats(samples, 3);

async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function openDb(): Promise<Db> {
  if (values['data-dir']) return openPglite({ dataDir: values['data-dir'] });
  const db = await openPglite();
  await migrate(db);
  await seedDemo(db, { passwordHashing: 'unsafe-fast-for-tests' });
  return db;
}

async function main(): Promise<void> {
  const requests = Number(values.requests);
  if (!Number.isInteger(requests) || requests < 100) throw new Error('--requests takes an integer of at least 100');
  const db = await openDb();
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', SEED: 'none' }), db, logger: false });
  await app.ready();
  try {
    const user = (await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
      'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
      [DEMO.users.multi],
    ))!;
    const jwt = await signIn(db, app.services.tokens, { ...user, isInternal: user.is_internal }, { userAgent: 'bench', address: '127.0.0.1' });
    const sid = (await app.services.tokens.verify(jwt)).sid;
    const zone = DEMO.zones.atlas;
    const principal: Principal = {
      id: user.id,
      email: user.email,
      name: user.name,
      isInternal: false,
      roles: [],
      sessionId: sid,
      authTime: Math.floor(Date.now() / 1000),
      secondFactor: false,
      operation: 'getZone',
      publisherChecked: false,
    };
    const membership = { role: 'ADMIN' as const, requireTwoFactor: false };
    const headers = { 'x-app': 'PC', authorization: `Bearer ${jwt}` };

    const samples: Record<string, number[]> = { accessBefore: [], accessNow: [], decide: [], tokenBefore: [], tokenNow: [], request: [] };
    // Each pair in alternating order, so neither side is always the one that runs first after the request.
    const round = async (record: boolean, flip: boolean) => {
      const push = (key: string, ms: number) => void (record && samples[key]!.push(ms));
      const pair = async (before: [string, () => Promise<unknown>], now: [string, () => Promise<unknown>]) => {
        for (const [key, run] of flip ? [now, before] : [before, now]) push(key, await timed(run));
      };
      await pair(['accessBefore', () => db.prepared(BEFORE.access, [zone, user.id, false])], ['accessNow', () => db.prepared(ZONE_ACCESS_SQL, [zone, user.id, false])]);
      push('decide', await timed(() => authorize(principal, membership)));
      await pair(['tokenBefore', () => db.prepared(BEFORE.token, [user.id])], ['tokenNow', () => db.prepared(TOKEN_CHECK_SQL, [user.id, sid, '127.0.0.1'])]);
      push('request', await timed(() => app.inject({ method: 'GET', url: `/external/zones/${zone}`, headers })));
    };
    for (let i = 0; i < WARM_UP; i++) await round(false, i % 2 === 1);
    for (let i = 0; i < requests; i++) await round(true, i % 2 === 1);

    const result = Object.fromEntries(Object.entries(samples).map(([key, list]) => [key, stats(list)])) as Record<string, ReturnType<typeof stats>>;
    const delta = (now: string, before: string, q: 'p50Ms' | 'p95Ms') => Number((result[now]![q] - result[before]![q]).toFixed(3));
    const added = {
      p50Ms: Number((delta('accessNow', 'accessBefore', 'p50Ms') + result.decide!.p50Ms).toFixed(3)),
      p95Ms: Number((delta('accessNow', 'accessBefore', 'p95Ms') + result.decide!.p95Ms).toFixed(3)),
    };
    const report = {
      measuredAt: new Date().toISOString(),
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      requests,
      statements: result,
      roleCheckAdded: added,
      sessionColumnsAdded: { p50Ms: delta('tokenNow', 'tokenBefore', 'p50Ms'), p95Ms: delta('tokenNow', 'tokenBefore', 'p95Ms') },
      targetAddedP95Ms: TARGET_ADDED_P95_MS,
    };
    console.table(result);
    console.log(`Role check added: p50 ${added.p50Ms} ms, p95 ${added.p95Ms} ms (target p95 < ${TARGET_ADDED_P95_MS} ms)`);
    console.log(`Session and second-factor columns of the token check added: p50 ${report.sessionColumnsAdded.p50Ms} ms, p95 ${report.sessionColumnsAdded.p95Ms} ms`);
    console.log(`Load average ${report.loadAverage.join(' ')}`);
    await mkdir(path.dirname(values.out!), { recursive: true });
    await writeFile(values.out!, `${JSON.stringify(report, null, 2)}\n`);
    if (added.p95Ms >= TARGET_ADDED_P95_MS) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

await main();
