// The real server for the browser tests, started like `npm start` (and with cheap password hashes): the server's
// bundle of the code as it is now (scripts/buildServer.ts; globalSetup builds it once per run) on a free port, over
// a copy of a data dir the real start-up seeded once (globalSetup), serving the built console from dist/. Copying a PGlite data dir takes well under a
// second; seeding takes several, so each worker (or isolated test) gets a fresh copy instead of a fresh seed.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverArgs, temporaryServerBuild } from '../../../scripts/buildServer';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Set by globalSetup; workers inherit it. */
export const SEED_DIR_ENV = 'PORTAL_E2E_SEED_DIR';
/** The server bundle's directory, set by globalSetup; without it (a benchmark) each process builds its own. */
export const SERVER_DIR_ENV = 'PORTAL_E2E_SERVER_DIR';

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 — the baseURL of the tests using it. */
  url: string;
  port: number;
  dataDir: string;
  /**
   * The development mailbox's address with its key, as the server printed it at start (the newcomer's link);
   * null when the mailbox is off (production mode).
   */
  mailboxUrl: string | null;
  /** Everything the server printed, for attaching to a failed test. */
  logFile: string;
  /** Bytes of log so far: pass to logSince() to get what one test caused. */
  logSize(): Promise<number>;
  logSince(offset: number): Promise<string>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering /healthz:\n${log.slice(-4000)}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  throw new Error(`The server did not answer /healthz within ${timeoutMs} ms:\n${log.slice(-4000)}`);
}

/**
 * The mailbox link the server prints once it listens (server/src/main.ts), read from its output as a developer
 * reads it from the terminal: the key is random at each start and printed nowhere else. Null when the server says
 * its mailbox is off.
 */
async function printedMailboxUrl(logFile: string, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    const link = /Development mailbox[^\n]*?(https?:\/\/\S+\/dev\/mailbox\?key=[A-Za-z0-9_-]+)/.exec(log);
    if (link) return link[1]!;
    if (log.includes('Development mailbox off') || Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface StartOptions {
  /** Short name in temp-dir names and errors, e.g. "worker-0". */
  name: string;
  /** Data dir to copy; without it the server creates and seeds its own (SEED=demo). */
  seedDir?: string;
  /** Run on this data dir itself (not a copy) and leave it in place on stop(). */
  dataDir?: string;
  /** Extra environment (e.g. PORTAL_MAINTENANCE=true for a test of the maintenance notice). */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { name, seedDir, env = {}, timeoutMs = 90_000 } = options;
  const serverDir = process.env[SERVER_DIR_ENV] ?? (await temporaryServerBuild());
  const home = await mkdtemp(path.join(os.tmpdir(), `portal-e2e-${name}-`));
  const dataDir = options.dataDir ?? path.join(home, 'data');
  // The system's cp: the data dir is 110 MB in about 1,300 files, which Node's fs.cp copied in 1.1-1.4 s of this
  // process's CPU (1.5-2.7 s wall) against cp's 0.5 s, at every server start.
  if (seedDir) await promisify(execFile)('cp', ['-R', `${seedDir}/.`, dataDir]); // its contents, into dataDir even if it exists
  const logFile = path.join(home, 'server.log');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, serverArgs(serverDir), {
    cwd: ROOT,
    env: {
      ...process.env,
      // As `npm start` runs it (development mode: the mailbox is on), but with the test suites' cheap password
      // hashes, which the server takes only under NODE_ENV=test: signing in and resetting cost no CPU time. A test
      // that asks for another NODE_ENV (serverEnv) gets the standard hashes with it.
      NODE_ENV: 'test',
      UNSAFE_FAST_PASSWORD_HASHING: (env.NODE_ENV ?? 'test') === 'test' ? 'true' : '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '', // always the embedded PGlite copy, whatever the developer's shell says
      CONSOLE_DIR: path.join(ROOT, 'dist'),
      PUBLIC_URL: url, // links in e-mails (password reset) lead back to this server
      SEED: 'demo',
      // No load balancer watches these servers: stopping one need not wait 3 s for health checks to notice.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    await rm(home, { recursive: true, force: true });
  };

  let mailboxUrl: string | null = null;
  try {
    await waitForHealth(url, child, logFile, timeoutMs);
    mailboxUrl = (env.NODE_ENV ?? 'test') === 'production' ? null : await printedMailboxUrl(logFile, 10_000);
  } catch (error) {
    await stop();
    throw new Error(`Server ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }

  return {
    url,
    port,
    dataDir,
    mailboxUrl,
    logFile,
    logSize: async () => (await stat(logFile)).size,
    logSince: async (offset) => (await readFile(logFile)).subarray(offset).toString('utf8'),
    stop,
  };
}

/**
 * Seeds a data dir through the real start-up path (migrations, then the demo seed, as `npm start` does on a
 * fresh machine) and stops the server cleanly (SIGTERM closes PGlite), so the dir is complete and can be copied.
 */
export async function buildSeedDir(dataDir: string): Promise<void> {
  const server = await startServer({ name: 'seed', dataDir, timeoutMs: 180_000 });
  await server.stop();
}
