// The server side of the API benchmark (bench/api.ts forks it, so load generation and the server do not share a
// thread): a fresh temporary database with the demo and large seeds, the real app on 127.0.0.1, and one extra
// route that exists only here, /bench/bare-page, running a single indexed page query and nothing else (no
// authentication, no contract validation) as the yardstick for what the zones search adds.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite, openPostgres, type Db } from '../server/src/db/db';
import { migrate } from '../server/src/db/migrate';
import { DEMO, seedDemo } from '../server/src/db/seed/demo';
import { LARGE, hasLargeSeed, seedLarge } from '../server/src/db/seed/large';
import { LARGE_BLOCKING } from '../server/src/db/seed/largeBlocking';
import { signIn } from '../server/src/auth/sessions';

export type TargetKind = 'pglite' | 'postgres';

export interface BenchPublisher {
  label: string;
  publisherId: number;
  zones: number;
  token: string;
  /** The revenue-at-stake selection timed for this publisher. */
  stakeItems: { type: 'advertiser' | 'advertiser_domain' | 'iab_category'; value: string }[];
  /** Whether the selection earned it something (the big publisher's report rows). */
  earns: boolean;
}

export interface TargetReady {
  type: 'ready';
  port: number;
  /** Migrating and seeding (or only migrating a reused data dir), with the statistics afterwards. */
  seedMs: number;
  reused: boolean;
  zones: number;
  publishers: BenchPublisher[];
}

/** The bare route's one statement: the zones list's first page and total, straight from the name index. */
const BARE_PAGE_SQL = `SELECT tracking_id AS "trackingId", name, count(*) OVER ()::int AS total
  FROM zones WHERE publisher_id = $1 ORDER BY name_lower, tracking_id LIMIT 20`;

/**
 * PGlite: in memory, or the data dir of BENCH_DATA_DIR, kept for the next run. PostgreSQL: a database of its own,
 * dropped afterwards, so the bench never touches existing data.
 */
async function openTarget(kind: TargetKind): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = process.env.BENCH_DATA_DIR;
    if (dataDir) await mkdir(dataDir, { recursive: true });
    const db = await openPglite(dataDir ? { dataDir } : {});
    return { db, dispose: () => db.close() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `portal_bench_${randomBytes(5).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString(), { max: 10 });
  return {
    db,
    dispose: async () => {
      await db.close();
      const cleanup = await openPostgres(url, { max: 1 });
      await cleanup.exec(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.close();
    },
  };
}

async function tokenFor(app: Awaited<ReturnType<typeof buildApp>>, db: Db, userId: number): Promise<string> {
  const user = await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
    'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
    [userId],
  );
  if (!user) throw new Error(`user ${userId} missing`);
  return signIn(db, app.services.tokens, { ...user, isInternal: user.is_internal }, { userAgent: 'bench', address: '127.0.0.1' });
}

async function main(): Promise<void> {
  const kind = (process.env.BENCH_TARGET ?? 'pglite') as TargetKind;
  const { db, dispose } = await openTarget(kind);
  const started = Date.now();
  const applied = await migrate(db);
  // A reused data dir (BENCH_DATA_DIR) holds the seeds already; its new migrations still get statistics below.
  const reused = await hasLargeSeed(db);
  if (!reused) {
    if (!(await db.one('SELECT 1 FROM users LIMIT 1'))) await seedDemo(db);
    await db.transaction((tx) => seedLarge(tx));
  }
  // PGlite runs no autovacuum: without this the planner has no statistics and index-only scans no visibility
  // map. A long-running PostgreSQL gets both from autovacuum; the bench measures that steady state on both.
  if (!reused || applied.length > 0) await db.exec('VACUUM ANALYZE');
  const seedMs = Date.now() - started;
  const seeded = await db.one<{ zones: number; bigPublisherZones: number }>(
    `SELECT count(*)::int AS zones, count(*) FILTER (WHERE publisher_id = $2)::int AS "bigPublisherZones" FROM zones WHERE tracking_id >= $1`,
    [LARGE.firstZoneId, LARGE.bigPublisherId],
  );
  if (!seeded) throw new Error('no zones');

  const config = loadConfig({ NODE_ENV: 'production', SEED: 'none', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp({ config, db, logger: false });
  // ?prepared=1 runs the same statement through Db.prepared, as the zones search does (reported for comparison).
  app.get<{ Querystring: { publisherId: string; prepared?: string } }>('/bench/bare-page', async (request) => {
    const run = request.query.prepared === '1' ? db.prepared.bind(db) : db.query.bind(db);
    const rows = await run<{ trackingId: number; name: string; total: number }>(BARE_PAGE_SQL, [Number(request.query.publisherId)]);
    return { content: rows.map(({ trackingId, name }) => ({ trackingId, name })), totalElements: rows[0]?.total ?? 0 };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');

  // What a review step asks: 10 advertisers the big publisher reports on, 5 of their domains and 5 IAB categories.
  const reported = await db.query<{ id: number; domain: string }>(
    'SELECT id, domain FROM advertisers WHERE id = ANY($1::int[]) ORDER BY id',
    [Array.from({ length: 10 }, (_, a) => LARGE_BLOCKING.firstAdvertiserId + a * 997)],
  );
  const stakeItems: BenchPublisher['stakeItems'] = [
    ...reported.map((row) => ({ type: 'advertiser' as const, value: String(row.id) })),
    ...reported.slice(0, 5).map((row) => ({ type: 'advertiser_domain' as const, value: `*.${row.domain}` })),
    ...['IAB3', 'IAB7', 'IAB13', 'IAB19-6', 'IAB20-3'].map((value) => ({ type: 'iab_category' as const, value })),
  ];

  // A publisher of the size the brief calibrates the bare route on (about 200 zones), and the largest one.
  const typical = await db.one<{ publisherId: number; zones: number; userId: number }>(
    `SELECT z.publisher_id AS "publisherId", count(*)::int AS zones, min(up.user_id) AS "userId"
       FROM zones z JOIN user_publishers up ON up.publisher_id = z.publisher_id
      WHERE z.publisher_id >= $1 GROUP BY z.publisher_id ORDER BY abs(count(*) - 200), z.publisher_id LIMIT 1`,
    [LARGE.firstPublisherId],
  );
  if (!typical) throw new Error('the large seed has no ordinary publisher');
  const publishers: BenchPublisher[] = [
    {
      label: `typical (${typical.zones} zones)`,
      publisherId: typical.publisherId,
      zones: typical.zones,
      token: await tokenFor(app, db, typical.userId),
      stakeItems,
      earns: false,
    },
    {
      label: `${LARGE.bigPublisherName} (${seeded.bigPublisherZones} zones)`,
      publisherId: LARGE.bigPublisherId,
      zones: seeded.bigPublisherZones,
      token: await tokenFor(app, db, DEMO.users.multi),
      stakeItems,
      earns: true,
    },
  ];
  const ready: TargetReady = { type: 'ready', port: address.port, seedMs, reused, zones: seeded.zones, publishers };
  process.send?.(ready);

  const stop = async () => {
    await app.close();
    await dispose();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
