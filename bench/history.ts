// Change-history timings (npm run bench:history): the history page of 'Atlas Network Large' (a quarter of the
// large seed's 1,000,000 entries), and what recording adds to a write. Service time with one connection (PGlite
// has one): the real app in this process (production settings, answers checked against the contract as by
// default), requests sent one at a time with HTTP injection, so no network or load generator is timed.
//
//   npm run bench:history                                   # seeds a temporary data dir, measures, cleans up
//   npm run bench:history -- --data-dir /tmp/large --requests 300 --writes 300
//       (--data-dir: a data dir to reuse; seeded with the large seed when it lacks it, and kept afterwards)
//
// What is measured:
//   pages     GET listHistory of the big publisher as Max Multi: the first page (20, newest first), and the first
//             page filtered by a zone, by kind, by author and by a 30-day range, each --requests times after 20
//             warm-up requests, taken in turn; also a deep page (page 200) and listHistoryAuthors, for information
//   insert    the recording's own INSERT (insertHistoryEntry, trigger and indexes included) inside a write's
//             transaction, timed on its own: what recording adds to every write
//   write     the same transaction (a zone rename) with and without that INSERT, taken in turn, --writes each; and
//             the real updateZone through the app, which records, for the whole request's time
// Targets: page p95 < 25 ms (first page, zone, kind, author); insert p95 < 1 ms. Results: a table on stdout and
// bench/results/history.json (gitignored). Exit code 1 when a target is missed. State the load average with the
// figures: the machine's two cores are shared.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite } from '../server/src/db/db';
import { DEMO } from '../server/src/db/seed/demo';
import { LARGE } from '../server/src/db/seed/large';
import { insertHistoryEntry } from '../server/src/history/record';
import { signIn } from '../server/src/auth/sessions';
import { latencyStats, ROOT, seedLarge } from './common';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    requests: { type: 'string', default: '300' },
    writes: { type: 'string', default: '300' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/history.json') },
  },
});

const TARGET = { pageP95Ms: 25, insertP95Ms: 1 } as const;
const WARM_UP = 20;
const TIMED = ['first page', 'zone', 'kind', 'author'];

const stats = (samples: readonly number[]) => latencyStats(samples);

async function main(): Promise<void> {
  const requests = Number(values.requests);
  const writes = Number(values.writes);
  if (!Number.isInteger(requests) || requests < 20 || !Number.isInteger(writes) || writes < 20) throw new Error('--requests and --writes take integers of at least 20');
  const home = values['data-dir'] === undefined ? await mkdtemp(path.join(os.tmpdir(), 'portal-bench-history-')) : null;
  const dataDir = values['data-dir'] ?? path.join(home ?? '', 'data');
  try {
    console.log(`Large seed into ${dataDir} …`);
    seedLarge(dataDir);
    await measure(dataDir, requests, writes);
  } finally {
    if (home) await rm(home, { recursive: true, force: true });
  }
}

async function measure(dataDir: string, requests: number, writes: number): Promise<void> {
  const db = await openPglite({ dataDir });
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', SEED: 'none', DATA_DIR: dataDir }), db, logger: false });
  await app.ready();
  try {
    const publisherId = LARGE.bigPublisherId;
    const entries = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM history'))!.n;
    const own = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM history WHERE publisher_id = $1', [publisherId]))!.n;
    // The big publisher's busiest zone, a zone rename to time, and the 30 days before its latest entry.
    const zone = (await db.one<{ id: number; n: number }>(
      'SELECT zone_id AS id, count(*)::int AS n FROM history WHERE publisher_id = $1 AND zone_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
      [publisherId],
    ))!;
    const latest = (await db.one<{ at: string }>('SELECT max(at) AS at FROM history WHERE publisher_id = $1', [publisherId]))!.at;
    const to = latest.slice(0, 10);
    const from = new Date(Date.parse(latest) - 29 * 86_400_000).toISOString().slice(0, 10);
    const user = (await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
      'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
      [DEMO.users.multi],
    ))!;
    const token = await signIn(db, app.services.tokens, { ...user, isInternal: user.is_internal }, { userAgent: 'bench', address: '127.0.0.1' });
    const headers = { 'x-app': 'PC', authorization: `Bearer ${token}` };
    const base = `/external/publishers/${publisherId}/history`;
    const scenarios: [string, string][] = [
      ['first page', `${base}?page=0&size=20`],
      ['zone', `${base}?page=0&size=20&zoneId=${zone.id}`],
      ['kind', `${base}?page=0&size=20&kind=BLOCKS`],
      ['author', `${base}?page=0&size=20&authorId=${DEMO.users.multi}`],
      ['30 days', `${base}?page=0&size=20&from=${from}&to=${to}`],
      ['kind + author', `${base}?page=0&size=20&kind=ZONE&authorId=${DEMO.users.staff}`],
      ['page 200', `${base}?page=200&size=20`],
      ['authors', `${base}/authors`],
    ];
    const totals: Record<string, number> = {};
    const samples = new Map(scenarios.map(([name]) => [name, [] as number[]]));
    for (let round = -WARM_UP; round < requests; round++) {
      for (const [name, url] of scenarios) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        if (round < 0) {
          const body = res.json() as { totalElements?: number; content?: unknown[] } | unknown[];
          totals[name] = Array.isArray(body) ? body.length : (body.totalElements ?? 0);
          continue;
        }
        samples.get(name)!.push(ms);
      }
    }

    // Recording: the INSERT alone, and the write's transaction with and without it, taken in turn.
    const author = { id: user.id, name: user.name, email: user.email, isInternal: false };
    // The zone's review flag is the network's: the rename sends it as it is.
    const zoneRow = (await db.one<{ name: string; typeId: 1 | 3; enabled: boolean }>(
      'SELECT name, type_id AS "typeId", enabled FROM zones WHERE tracking_id = $1',
      [zone.id],
    ))!;
    const insertMs: number[] = [];
    const withMs: number[] = [];
    const withoutMs: number[] = [];
    const requestMs: number[] = [];
    const names = [`${zoneRow.name} (A)`, `${zoneRow.name} (B)`];
    for (let round = -WARM_UP; round < writes; round++) {
      for (const record of [true, false]) {
        const name = names[(round + (record ? 0 : 1)) & 1]!;
        const started = performance.now();
        await db.transaction(async (tx) => {
          await tx.query('UPDATE zones SET name = $2 WHERE tracking_id = $1', [zone.id, name]);
          if (!record) return;
          const insertStarted = performance.now();
          await insertHistoryEntry(tx, 'updateZone', author, {
            kind: 'ZONE',
            publisherId,
            zone: { id: zone.id, name },
            before: { name: names[(round + 1) & 1]! },
            after: { name },
          });
          if (round >= 0) insertMs.push(performance.now() - insertStarted);
        });
        if (round >= 0) (record ? withMs : withoutMs).push(performance.now() - started);
      }
      const started = performance.now();
      const res = await app.inject({ method: 'PUT', url: `/external/zones/${zone.id}`, headers, payload: { name: names[round & 1], typeId: zoneRow.typeId, enabled: zoneRow.enabled } });
      if (res.statusCode !== 200) throw new Error(`updateZone: ${res.statusCode} ${res.body}`);
      if (round >= 0) requestMs.push(performance.now() - started);
    }
    await db.query('UPDATE zones SET name = $2 WHERE tracking_id = $1', [zone.id, zoneRow.name]);

    const pages = Object.fromEntries(scenarios.map(([name]) => [name, { ...stats(samples.get(name)!), total: totals[name] }]));
    const recording = { insert: stats(insertMs), writeWith: stats(withMs), writeWithout: stats(withoutMs), updateZoneRequest: stats(requestMs) };
    const missed = TIMED.some((name) => pages[name]!.p95Ms >= TARGET.pageP95Ms) || recording.insert.p95Ms >= TARGET.insertP95Ms;
    const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');

    console.log(`\n${LARGE.bigPublisherName}: ${own.toLocaleString('en')} of ${entries.toLocaleString('en')} history entries; load average ${load}`);
    console.log(`  ${'history page (20 rows)'.padEnd(26)}${'total'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}`);
    for (const [name] of scenarios) {
      const row = pages[name]!;
      const target = TIMED.includes(name) ? (row.p95Ms < TARGET.pageP95Ms ? '  ok' : '  MISSED') : '';
      console.log(`  ${name.padEnd(26)}${String(row.total).padStart(9)}${`${row.p50Ms} ms`.padStart(9)}${`${row.p95Ms}`.padStart(9)}${`${row.maxMs}`.padStart(9)}${target}`);
    }
    console.log(`  recording: INSERT alone        p50 ${recording.insert.p50Ms} ms  p95 ${recording.insert.p95Ms} ms (target < ${TARGET.insertP95Ms})`);
    console.log(`  write transaction with/without p50 ${recording.writeWith.p50Ms} / ${recording.writeWithout.p50Ms} ms  p95 ${recording.writeWith.p95Ms} / ${recording.writeWithout.p95Ms} ms`);
    console.log(`  updateZone request (records)   p50 ${recording.updateZoneRequest.p50Ms} ms  p95 ${recording.updateZoneRequest.p95Ms} ms`);

    await mkdir(path.dirname(values.out), { recursive: true });
    await writeFile(
      values.out,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: os.loadavg(), cpus: os.cpus().length, entries, publisherEntries: own, requests, writes, targetsMs: TARGET, pages, recording, missed }, null, 2)}\n`,
    );
    console.log(`\nWrote ${path.relative(process.cwd(), values.out)}`);
    if (missed) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
