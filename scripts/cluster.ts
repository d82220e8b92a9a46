// `npm run cluster -- --instances N [--port P]`: N API instances behind HAProxy on one port, on the PostgreSQL of
// DATABASE_URL or, without it, a private throw-away cluster (initdb in a temporary directory, as .ci/run does). The
// console is served through the proxy (built first when dist/ has none). Every instance gets PUBLIC_URL (the
// proxy's address: links in e-mails) and TRUST_PROXY (HAProxy's address: the client's address and scheme), which
// an instance behind a proxy needs. Ctrl-C stops everything it started. Type `r` and Enter for a rolling restart.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { startCluster, type Cluster } from './cluster/cluster';
import { haproxyInstalled, HAPROXY } from './cluster/haproxy';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'no-build': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const count = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error(`--instances must be 1 to 16, got ${values.instances}`);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
if (!haproxyInstalled()) {
  console.error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run installs it)`);
  process.exit(1);
}

if (!values['no-build'] && !existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  console.log('Building the console (dist/ has none) ...');
  if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const tag = (source: string) => `[${source}]`.padEnd(11);
const quietLine = (line: string) => /"level":30,.*"msg":"(incoming request|request completed)"/.test(line);
const log = (source: string, line: string) => {
  if (!values.quiet || !quietLine(line)) console.log(`${tag(source)}${line}`);
};

let cluster: Cluster | null = null;
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping: HAProxy, the instances (SIGTERM: each drains), then PostgreSQL if it is ours ...');
  await cluster?.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

console.log(`Starting ${count} instance(s) on ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'a private PostgreSQL cluster'} ...`);
cluster = await startCluster({ instances: count, port, databaseUrl: process.env.DATABASE_URL || undefined, log }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
/** An instance that exits while it is still one of the cluster's (not replaced by a rolling restart) ends the run. */
const watched = new Set<object>();
const watch = () => {
  for (const instance of cluster?.instances ?? []) {
    if (watched.has(instance)) continue;
    watched.add(instance);
    void instance.exited.then((exit) => {
      if (!stopping && cluster?.instances.includes(instance)) {
        console.error(`${instance.name} exited unexpectedly (${exit.code ?? exit.signal})`);
        void stop(1);
      }
    });
  }
};
watch();
console.log(`
Publisher portal on ${cluster.url} (HAProxy, deploy/haproxy.cfg) -> ${cluster.instances.map((i) => `${i.name} :${i.port}`).join(', ')}
HAProxy's server states: http://127.0.0.1:${cluster.proxy.statsPort}/
The development mailbox answers only direct loopback requests, not through the proxy: ${cluster.instances
  .map((i) => `http://127.0.0.1:${i.port}/dev/mailbox`)
  .join(' or ')} (each shows every instance's mail: the outbox is in the database)
Type r and Enter for a rolling restart; Ctrl-C stops everything.`);

if (process.stdin.isTTY || process.stdin.readable) {
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'r' || !cluster || stopping) return;
    void cluster
      .rollingRestart((message) => console.log(`${tag('cluster')}${message}`))
      .then((stops) => {
        watch();
        console.log(`${tag('cluster')}rolling restart done: ${stops.map((s) => `${s.name} stopped in ${s.stoppedInMs} ms`).join(', ')}`);
      });
  });
}
