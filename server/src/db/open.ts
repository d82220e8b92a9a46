// Opens the configured database, migrates it, and seeds the demo data into a fresh one.
import { mkdir } from 'node:fs/promises';
import type { ServerConfig } from '../config';
import { openPglite, openPostgres, type Db } from './db';
import { migrate } from './migrate';
import { seedDemo } from './seed/demo';

export async function openDatabase(config: ServerConfig, log: (message: string) => void = () => undefined): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else {
    await mkdir(config.dataDir, { recursive: true });
    db = await openPglite({ dataDir: config.dataDir });
  }
  const applied = await migrate(db);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  if (config.seed === 'demo') {
    const seeded = await db.one('SELECT 1 FROM users LIMIT 1');
    if (!seeded) {
      const started = Date.now();
      await seedDemo(db, { passwordHashing: config.passwordHashing });
      log(`Seeded the demo data in ${Date.now() - started} ms`);
    }
  }
  return db;
}
