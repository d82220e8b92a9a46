// /metrics (issue 29): Prometheus text format, read here by a small parser of that format; the request histogram
// moves with each request, labelled by route pattern (never the address itself) and status; job runs and failures
// are counted; only this machine (a loopback socket without forwarded headers) or a METRICS_TOKEN holder reads it.
// And a request id on every answer and every log line of its request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { startRepeating } from '../../server/src/jobs';
import { createTestApp, type TestApp } from '../support/serverHarness';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format 0.0.4: `# HELP`/`# TYPE` lines, then `name{label="value",...} number` per sample. */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(res.body);
};
const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, v]) => sample.labels[key] === v))?.value ?? 0;

describe('/metrics', () => {
  it('counts each request in the duration histogram by route pattern and status, never by its address', async () => {
    const zone = { method: 'GET', route: '/external/zones/:zoneId', status: '200' };
    const before = await scrape();
    for (const id of [DEMO.zones.atlasNoSlots, 1001]) expect((await t.call({ method: 'GET', url: `/external/zones/${id}`, as: 'multi' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/external/zones/999999', as: 'multi' })).statusCode).toBe(404);
    const after = await scrape();
    expect(after.types.get('portal_http_request_duration_seconds')).toBe('histogram');
    expect(value(after.samples, 'portal_http_request_duration_seconds_count', zone) - value(before.samples, 'portal_http_request_duration_seconds_count', zone)).toBe(2);
    expect(value(after.samples, 'portal_http_requests_total', zone) - value(before.samples, 'portal_http_requests_total', zone)).toBe(2);
    expect(value(after.samples, 'portal_http_requests_total', { ...zone, status: '404' })).toBeGreaterThanOrEqual(1);
    const bucket = after.samples.find((sample) => sample.name === 'portal_http_request_duration_seconds_bucket' && sample.labels.route === zone.route && sample.labels.le === '+Inf');
    expect(bucket?.value).toBeGreaterThanOrEqual(2);
    expect(after.samples.some((sample) => /\d{3,}/.test(sample.labels.route ?? ''))).toBe(false);
    expect(after.samples.some((sample) => sample.name === 'portal_process_cpu_seconds_total')).toBe(true);
    expect(after.samples.some((sample) => sample.name === 'portal_nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('counts the background jobs’ runs and failures by job', async () => {
    let calls = 0;
    const stop = startRepeating('metrics-test-job', async () => {
      if (++calls === 1) throw new Error('the first run fails');
    }, { error: () => undefined }, 60_000);
    await stop();
    const { samples } = await scrape();
    expect(value(samples, 'portal_job_runs_total', { job: 'metrics-test-job' })).toBe(1);
    expect(value(samples, 'portal_job_failures_total', { job: 'metrics-test-job' })).toBe(1);
    expect(samples.some((sample) => sample.name === 'portal_mail_queued_total')).toBe(true);
  });

  it('is refused (403, the Error shape) to another machine without the token, and to a proxied request', async () => {
    const remote = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers });
    const refused = await remote();
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await remote({ authorization: 'Bearer not-the-token-of-at-least-32-characters' })).statusCode).toBe(403);
    expect((await remote({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.5' } })).statusCode).toBe(403);
  });
});

describe('request ids', () => {
  it('answers every request with an id, found on every log line of that request; a proxy’s plain X-Request-Id is kept', async () => {
    const res = await t.call({ method: 'GET', url: '/external/zones/1001', as: 'multi' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const own = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((line) => line.reqId === id);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);

    expect((await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'haproxy-1a2b3c' } })).headers['x-request-id']).toBe('haproxy-1a2b3c');
    const injected = await t.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'evil\\nline' } });
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.call({ method: 'GET', url: '/no-such-api-path' })).headers['x-request-id']).toBeDefined();
  });
});
