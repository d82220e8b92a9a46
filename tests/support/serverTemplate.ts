// Vitest global setup of the server suite: builds one migrated and seeded database per run, which every test
// file clones (PGlite: a data-dir dump loaded in ~1 s; PostgreSQL: CREATE DATABASE ... TEMPLATE). The demo
// accounts get the tests' cheap password hashes (testConfig() in serverHarness.ts hashes the same way).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile, mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/db/seed/demo';
import type { PasswordHashing } from '../../server/src/auth/passwords';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD_HASHING: PasswordHashing = 'unsafe-fast-for-tests';

/** Changes to the schema or the seed make a new template; otherwise the cached one is reused across runs. */
async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  // The demo seed runs the revenue alerts' detection too (server/src/alerts, its rules in src/lib), and judges a
  // site's past crawls with the crawler's own rules (server/src/crawl).
  for (const dir of ['server/src/db/migrations', 'server/src/db/seed', 'server/src/db/seed/data', 'server/src/alerts', 'server/src/crawl']) {
    for (const file of (await readdir(path.join(ROOT, dir))).sort()) {
      if (/\.(sql|ts)$/.test(file)) hash.update(file).update(await readFile(path.join(ROOT, dir, file)));
    }
  }
  // ...and the files the seed's ads.txt sites are built from: the network's required lines, and the console's
  // ads.txt rules the crawler judges and renders lines with (src/lib/adsTxt*.ts, hosts.ts).
  const adsTxtRules = (await readdir(path.join(ROOT, 'src/lib'))).filter((file) => /^adsTxt\w*\.ts$/.test(file)).sort().map((file) => `src/lib/${file}`);
  const files = ['server/src/auth/passwords.ts', 'src/lib/revenueAlerts.ts', 'src/lib/alertCauses.ts', 'server/src/routes/account/account.ts', 'src/lib/hosts.ts', ...adsTxtRules];
  for (const file of files) hash.update(file).update(await readFile(path.join(ROOT, file)));
  hash.update(PASSWORD_HASHING);
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject): Promise<void> {
  const id = await fingerprint();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `portal_template_${id}`;
    const admin = await openPostgres(url, { max: 1 });
    const exists = await admin.one('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!exists) {
      await admin.exec(`CREATE DATABASE ${template}_build`);
      const target = new URL(url);
      target.pathname = `/${template}_build`;
      const db = await openPostgres(target.toString(), { max: 1 });
      await migrate(db);
      await seedDemo(db, { passwordHashing: PASSWORD_HASHING });
      await db.close();
      await admin.exec(`ALTER DATABASE ${template}_build RENAME TO ${template}`);
    }
    await admin.close();
    project.provide('serverTemplate', { kind: 'postgres', url, template });
    return;
  }
  // One directory per checkout: several clones on one machine (worktrees) each keep only their current template,
  // and must not delete one another's while it is being read.
  const dir = path.join(os.tmpdir(), `portal-test-templates-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`);
  const dumpPath = path.join(dir, `${id}.tar`);
  if (!existsSync(dumpPath)) {
    await mkdir(dir, { recursive: true });
    const db = await openPglite();
    await migrate(db);
    await seedDemo(db, { passwordHashing: PASSWORD_HASHING });
    const dump = await db.pglite.dumpDataDir('none');
    await db.close();
    const partial = `${dumpPath}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, dumpPath);
    // Templates of older schemas or seeds are never used again (~50 MB each): keep only the current one.
    for (const file of await readdir(dir)) {
      if (file !== `${id}.tar` && !file.startsWith(`${id}.tar.`)) await rm(path.join(dir, file), { force: true });
    }
  }
  project.provide('serverTemplate', { kind: 'pglite', dumpPath });
}
