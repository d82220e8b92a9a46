// The development mailbox shows every reset link and temporary password the server "sent": it must answer only
// the developer's own machine. Loopback client, loopback Host header (no DNS rebinding), no proxy in between,
// and off whenever the server listens beyond loopback unless a setting that says it is unsafe turns it on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, testConfig, type TestApp } from '../support/serverHarness';
import { ConfigError } from '../../server/src/config';

const MAILBOX_URLS = ['/dev/mailbox/messages', '/dev/mailbox'];

async function mailbox(t: TestApp, options: Pick<InjectOptions, 'remoteAddress' | 'headers'> = {}): Promise<number[]> {
  const statuses: number[] = [];
  for (const url of MAILBOX_URLS) {
    const res = await t.call({ method: 'GET', url, ...options });
    if (res.statusCode !== 200) expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    statuses.push(res.statusCode);
  }
  return statuses;
}

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
    const res = await t.call({ method: 'GET', url: '/dev/mailbox/messages', remoteAddress, headers: { host } });
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

  it('turns the mailbox off, even for the machine itself', async () => {
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
