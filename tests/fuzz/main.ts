// `npm run fuzz -- [--requests N] [--seed S] [--database-url postgres://...]`: the contract fuzzer outside the
// test suite, for long runs. A fresh in-memory PGlite (or an empty PostgreSQL database) is migrated and seeded
// with the demo data; the server runs in-process and is called through injection, signed in as an external user.
// Prints the answers per operation and status, the failing requests (whole, to replay), and exits 1 on any.
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite, openPostgres } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { DEMO, seedDemo } from '../../server/src/db/seed/demo';
import { fuzzContract, fuzzTarget, tokenOf } from './contractFuzzer';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '20261113' },
    'database-url': { type: 'string' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('Usage: npm run fuzz -- [--requests N] [--seed S] [--database-url postgres://...]');
  process.exit(2);
}

const setupStarted = performance.now();
const db = values['database-url'] ? await openPostgres(values['database-url']) : await openPglite();
// The test suites' cheap password hashes (seeded and checked): sign-ins are a small part of the requests and would
// otherwise take most of the run's time. NODE_ENV=test is what lets the config accept them.
const config = loadConfig({
  NODE_ENV: 'test',
  UNSAFE_FAST_PASSWORD_HASHING: 'true',
  SEED: 'none',
  LOG_LEVEL: 'error',
  CONSOLE_ORIGINS: 'http://console.test',
});
await migrate(db);
await seedDemo(db, { passwordHashing: config.passwordHashing });
const errors: string[] = [];
const app = await buildApp({
  config,
  db,
  logStream: { write: (line) => void errors.push(line) },
});
await app.ready();
const token = await tokenOf(app, db, DEMO.users.multi);
console.log(`Set up (${db.kind}, demo seed) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; ${requests} requests, seed ${seed}`);

const report = await fuzzContract(await fuzzTarget(app, db, DEMO.users.multi, token), {
  seed,
  requests,
  onProgress: (done) => process.stdout.write(`\r${done} requests`),
});
await app.close();
await db.close();

const seconds = report.ms / 1000;
console.log(`\r${report.requests} requests in ${seconds.toFixed(1)} s (${Math.round(report.requests / seconds)} per second)`);
const rows = [...report.statuses].sort(([a], [b]) => a.localeCompare(b));
for (const [operationId, counts] of rows) {
  const statuses = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  const ms = report.msByOperation.get(operationId) ?? 0;
  console.log(`  ${operationId.padEnd(32)} ${`${(ms / 1000).toFixed(1)} s`.padStart(7)}  ${statuses.join(' ')}`);
}
const reached = rows.filter(([, counts]) => [...counts.keys()].some((status) => status < 300)).length;
console.log(`${reached} of ${rows.length} operations answered 2xx at least once`);
if (report.failureCount) {
  console.log(`\n${report.failureCount} failing answers, by operation and problem:`);
  for (const [problem, count] of [...report.problemCounts].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${count}× ${problem}`);
  console.log(`\nThe first ${report.failures.length}:`);
  for (const failure of report.failures) console.log(JSON.stringify(failure, null, 2));
  console.log(`\nLast server errors:\n${errors.slice(-5).join('')}`);
  process.exit(1);
}
console.log('No failing answers.');
