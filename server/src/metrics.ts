// What an instance tells Prometheus (issue 29), with prom-client: requests by route pattern (never the raw address,
// which carries ids and tokens) and status, their durations, the database pool's use and waits, the background
// jobs' runs and failures, the e-mails queued and delivered, and the process itself (CPU, memory, event loop, GC).
// One registry per process: the jobs and the mail delivery belong to the process, and an app serves it at /metrics
// (http/metricsRoute.ts). README "Running it" says what to alert on.
import client from 'prom-client';

export const registry = new client.Registry();

export const httpRequests = new client.Counter({
  name: 'portal_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const dbWait = new client.Histogram({
  name: 'portal_db_pool_wait_seconds',
  help: 'Time a transaction waited for a pooled PostgreSQL connection',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [registry],
});

export const jobRuns = new client.Counter({ name: 'portal_job_runs_total', help: 'Runs of the background jobs, by job', labelNames: ['job'] as const, registers: [registry] });
export const jobFailures = new client.Counter({ name: 'portal_job_failures_total', help: 'Failed runs of the background jobs, by job', labelNames: ['job'] as const, registers: [registry] });
export const jobDuration = new client.Histogram({
  name: 'portal_job_duration_seconds',
  help: 'How long a background job run took, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 1, 10, 60, 300],
  registers: [registry],
});

export const mailsQueued = new client.Counter({ name: 'portal_mail_queued_total', help: 'E-mails written to the outbox', registers: [registry] });
export const mailsDelivered = new client.Counter({
  name: 'portal_mail_delivered_total',
  help: 'E-mails handed to SMTP, by result (sent, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** What a pool reports on each scrape (node-postgres: total, idle and waiting clients); PGlite has none. */
export interface PoolState {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

let poolState: (() => PoolState) | null = null;

/** The pool /metrics reports (the one the instance opened; the last one given, in a process that opens several). */
export function observePool(state: () => PoolState): void {
  poolState = state;
}

const poolGauge = (name: string, help: string, read: (state: PoolState) => number) =>
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      if (poolState) this.set(read(poolState()));
    },
  });
poolGauge('portal_db_pool_max_connections', 'Connections the pool may open (DATABASE_POOL_SIZE)', (state) => state.max);
poolGauge('portal_db_pool_connections', 'Connections the pool holds open', (state) => state.total);
poolGauge('portal_db_pool_in_use', 'Connections checked out by requests and jobs', (state) => state.total - state.idle);
poolGauge('portal_db_pool_waiting', 'Requests waiting for a connection', (state) => state.waiting);

let processMetrics = false;

/** The text Prometheus reads; the process's own metrics are collected from the first scrape on. */
export async function scrape(): Promise<string> {
  if (!processMetrics) {
    processMetrics = true;
    client.collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  }
  return registry.metrics();
}

export const CONTENT_TYPE = registry.contentType;
