import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backendForHost,
  getRuntimeConfig,
  loadRuntimeConfig,
  parseConsoleConfig,
  resolveRuntimeConfig,
  RuntimeConfigError,
  setRuntimeConfig,
} from '../../../src/config/runtimeConfig';
import { consoleConfig, runtimeConfig } from '../../support/builders';

const at = (href: string) => ({ hostname: new URL(href).hostname, href });
const config = consoleConfig();

describe('backendForHost (spec section 7)', () => {
  it.each([
    ['localhost', 'staging'],
    ['app.localhost', 'staging'],
    ['127.0.0.1', 'staging'],
    ['10.1.2.3', 'staging'],
    ['203.0.113.7', 'staging'],
    ['[::1]', 'staging'],
    ['[2001:db8::5]', 'staging'],
    ['test.adnetwork.example', 'staging'],
    ['feature-42.test.adnetwork.example', 'staging'],
    ['FEATURE-42.TEST.ADNETWORK.EXAMPLE', 'staging'],
    ['portal.adnetwork.example', 'production'],
    ['portal.staging.adnetwork.example', 'production'],
    ['publishers.example.com', 'production'],
    ['127.0.0.1.nip.example', 'production'],
  ] as const)('%s -> %s', (hostname, backend) => {
    expect(backendForHost(hostname, config.hosts)).toBe(backend);
  });

  it('keeps the production host on production even when it would match a staging rule', () => {
    const hosts = { ...config.hosts, production: 'portal.test.adnetwork.example' };
    expect(backendForHost('portal.test.adnetwork.example', hosts)).toBe('production');
    expect(backendForHost('other.test.adnetwork.example', hosts)).toBe('staging');
  });

  it('never matches an empty internal test domain', () => {
    expect(backendForHost('portal.example.com', { ...config.hosts, internalTestDomain: '' })).toBe('production');
  });
});

describe('resolveRuntimeConfig', () => {
  it('uses the production backend, production look and payments on the production host', () => {
    expect(resolveRuntimeConfig(config, at('https://portal.adnetwork.example/#/zones'))).toEqual({
      environment: 'production',
      backend: 'production',
      authBaseUrl: 'https://auth.adnetwork.example',
      apiBaseUrl: 'https://api.adnetwork.example',
      internalPublisherUrl: 'https://admin.adnetwork.example/publishers/{publisherId}/settings',
      internalZoneUrl: 'https://admin.adnetwork.example/zones/{zoneId}/settings',
      paymentsEnabled: true,
      supportEmail: config.supportEmail,
      faqUrl: config.faqUrl,
      gdprTermsUrl: config.gdprTermsUrl,
      maintenance: false,
    });
  });

  it('uses the staging backend and the development look on localhost, without payments', () => {
    const resolved = resolveRuntimeConfig(config, at('http://localhost:5173/login'));
    expect(resolved).toMatchObject({
      environment: 'development',
      backend: 'staging',
      authBaseUrl: 'https://auth.test.adnetwork.example',
      apiBaseUrl: 'https://api.test.adnetwork.example',
      internalZoneUrl: 'https://admin.staging.adnetwork.example/zones/{zoneId}/settings',
      paymentsEnabled: false,
    });
  });

  it('shows the staging banner on the staging host', () => {
    expect(resolveRuntimeConfig(config, at('https://portal.staging.adnetwork.example/')).environment).toBe('staging');
  });

  it('lets forceEnvironment change the look and payments but not the backend', () => {
    const forced = resolveRuntimeConfig({ ...config, forceEnvironment: 'production' }, at('http://127.0.0.1:8080/'));
    expect(forced).toMatchObject({ environment: 'production', paymentsEnabled: true, backend: 'staging' });
    const staged = resolveRuntimeConfig({ ...config, forceEnvironment: 'staging' }, at('https://portal.adnetwork.example/'));
    expect(staged).toMatchObject({ environment: 'staging', paymentsEnabled: false, backend: 'production' });
  });

  it('does not let the path or query pick the backend', () => {
    const resolved = resolveRuntimeConfig(config, at('https://portal.adnetwork.example/?next=http://localhost/127.0.0.1'));
    expect(resolved.backend).toBe('production');
  });

  it('passes the maintenance flag through', () => {
    expect(resolveRuntimeConfig({ ...config, maintenance: true }, at('https://portal.adnetwork.example/')).maintenance).toBe(true);
  });
});

describe('parseConsoleConfig', () => {
  it('accepts the contract shape', () => {
    expect(parseConsoleConfig(JSON.parse(JSON.stringify(config)))).toEqual(config);
  });

  it('lists every problem by path in one readable error', () => {
    const broken = { ...config, hosts: { production: 42, staging: 'x' }, forceEnvironment: 'qa', maintenance: 'no' };
    expect(() => parseConsoleConfig(broken)).toThrowError(
      new RuntimeConfigError(
        [
          'Invalid /config.json:',
          '- hosts.production: expected a string',
          '- hosts.internalTestDomain: missing',
          "- forceEnvironment: expected 'production', 'staging', 'development' or null",
          '- maintenance: expected true or false',
        ].join('\n'),
      ),
    );
  });

  it('refuses a non-object', () => {
    expect(() => parseConsoleConfig([])).toThrow('Invalid /config.json: expected a JSON object');
  });
});

describe('loadRuntimeConfig', () => {
  const location = at('https://feature.test.adnetwork.example/login');

  it('fetches /config.json from the page origin without caching and resolves it', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(config));
    const resolved = await loadRuntimeConfig(fetchImpl, location);
    expect(resolved.backend).toBe('staging');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(String(url)).toBe('https://feature.test.adnetwork.example/config.json');
    expect(init?.cache).toBe('no-store');
  });

  it('fails readably on an HTTP error, broken JSON and an invalid shape', async () => {
    await expect(loadRuntimeConfig(async () => new Response('', { status: 503 }), location)).rejects.toThrow(
      'Could not load /config.json: HTTP 503',
    );
    await expect(loadRuntimeConfig(async () => new Response('<html>'), location)).rejects.toThrow(
      'Invalid /config.json: not valid JSON',
    );
    await expect(loadRuntimeConfig(async () => Response.json({ ...config, faqUrl: null }), location)).rejects.toThrow(
      '- faqUrl: expected a string',
    );
  });

  it('fails readably when the network fails', async () => {
    const failing = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(loadRuntimeConfig(failing, location)).rejects.toThrow('Could not load /config.json: fetch failed');
  });
});

describe('runtime config singleton', () => {
  afterEach(() => setRuntimeConfig(runtimeConfig()));

  it('returns what start-up set', () => {
    const configured = runtimeConfig({ environment: 'production', paymentsEnabled: true });
    setRuntimeConfig(configured);
    expect(getRuntimeConfig()).toBe(configured);
  });
});
