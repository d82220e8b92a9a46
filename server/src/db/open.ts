// Opens the configured database, migrates it, and seeds the demo data into a fresh one. Several instances may
// start together on one PostgreSQL database: the migrations and the seed each run under an advisory lock, so they
// happen once, and the others wait and find them done.
import { mkdir } from 'node:fs/promises';
import type { ServerConfig } from '../config';
import { openPglite, openPostgres, type Db } from './db';
import { migrate } from './migrate';
import { seedDemoIfEmpty } from './seed/demo';

/**
 * `onConnectionError`: a connection to PostgreSQL failed while idle (the server restarted or went away); the pool
 * replaces it on its next use.
 */
export async function openDatabase(
  config: ServerConfig,
  log: (message: string) => void = () => undefined,
  options: { onConnectionError?: (error: Error) => void } = {},
): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl, { max: config.databasePoolSize, onConnectionError: options.onConnectionError });
  } else {
    await mkdir(config.dataDir, { recursive: true });
    db = await openPglite({ dataDir: config.dataDir });
  }
  const applied = await migrate(db);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  if (config.seed === 'demo') {
    const started = Date.now();
    if (await seedDemoIfEmpty(db, { passwordHashing: config.passwordHashing })) log(`Seeded the demo data in ${Date.now() - started} ms`);
  }
  return db;
}
