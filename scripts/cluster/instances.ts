// API instances as child processes: the real `npm run serve` entry (the server's bundle, built here of the code as it
// is now: scripts/buildServer.ts), each on its own port of 127.0.0.1, all on one PostgreSQL database, with the
// settings every instance behind a proxy needs (PUBLIC_URL for the links in e-mails, TRUST_PROXY for the client's
// address and scheme).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverArgs, temporaryServerBuild } from '../buildServer';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface InstanceOptions {
  name: string;
  port: number;
  databaseUrl: string;
  /** Where browsers reach the portal (the proxy): the base of the links in e-mails. */
  publicUrl: string;
  /** The proxy's address as the instance sees it (TRUST_PROXY). */
  trustProxy: string;
  /** More environment (NODE_ENV, LOG_LEVEL, SHUTDOWN_DRAIN_MS, ...), over the caller's own. */
  env?: NodeJS.ProcessEnv;
  /** The instance's output, line by line. */
  log?: (line: string) => void;
}

export interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the signal to the exit. */
  ms: number;
}

export interface RunningInstance {
  name: string;
  port: number;
  process: ChildProcess;
  /** Everything the instance wrote. */
  output(): string;
  /** Resolves with the exit, whoever caused it. */
  exited: Promise<Stopped>;
  /** Sends the signal (SIGTERM: the drain) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Stopped>;
}

/** Starts an instance and resolves once its readiness answers 200 (migrated, seeded, listening). */
export async function startInstance(options: InstanceOptions, timeoutMs = 60_000): Promise<RunningInstance> {
  const child = spawn(process.execPath, serverArgs(await temporaryServerBuild()), {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      ...options.env,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: options.publicUrl,
      TRUST_PROXY: options.trustProxy,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(line);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let signalledAt = 0;
  const exited = new Promise<Stopped>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, ms: signalledAt ? Date.now() - signalledAt : 0 })),
  );
  let gone: Stopped | null = null;
  void exited.then((stopped) => (gone = stopped));

  const until = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`instance ${options.name} exited at start (${JSON.stringify(gone)}):\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${options.port}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`instance ${options.name} not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name: options.name,
    port: options.port,
    process: child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (!gone) {
        signalledAt = Date.now();
        child.kill(signal);
      }
      return exited;
    },
  };
}
