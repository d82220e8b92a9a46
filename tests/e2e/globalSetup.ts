// Once per `playwright test`: the server's bundle of the code as it is now, which every server of the run runs, and
// one data dir seeded by the real start-up path, which every worker's server copies.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { temporaryServerBuild } from '../../scripts/buildServer';
import { buildSeedDir, ROOT, SEED_DIR_ENV, SERVER_DIR_ENV } from './support/server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    // The API pages still work; the console pages will fail, and this says why up front.
    console.warn('dist/index.html is missing: the console is not built (npm run build), so console pages will 404.');
  }
  // Removed when this process (the run) exits.
  process.env[SERVER_DIR_ENV] = await temporaryServerBuild();
  const home = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-seed-'));
  const seedDir = path.join(home, 'data');
  const started = Date.now();
  await buildSeedDir(seedDir);
  console.log(`Seeded the browser tests' data dir in ${Date.now() - started} ms`);
  process.env[SEED_DIR_ENV] = seedDir;
  return async () => {
    await rm(home, { recursive: true, force: true });
  };
}
