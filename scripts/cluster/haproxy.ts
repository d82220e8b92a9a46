// HAProxy in front of the instances, from the deployment's own configuration (deploy/haproxy.cfg): its server
// lines replaced by the local instances, its settings given through the environment variables it reads.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './ports';

export const HAPROXY = '/usr/sbin/haproxy';
export const DEPLOY_CONFIG = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg');

export const haproxyInstalled = () => existsSync(HAPROXY);

export interface Backend {
  name: string;
  port: number;
}

/** deploy/haproxy.cfg with the lines between its server markers replaced by these servers on 127.0.0.1. */
export async function renderConfig(servers: readonly Backend[]): Promise<string> {
  const text = await readFile(DEPLOY_CONFIG, 'utf8');
  const marked = /^([ \t]*)# >>> servers\n[\s\S]*?^[ \t]*# <<< servers\n/m;
  const match = marked.exec(text);
  if (!match) throw new Error(`${DEPLOY_CONFIG} has no "# >>> servers" ... "# <<< servers" block`);
  const indent = match[1] ?? '';
  const lines = servers.map((server) => `${indent}server ${server.name} 127.0.0.1:${server.port}\n`).join('');
  return text.replace(marked, `${indent}# >>> servers\n${lines}${indent}# <<< servers\n`);
}

export interface RunningProxy {
  port: number;
  statsPort: number;
  /** Each server's state as HAProxy sees it now ('UP', 'DOWN', 'UP 1/2', 'MAINT', ...). */
  states(): Promise<Map<string, string>>;
  /** Until the named server's state is exactly `state` (polled); throws after `timeoutMs`. */
  waitFor(name: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** A runtime API command (`set server api/api2 state maint`); answers HAProxy's reply. */
  command(line: string): Promise<string>;
  stop(): Promise<void>;
  process: ChildProcess;
}

export interface ProxyOptions {
  port?: number;
  servers: readonly Backend[];
  /** A directory of the caller's for the rendered configuration and the runtime socket. */
  dir: string;
  /** Health-check interval (HAProxy time, e.g. '1s', '200ms'); the deployment's default otherwise. */
  checkInterval?: string;
  /** HAProxy's notices (servers going UP and DOWN) line by line; nothing by default. */
  log?: (line: string) => void;
}

export async function startHaproxy(options: ProxyOptions): Promise<RunningProxy> {
  if (!haproxyInstalled()) throw new Error(`${HAPROXY} is missing: apt-get install haproxy`);
  const port = options.port ?? (await freePort());
  const statsPort = await freePort();
  const config = path.join(options.dir, 'haproxy.cfg');
  const socket = path.join(options.dir, 'haproxy.sock');
  await writeFile(config, await renderConfig(options.servers));
  const env = {
    ...process.env,
    PORTAL_BIND: `127.0.0.1:${port}`,
    PORTAL_STATS_BIND: `127.0.0.1:${statsPort}`,
    PORTAL_HAPROXY_SOCKET: socket,
    PORTAL_HAPROXY_LOG: 'stdout',
    PORTAL_HAPROXY_ERRORS: path.join(path.dirname(DEPLOY_CONFIG), 'errors'),
    ...(options.checkInterval ? { PORTAL_CHECK_INTER: options.checkInterval } : {}),
  };
  // -db: in the foreground, ended by a signal like the instances; -W would add a master process to stop too.
  const child = spawn(HAPROXY, ['-db', '-f', config], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(line);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const states = async () => {
    const res = await fetch(`http://127.0.0.1:${statsPort}/;csv`);
    const csv = await res.text();
    const result = new Map<string, string>();
    for (const line of csv.split('\n')) {
      const [proxy, server, ...fields] = line.split(',');
      // Column 18 (0-based 17) is the status.
      if (proxy === 'api' && server && server !== 'BACKEND' && server !== 'FRONTEND') result.set(server, fields[15] ?? '');
    }
    return result;
  };
  const waitFor = async (name: string, state: 'UP' | 'DOWN', timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const now = (await states().catch(() => new Map<string, string>())).get(name);
      if (now === state) return;
      if (Date.now() > until) throw new Error(`HAProxy still sees ${name} as ${now ?? 'unknown'} after ${timeoutMs} ms (waiting for ${state})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  // Ready when the stats page answers (it listens once the configuration is loaded).
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited at start (${child.exitCode}):\n${output}`);
    if (await states().then(() => true, () => false)) break;
    if (Date.now() > until) throw new Error(`HAProxy did not start within 10 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      let reply = '';
      const connection = net.createConnection(socket, () => connection.end(`${line}\n`));
      connection.on('data', (chunk) => (reply += chunk));
      connection.on('end', () => resolve(reply.trim()));
      connection.on('error', reject);
    });
  return {
    port,
    statsPort,
    states,
    waitFor,
    command,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
