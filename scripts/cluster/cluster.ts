// Several instances behind HAProxy on one PostgreSQL database, in one process tree that stops as a whole: what
// `npm run cluster`, the rolling-restart test and `npm run bench:cluster` start. PostgreSQL is the given URL's or a
// private throw-away cluster's; the instances start together (the migrations and the demo seed run once, under
// their locks); HAProxy runs deploy/haproxy.cfg with its server lines pointing at them.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startHaproxy, type RunningProxy } from './haproxy';
import { startInstance, type RunningInstance, type InstanceOptions } from './instances';
import { freePort } from './ports';
import { startPrivatePostgres, type PrivatePostgres } from './postgres';

export interface ClusterOptions {
  instances: number;
  /** The proxy's port; a free one by default. */
  port?: number;
  /** PostgreSQL to use; a private throw-away cluster when absent. */
  databaseUrl?: string;
  /** Environment of every instance (NODE_ENV, LOG_LEVEL, SHUTDOWN_DRAIN_MS, DATABASE_POOL_SIZE, ...). */
  env?: NodeJS.ProcessEnv;
  /** HAProxy's health-check interval ('1s' in the deployment). */
  checkInterval?: string;
  log?: (source: string, line: string) => void;
}

export interface Cluster {
  /** http://127.0.0.1:PORT, the proxy. */
  url: string;
  databaseUrl: string;
  /** The private PostgreSQL cluster, when this one started it. */
  postgres: PrivatePostgres | null;
  proxy: RunningProxy;
  /** The instances now, by position (a restart replaces one). */
  instances: RunningInstance[];
  /** Starts the successor of the instance at `index` (stopped before) on its port; resolves once HAProxy sees it UP. */
  replace(index: number): Promise<RunningInstance>;
  /**
   * Replaces each instance in turn, as a deployment rolls a new version (here the same bundle, built when the
   * cluster started: scripts/buildServer.ts; restart the cluster to run edited sources): SIGTERM (it drains), wait
   * for its exit, start its successor on the same port, wait until HAProxy sees it UP, then the next. Answers each
   * stop.
   */
  rollingRestart(onStep?: (message: string) => void): Promise<{ name: string; stoppedInMs: number; exitCode: number | null }[]>;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-cluster-'));
  let postgres: PrivatePostgres | null = null;
  const instances: RunningInstance[] = [];
  let proxy: RunningProxy | null = null;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
    await postgres?.dispose();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    if (!options.databaseUrl) {
      postgres = await startPrivatePostgres();
      options.log?.('postgres', `private PostgreSQL cluster on port ${postgres.port} (${postgres.dir}), removed at the end`);
    }
    const databaseUrl = options.databaseUrl ?? postgres!.url;
    const proxyPort = options.port ?? (await freePort());
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const settings = (index: number): InstanceOptions => ({
      name: `api${index + 1}`,
      port: ports[index]!,
      databaseUrl,
      publicUrl: `http://127.0.0.1:${proxyPort}`,
      // HAProxy reaches the instances from this machine's loopback address.
      trustProxy: '127.0.0.1',
      env: options.env,
      log: (line) => options.log?.(`api${index + 1}`, line),
    });
    // Together, on purpose: the first start of an empty database is the race the migration and seed locks settle.
    const started = await Promise.allSettled(ports.map((_, index) => startInstance(settings(index))));
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    proxy = await startHaproxy({
      port: proxyPort,
      servers: instances.map((instance) => ({ name: instance.name, port: instance.port })),
      dir,
      checkInterval: options.checkInterval,
      log: (line) => options.log?.('haproxy', line),
    });
    for (const instance of instances) await proxy.waitFor(instance.name, 'UP');
    const running = proxy;
    const replace = async (index: number) => {
      const successor = await startInstance(settings(index));
      instances[index] = successor;
      await running.waitFor(successor.name, 'UP');
      return successor;
    };
    return {
      url: `http://127.0.0.1:${proxyPort}`,
      databaseUrl,
      postgres,
      proxy: running,
      instances,
      replace,
      async rollingRestart(onStep) {
        const stops = [];
        for (let index = 0; index < instances.length; index++) {
          const old = instances[index]!;
          onStep?.(`${old.name}: SIGTERM`);
          const stopped = await old.stop('SIGTERM');
          stops.push({ name: old.name, stoppedInMs: stopped.ms, exitCode: stopped.code });
          onStep?.(`${old.name}: exited ${stopped.code} after ${stopped.ms} ms; starting its successor`);
          await replace(index);
          onStep?.(`${old.name}: UP again in HAProxy`);
        }
        return stops;
      },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
