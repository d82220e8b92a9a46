// The ads.txt crawler's guarded fetcher against a local fixture site (no internet): what it reaches through
// CRAWL_HOSTS, the addresses it refuses without it, its timeout, size cap, redirect limit and concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, MAX_BODY_BYTES, type FetchResult, type Resolver } from '../../server/src/crawl/fetcher';
import { ConfigError } from '../../server/src/config';
import { testConfig } from '../support/serverHarness';
import { startFixtureSite, type FixtureSite } from '../support/crawlFixtures';

const UA = 'PublisherPortal-AdsTxtCrawler/1.0 (+http://portal.test)';
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

function mapped(domains: string[], extra: { timeoutMs?: number; concurrency?: number } = {}) {
  const config = testConfig({ CRAWL_HOSTS: site.crawlHosts(domains) });
  return createFetcher({ hosts: config.crawlHosts, userAgent: UA, ...extra });
}

const failure = (result: FetchResult) => (result.ok ? `answered ${result.status}` : result.failure);

describe('CRAWL_HOSTS', () => {
  it('reaches a listed domain over plain HTTP for both schemes, with the domain as Host and the portal as User-Agent', async () => {
    site.routes.set('atlas.test/ads.txt', { body: 'adnetwork.example, 1, DIRECT\n', headers: { 'cache-control': 'max-age=172800' } });
    const fetcher = mapped(['atlas.test']);
    for (const scheme of ['https', 'http']) {
      const result = await fetcher.fetch(`${scheme}://atlas.test/ads.txt`);
      expect(result).toMatchObject({ ok: true, status: 200, body: 'adnetwork.example, 1, DIRECT\n', url: `${scheme}://atlas.test/ads.txt` });
      expect(result.ok && result.headers).toMatchObject({ contentType: 'text/plain; charset=utf-8', cacheControl: 'max-age=172800' });
    }
    expect(site.seen.filter((r) => r.host === 'atlas.test').map((r) => [r.path, r.userAgent])).toEqual([
      ['/ads.txt', UA],
      ['/ads.txt', UA],
    ]);
  });

  it('refuses every host it does not list, a redirect to 127.0.0.1 included', async () => {
    site.routes.set('listed.test/ads.txt', { status: 302, headers: { location: `http://127.0.0.1:${site.port}/ads.txt` } });
    const fetcher = mapped(['listed.test']);
    expect(failure(await fetcher.fetch('https://unlisted.test/ads.txt'))).toBe('NOT_MAPPED');
    const result = await fetcher.fetch('https://listed.test/ads.txt');
    expect(result).toMatchObject({ ok: false, failure: 'NOT_MAPPED', chain: ['https://listed.test/ads.txt', `http://127.0.0.1:${site.port}/ads.txt`] });
    expect(site.seen.some((r) => r.host === '127.0.0.1')).toBe(false);
  });

  it('is refused in production mode and must map to loopback addresses', () => {
    expect(() => testConfig({ NODE_ENV: 'production', CRAWL_HOSTS: 'atlas.test=127.0.0.1:9101' })).toThrow(/CRAWL_HOSTS.*production/);
    expect(() => testConfig({ CRAWL_HOSTS: 'atlas.test=10.0.0.1:80' })).toThrow(ConfigError);
    expect(() => testConfig({ CRAWL_HOSTS: 'atlas.test=127.0.0.1:99999' })).toThrow(ConfigError);
    expect(testConfig({ CRAWL_HOSTS: 'Atlas.test=127.0.0.1:9101,b.test=[::1]:9102' }).crawlHosts).toEqual(
      new Map([['atlas.test', { host: '127.0.0.1', port: 9101 }], ['b.test', { host: '::1', port: 9102 }]]),
    );
    expect(testConfig().crawlHosts).toBeNull();
  });

  it('decides whether the instance crawls on its own: production yes, development only with CRAWL_HOSTS, unless told', () => {
    expect(testConfig({ NODE_ENV: 'production' }).crawlSchedule).toBe(true);
    expect(testConfig().crawlSchedule).toBe(false);
    expect(testConfig({ CRAWL_HOSTS: 'atlas.test=127.0.0.1:9101' }).crawlSchedule).toBe(true);
    expect(testConfig({ CRAWL_SCHEDULE: 'true' }).crawlSchedule).toBe(true);
    expect(testConfig({ NODE_ENV: 'production', CRAWL_SCHEDULE: 'false' }).crawlSchedule).toBe(false);
    expect(() => testConfig({ CRAWL_SCHEDULE: 'sometimes' })).toThrow(ConfigError);
  });
});

describe('without CRAWL_HOSTS: public addresses only', () => {
  const resolverOf = (answers: Record<string, string[]>): Resolver => async (hostname) => {
    const list = answers[hostname];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const fetcher = createFetcher({
    hosts: null,
    userAgent: UA,
    timeoutMs: 1000,
    resolve: resolverOf({
      'private.test': ['10.0.0.1'],
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
      'linklocal.test': ['169.254.169.254'],
      'v6loop.test': ['::1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'ula.test': ['fd00::1'],
    }),
  });

  it.each([
    ['a DNS answer of 10.0.0.1', 'http://private.test/ads.txt'],
    ['one private answer among public ones', 'https://mixed.test/ads.txt'],
    ['a link-local answer (cloud metadata)', 'http://linklocal.test/ads.txt'],
    ['an IPv6 loopback answer', 'http://v6loop.test/ads.txt'],
    ['an IPv4-mapped loopback answer', 'http://mapped.test/ads.txt'],
    ['a unique-local IPv6 answer', 'http://ula.test/ads.txt'],
    ['127.0.0.1 itself', `http://127.0.0.1:${0}/ads.txt`],
    ['[::1]', 'http://[::1]/ads.txt'],
    ['0x7f.1 (127.0.0.1 in hex shorthand)', 'http://0x7f.1/ads.txt'],
    ['2130706433 (127.0.0.1 as one number)', 'http://2130706433/ads.txt'],
    ['0.0.0.0', 'http://0.0.0.0/ads.txt'],
    ['192.168.1.1', 'https://192.168.1.1/ads.txt'],
  ])('refuses %s before connecting', async (_name, url) => {
    const before = site.seen.length;
    expect(failure(await fetcher.fetch(url.replace(':0/', `:${site.port}/`)))).toBe('ADDRESS_REFUSED');
    expect(site.seen.length).toBe(before);
  });

  it('reports a name that does not resolve, and refuses addresses that are not http(s)', async () => {
    expect(failure(await fetcher.fetch('http://nowhere.test/ads.txt'))).toBe('NOT_RESOLVED');
    expect(failure(await fetcher.fetch('file:///etc/passwd'))).toBe('BAD_ADDRESS');
  });
});

describe('limits', () => {
  it('gives up after the timeout', async () => {
    site.routes.set('slow.test/ads.txt', { hang: true });
    const result = await mapped(['slow.test'], { timeoutMs: 150 }).fetch('https://slow.test/ads.txt');
    expect(failure(result)).toBe('TIMEOUT');
  });

  it('gives up on a body that stops midway', async () => {
    site.routes.set('stall.test/ads.txt', { stallAfter: 'adnetwork.example, 1, DIRECT\n' });
    const result = await mapped(['stall.test'], { timeoutMs: 150 }).fetch('https://stall.test/ads.txt');
    expect(failure(result)).toBe('TIMEOUT');
  });

  it('reads 1 MiB and refuses one byte more, declared or not', async () => {
    site.routes.set('full.test/ads.txt', { body: Buffer.alloc(MAX_BODY_BYTES, 'a') });
    site.routes.set('big.test/ads.txt', { body: Buffer.alloc(MAX_BODY_BYTES + 1, 'a') });
    site.routes.set('chunked.test/ads.txt', { body: Buffer.alloc(MAX_BODY_BYTES + 1, 'a'), headers: { 'transfer-encoding': 'chunked' } });
    const fetcher = mapped(['full.test', 'big.test', 'chunked.test']);
    const full = await fetcher.fetch('https://full.test/ads.txt');
    expect(full.ok && full.body.length).toBe(MAX_BODY_BYTES);
    expect(failure(await fetcher.fetch('https://big.test/ads.txt'))).toBe('TOO_LARGE');
    expect(failure(await fetcher.fetch('https://chunked.test/ads.txt'))).toBe('TOO_LARGE');
  });

  it('follows 5 redirects and refuses a sixth', async () => {
    for (let hop = 0; hop < 6; hop += 1) site.routes.set(`hops.test/${hop}`, { status: 301, headers: { location: `/${hop + 1}` } });
    site.routes.set('hops.test/6', { body: 'end' });
    site.routes.set('hops.test/final5', { body: 'five' });
    const fetcher = mapped(['hops.test']);
    const six = await fetcher.fetch('https://hops.test/0');
    expect(six).toMatchObject({ ok: false, failure: 'TOO_MANY_REDIRECTS' });
    site.routes.set('hops.test/4', { status: 308, headers: { location: 'https://hops.test/final5' } });
    const five = await fetcher.fetch('https://hops.test/0');
    expect(five).toMatchObject({ ok: true, body: 'five', url: 'https://hops.test/final5' });
    expect(five.chain).toHaveLength(6);
  });

  it('asks the redirect policy before following', async () => {
    site.routes.set('policy.test/ads.txt', { status: 302, headers: { location: 'https://elsewhere.test/ads.txt' } });
    site.routes.set('elsewhere.test/ads.txt', { body: 'x' });
    const fetcher = mapped(['policy.test', 'elsewhere.test']);
    const refused = await fetcher.fetch('https://policy.test/ads.txt', { redirectPolicy: (_chain, next) => next.hostname === 'policy.test' });
    expect(refused).toMatchObject({ ok: false, failure: 'REDIRECT_REFUSED', url: 'https://elsewhere.test/ads.txt' });
    expect(await fetcher.fetch('https://policy.test/ads.txt', { redirectPolicy: () => true })).toMatchObject({ ok: true, body: 'x' });
  });

  it('answers a status without reading an error page', async () => {
    site.routes.set('err.test/ads.txt', { status: 503, body: 'down' });
    expect(await mapped(['err.test']).fetch('https://err.test/ads.txt')).toMatchObject({ ok: true, status: 503, body: '' });
  });

  it('makes one request at a time per host and at most `concurrency` overall', async () => {
    const hosts = ['c1.test', 'c2.test', 'c3.test', 'c4.test'];
    for (const host of hosts) site.routes.set(`${host}/ads.txt`, { body: host, delayMs: 15 });
    site.peak.all = 0;
    site.peak.perHost = 0;
    const fetcher = mapped(hosts, { concurrency: 2 });
    const results = await Promise.all(hosts.flatMap((host) => [1, 2, 3].map(() => fetcher.fetch(`https://${host}/ads.txt`))));
    expect(results.every((r) => r.ok && r.status === 200)).toBe(true);
    expect(site.peak.perHost).toBe(1);
    expect(site.peak.all).toBe(2);
  });
});
