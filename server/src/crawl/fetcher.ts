// The guarded fetcher of the ads.txt monitor (issue 27, item 2): the one place the server opens a connection to an
// address a publisher chose. A publisher's domain may resolve anywhere, including this network's own machines, so:
// - every host is resolved first and refused unless every address it resolves to is public (src/lib/hosts.ts:
//   isPublicIp refuses loopback, private, link-local, CGNAT, multicast and reserved ranges, IPv4 and IPv6); an IP
//   literal in an address (a redirect's Location: http://127.0.0.1/, http://[::1]/, http://0x7f.1/, which the URL
//   parser writes as 127.0.0.1) gets the same check;
// - the connection goes to the very address checked (the socket is opened to the IP, the name travels only as Host
//   and TLS server name), so no second lookup can answer something else (DNS rebinding);
// - every redirect goes through the same checks, at most MAX_REDIRECTS of them, and the caller's policy (the
//   crawler's root-domain rule) sees each before it is followed;
// - a whole request (connect, redirects, body) has TIMEOUT_MS, and a body past MAX_BODY_BYTES is an error;
// - at most `concurrency` requests at a time, and one at a time per host.
// For tests and local runs only, CRAWL_HOSTS (config.ts) maps domains to loopback host:port: a listed domain is
// reached over plain HTTP for both schemes at its mapped address with the domain as Host header; any other host is
// unreachable. The config refuses the setting in production mode.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { canonicalHostname, isIpLiteral, isPublicIp } from '../../../src/lib/hosts';

export const TIMEOUT_MS = 5_000;
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 5;
export const DEFAULT_CONCURRENCY = 8;

/** A domain's fixed address under CRAWL_HOSTS. */
export interface MappedAddress {
  host: string;
  port: number;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Why no HTTP answer came back. */
export type FetchFailure =
  | 'NOT_RESOLVED'
  | 'ADDRESS_REFUSED'
  | 'NOT_MAPPED'
  | 'CONNECTION_FAILED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'REDIRECT_REFUSED'
  | 'BAD_ADDRESS';

export interface FetchAnswer {
  ok: true;
  status: number;
  /** The address that answered, after the redirects. */
  url: string;
  /** Every address requested, the first one included. */
  chain: string[];
  headers: { contentType: string | null; cacheControl: string | null; expires: string | null; date: string | null };
  /** The body (UTF-8) of a 2xx answer; '' for any other status. */
  body: string;
}

export interface FetchError {
  ok: false;
  failure: FetchFailure;
  /** The address the failure happened at. */
  url: string;
  chain: string[];
}

export type FetchResult = FetchAnswer | FetchError;

/** Whether to follow a redirect from `chain` (the addresses so far, first one first) to `next`. */
export type RedirectPolicy = (chain: readonly URL[], next: URL) => boolean;

export interface FetcherOptions {
  /** CRAWL_HOSTS: null means real resolution with the public-address check. */
  hosts: ReadonlyMap<string, MappedAddress> | null;
  userAgent: string;
  concurrency?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** The DNS lookup (tests give answers without a network). */
  resolve?: Resolver;
}

export interface Fetcher {
  fetch(url: string, options?: { redirectPolicy?: RedirectPolicy }): Promise<FetchResult>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => lookup(hostname, { all: true, verbatim: true });

class Failure extends Error {
  constructor(readonly failure: FetchFailure) {
    super(failure);
  }
}

/** A counting semaphore with one slot per host: callers wait their turn in order. */
function limiter(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const hostTails = new Map<string, Promise<void>>();
  const acquire = async () => {
    if (active < concurrency) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async function run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const before = hostTails.get(host) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = before.then(() => mine);
    hostTails.set(host, tail);
    await before;
    await acquire();
    try {
      return await task();
    } finally {
      release();
      done();
      if (hostTails.get(host) === tail) hostTails.delete(host);
    }
  };
}

export function createFetcher(options: FetcherOptions): Fetcher {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const resolve = options.resolve ?? systemResolver;
  const run = limiter(options.concurrency ?? DEFAULT_CONCURRENCY);

  /** Where to open the socket for `url`: a checked public address, or the mapped loopback one. */
  async function target(url: URL): Promise<{ address: string; port: number; tls: boolean }> {
    const hostname = canonicalHostname(url.hostname);
    if (options.hosts) {
      const mapped = options.hosts.get(hostname);
      if (!mapped) throw new Failure('NOT_MAPPED');
      return { address: mapped.host, port: mapped.port, tls: false };
    }
    const tls = url.protocol === 'https:';
    const port = url.port ? Number(url.port) : tls ? 443 : 80;
    if (isIpLiteral(hostname)) {
      if (!isPublicIp(hostname)) throw new Failure('ADDRESS_REFUSED');
      return { address: hostname.replace(/^\[|\]$/g, ''), port, tls };
    }
    let answers: ResolvedAddress[];
    try {
      answers = await resolve(hostname);
    } catch {
      throw new Failure('NOT_RESOLVED');
    }
    if (answers.length === 0) throw new Failure('NOT_RESOLVED');
    // One private answer among public ones refuses the host: a resolver may hand out either on the next try.
    if (!answers.every((answer) => isPublicIp(answer.address))) throw new Failure('ADDRESS_REFUSED');
    return { address: (answers[0] as ResolvedAddress).address, port, tls };
  }

  function request(url: URL, to: { address: string; port: number; tls: boolean }, signal: AbortSignal): Promise<Omit<FetchAnswer, 'ok' | 'url' | 'chain'> & { location: string | null }> {
    return new Promise((resolvePromise, reject) => {
      const headers = { host: url.host, 'user-agent': options.userAgent, accept: 'text/plain, */*;q=0.1', 'accept-encoding': 'identity' };
      const common = { host: to.address, port: to.port, path: `${url.pathname}${url.search}`, method: 'GET', headers, agent: false as const, signal };
      const req = to.tls ? https.request({ ...common, servername: canonicalHostname(url.hostname) }) : http.request(common);
      req.on('error', (error) => reject(signal.aborted ? new Failure('TIMEOUT') : error instanceof Failure ? error : new Failure('CONNECTION_FAILED')));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const header = (name: string) => {
          const value = res.headers[name];
          return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : null;
        };
        const answer = {
          status,
          headers: { contentType: header('content-type'), cacheControl: header('cache-control'), expires: header('expires'), date: header('date') },
          location: header('location'),
        };
        if (status < 200 || status >= 300) {
          // Only the status matters: the connection is dropped rather than an error page read.
          res.destroy();
          resolvePromise({ ...answer, body: '' });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBodyBytes) {
          res.destroy();
          reject(new Failure('TOO_LARGE'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBodyBytes) {
            res.destroy();
            reject(new Failure('TOO_LARGE'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', () => reject(signal.aborted ? new Failure('TIMEOUT') : new Failure('CONNECTION_FAILED')));
        res.on('end', () => resolvePromise({ ...answer, body: new TextDecoder('utf-8').decode(Buffer.concat(chunks)) }));
      });
      req.end();
    });
  }

  async function follow(start: string, policy: RedirectPolicy | undefined): Promise<FetchResult> {
    const chain: URL[] = [];
    let url: URL;
    try {
      url = new URL(start);
    } catch {
      return { ok: false, failure: 'BAD_ADDRESS', url: start, chain: [start] };
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      for (;;) {
        chain.push(url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Failure('BAD_ADDRESS');
        const to = await target(url);
        if (controller.signal.aborted) throw new Failure('TIMEOUT');
        const answer = await request(url, to, controller.signal);
        if (!REDIRECTS.has(answer.status) || answer.location === null) {
          const { location: _location, ...rest } = answer;
          return { ok: true, ...rest, url: url.href, chain: chain.map((u) => u.href) };
        }
        if (chain.length > MAX_REDIRECTS) throw new Failure('TOO_MANY_REDIRECTS');
        let next: URL;
        try {
          next = new URL(answer.location, url);
        } catch {
          throw new Failure('BAD_ADDRESS');
        }
        if (policy && !policy(chain, next)) {
          chain.push(next);
          throw new Failure('REDIRECT_REFUSED');
        }
        url = next;
      }
    } catch (error) {
      const failure = error instanceof Failure ? error.failure : controller.signal.aborted ? 'TIMEOUT' : 'CONNECTION_FAILED';
      return { ok: false, failure, url: (chain[chain.length - 1] ?? url).href, chain: chain.map((u) => u.href) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch(url, fetchOptions = {}) {
      let host: string;
      try {
        host = canonicalHostname(new URL(url).hostname);
      } catch {
        host = url;
      }
      return run(host, () => follow(url, fetchOptions.redirectPolicy));
    },
  };
}

/** The User-Agent of every crawl: the portal's name and address, so a site's owner knows who asks. */
export function crawlerUserAgent(config: { publicUrl: string }): string {
  return `PublisherPortal-AdsTxtCrawler/1.0 (+${config.publicUrl})`;
}

/** CRAWL_HOSTS="atlasnews.com=127.0.0.1:9101,www.sakura-press.jp=127.0.0.1:9102": domain -> loopback address. */
export function parseCrawlHosts(raw: string): Map<string, MappedAddress> | string {
  const map = new Map<string, MappedAddress>();
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([^=\s]+)=(127(?:\.\d{1,3}){3}|\[::1\]):(\d{1,5})$/.exec(entry);
    const port = Number(match?.[3]);
    if (!match || port < 1 || port > 65535) return `CRAWL_HOSTS entry "${entry}" must be domain=127.0.0.1:port (a loopback address)`;
    const host = (match[2] as string).replace(/^\[|\]$/g, '');
    map.set(canonicalHostname(match[1] as string), { host, port });
  }
  return map;
}
