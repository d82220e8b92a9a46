// The development mailbox shows every reset link and temporary password the server "sent": it must answer only
// whoever holds its key (random at each start, printed once on the server's console with its address), whatever
// sits in front of the server, and only the developer's own machine: loopback client, loopback Host header (no
// DNS rebinding), no proxy in between, and off whenever the server listens beyond loopback unless a setting that
// says it is unsafe turns it on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, mailbox as mailboxUrl, testConfig, type TestApp } from '../support/serverHarness';
import { ConfigError } from '../../server/src/config';
import { redactUrl } from '../../server/src/http/logging';

const PAGES = ['/dev/mailbox/messages', '/dev/mailbox'] as const;

/** The statuses of the JSON listing and the page; `key` false: without the key, a string: with that one. */
async function mailbox(t: TestApp, options: Pick<InjectOptions, 'remoteAddress' | 'headers'> & { key?: string | false } = {}): Promise<number[]> {
  const { key, ...request } = options;
  const statuses: number[] = [];
  for (const page of PAGES) {
    const url = key === false ? page : key === undefined ? mailboxUrl(t, page) : `${page}?key=${encodeURIComponent(key)}`;
    const res = await t.call({ method: 'GET', url, ...request });
    if (res.statusCode !== 200) expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development', HOST: '127.0.0.1' });
    await t.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email: 'solo@publisher.example' } });
  });
  afterAll(() => t.close());

  it('is random at each start: 32 URL-safe characters, another for each server', () => {
    const keys = [t.config.devMailboxKey, testConfig({ NODE_ENV: 'development' }).devMailboxKey, testConfig({ NODE_ENV: 'development' }).devMailboxKey];
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(keys).size).toBe(3);
  });

  it('opens the mailbox, as JSON and as a page', async () => {
    expect(await mailbox(t, { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } })).toEqual([200, 200]);
  });

  it.each([
    ['no key', false],
    ['an empty key', ''],
    ["another server's key", testConfig({ NODE_ENV: 'development' }).devMailboxKey!],
    ['the key but its last character', 'KEY-1'],
    ['the key in capitals', 'KEY-UPPER'],
    ['the key with more after it', 'KEY+x'],
  ] as const)('answers %s with the 404 of a missing page, even to this machine', async (_what, given) => {
    const key = t.config.devMailboxKey!;
    const value = given === 'KEY-1' ? key.slice(0, -1) : given === 'KEY-UPPER' ? key.toUpperCase() : given === 'KEY+x' ? `${key}x` : given;
    expect(await mailbox(t, { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' }, key: value })).toEqual([404, 404]);
  });

  it('protects it behind a proxy on this machine that rewrites Host to the upstream and adds no forwarding header', async () => {
    // nginx's default proxy_pass: the peer is loopback, Host is the upstream's, nothing says a proxy was there.
    const proxied = { remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:8080' } };
    expect(await mailbox(t, { ...proxied, key: false })).toEqual([404, 404]);
    expect(await mailbox(t, { ...proxied, key: 'guess' })).toEqual([404, 404]);
  });

  it('is kept from the pages a reset link opens (no Referer) and masked in logged addresses', async () => {
    const page = await t.call({ method: 'GET', url: mailboxUrl(t, '/dev/mailbox'), remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(redactUrl(mailboxUrl(t, '/dev/mailbox/messages', { to: 'a@b.example' }))).toBe('/dev/mailbox/messages?key=***&to=a%40b.example');
  });
});

describe('development mode on a loopback address (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development', HOST: '127.0.0.1' });
    await t.call({ method: 'POST', url: '/auth/forget-pwd', payload: { email: 'solo@publisher.example' } });
  });
  afterAll(() => t.close());

  it.each([
    ['127.0.0.1', 'localhost:8080'],
    ['127.0.0.1', '127.0.0.1:8080'],
    ['::1', '[::1]:8080'],
    ['::ffff:127.0.0.1', 'LOCALHOST'],
    ['127.0.0.2', '127.0.0.1'],
  ])('shows the mail to a loopback client (%s) asking for a loopback host (%s)', async (remoteAddress, host) => {
    expect(await mailbox(t, { remoteAddress, headers: { host } })).toEqual([200, 200]);
    const res = await t.call({ method: 'GET', url: mailboxUrl(t), remoteAddress, headers: { host } });
    expect(res.json()[0]).toMatchObject({ to: 'solo@publisher.example', link: expect.stringContaining('tk=') });
  });

  it.each(['192.0.2.10', '10.0.0.5', '::ffff:192.0.2.10', '2001:db8::1'])('answers a client at %s as if there were no mailbox', async (remoteAddress) => {
    expect(await mailbox(t, { remoteAddress, headers: { host: 'localhost:8080' } })).toEqual([404, 404]);
  });

  it.each(['attacker.example', 'localhost.attacker.example', '127.0.0.1.nip.io', '192.0.2.10:8080'])(
    'refuses the Host %s even from a loopback client (DNS rebinding)',
    async (host) => {
      expect(await mailbox(t, { remoteAddress: '127.0.0.1', headers: { host } })).toEqual([404, 404]);
    },
  );

  it.each([{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }])(
    'refuses a request that came through a proxy on this machine (%o)',
    async (proxyHeaders) => {
      expect(await mailbox(t, { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080', ...proxyHeaders } })).toEqual([404, 404]);
    },
  );
});

describe('development mode listening beyond loopback', () => {
  let closed: TestApp;
  let unsafe: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    unsafe = await createTestApp({ NODE_ENV: 'development', HOST: '0.0.0.0', UNSAFE_DEV_MAILBOX_ON_NON_LOOPBACK_HOST: 'true' });
  });
  afterAll(async () => {
    await closed.close();
    await unsafe.close();
  });

  it('turns the mailbox off, even for the machine itself: there is no key to hold', async () => {
    expect(closed.config.devMailboxKey).toBeNull();
    expect(await mailbox(closed, { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } })).toEqual([404, 404]);
  });

  it('turns it on again with the unsafe setting, still for loopback clients and hosts only', async () => {
    expect(await mailbox(unsafe, { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } })).toEqual([200, 200]);
    expect(await mailbox(unsafe, { remoteAddress: '192.0.2.10', headers: { host: 'localhost:8080' } })).toEqual([404, 404]);
    expect(await mailbox(unsafe, { remoteAddress: '127.0.0.1', headers: { host: 'portal.example' } })).toEqual([404, 404]);
  });

  it.each(['::', '192.0.2.1', 'portal.example'])('counts %s as beyond loopback', (host) => {
    expect(testConfig({ NODE_ENV: 'development', HOST: host }).devMailbox).toBe(false);
  });

  it.each(['127.0.0.1', '::1', 'localhost', '127.1.2.3'])('counts %s as loopback', (host) => {
    expect(testConfig({ NODE_ENV: 'development', HOST: host }).devMailbox).toBe(true);
  });

  it('refuses the unsafe setting in production mode at start-up, and anything but true or false', () => {
    expect(() => testConfig({ NODE_ENV: 'production', UNSAFE_DEV_MAILBOX_ON_NON_LOOPBACK_HOST: 'true' })).toThrow(ConfigError);
    expect(() => testConfig({ UNSAFE_DEV_MAILBOX_ON_NON_LOOPBACK_HOST: 'yes' })).toThrow(ConfigError);
    expect(testConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
  });
});
