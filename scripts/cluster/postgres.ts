// A private, throw-away PostgreSQL cluster, as .ci/run starts one: Debian's binaries, a temporary directory, a free
// port on 127.0.0.1, trust authentication, no durability (fsync off: it lives for one run). As root it belongs to the
// postgres user (initdb refuses root), whose commands run from the cluster's own directory (it may not enter the
// caller's). It can be stopped and started again on the same port (the database-restart test and bench:cluster).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/** The newest /usr/lib/postgresql/N/bin, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((x, y) => Number(y) - Number(x));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  /** `fast` ends the sessions and stops cleanly; `immediate` is a crash (recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again, on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

export async function startPrivatePostgres(options: { maxConnections?: number } = {}): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/N/bin): apt-get install postgresql');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pg = (command: string, args: string[]) =>
    isRoot() ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { cwd: dir }) : run(path.join(bin, command), args, { cwd: dir });
  if (isRoot()) await chown(dir, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${options.maxConnections ?? 100}`,
  ].join(' ');
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', serverOptions, 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  let disposed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    start,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
