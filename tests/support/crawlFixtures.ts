// A local web site for the ads.txt crawler's tests: one node:http server on loopback answering per Host header
// and path from a table the test changes as it goes; it records every request it gets (host, path, user agent).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Never answer (the crawler's timeout). */
  hang?: boolean;
  /** Send the headers and this start of the body, then nothing more. */
  stallAfter?: string;
  /** Answer after this many ms (a slow site: the concurrency tests). */
  delayMs?: number;
}

export interface SeenRequest {
  host: string;
  path: string;
  userAgent: string;
}

export interface FixtureSite {
  port: number;
  /** `host/path` (host without port) -> answer; unknown ones get 404. */
  routes: Map<string, FixtureAnswer>;
  seen: SeenRequest[];
  /** The most requests in progress at once, overall and per host. */
  peak: { all: number; perHost: number };
  /** CRAWL_HOSTS text mapping each domain to this site. */
  crawlHosts(domains: readonly string[]): string;
  close(): Promise<void>;
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const routes = new Map<string, FixtureAnswer>();
  const seen: SeenRequest[] = [];
  const peak = { all: 0, perHost: 0 };
  let active = 0;
  const activeByHost = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = req.url ?? '/';
    seen.push({ host, path, userAgent: req.headers['user-agent'] ?? '' });
    const answer = routes.get(`${host}${path}`) ?? { status: 404, headers: { 'content-type': 'text/html' }, body: '<html>Not found</html>' };
    if (answer.hang) {
      hanging.add(res);
      return;
    }
    if (answer.stallAfter !== undefined) {
      hanging.add(res);
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' });
      res.write(answer.stallAfter);
      return;
    }
    active += 1;
    const byHost = (activeByHost.get(host) ?? 0) + 1;
    activeByHost.set(host, byHost);
    peak.all = Math.max(peak.all, active);
    peak.perHost = Math.max(peak.perHost, byHost);
    const send = () => {
      active -= 1;
      activeByHost.set(host, (activeByHost.get(host) ?? 1) - 1);
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers });
      res.end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    routes,
    seen,
    peak,
    crawlHosts: (domains) => domains.map((domain) => `${domain}=127.0.0.1:${port}`).join(','),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
