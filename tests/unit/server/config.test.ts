// The server's configuration: the test suites' cheap password hashing cannot be switched on outside a test run.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/src/config';

describe('the internal settings links (PORTAL_*_INTERNAL_*_URL)', () => {
  it('default to the internal admin of each backend and take absolute http(s) templates only', () => {
    expect(loadConfig({}).console.internalSettings.staging.zoneUrl).toBe('https://admin.staging.adnetwork.example/zones/{zoneId}/settings');
    const url = 'https://staff.example/p/{publisherId}';
    expect(loadConfig({ PORTAL_PRODUCTION_INTERNAL_PUBLISHER_URL: url }).console.internalSettings.production.publisherUrl).toBe(url);
    for (const bad of ['/relative/{zoneId}', 'javascript:alert(1)', 'not a url']) {
      expect(() => loadConfig({ PORTAL_STAGING_INTERNAL_ZONE_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('UNSAFE_FAST_PASSWORD_HASHING', () => {
  it('is off unless set, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['production', 'development', 'test', undefined]) {
      expect(loadConfig({ NODE_ENV }).passwordHashing, String(NODE_ENV)).toBe('standard');
    }
    expect(loadConfig({ NODE_ENV: 'test', UNSAFE_FAST_PASSWORD_HASHING: 'false' }).passwordHashing).toBe('standard');
  });

  it('is taken only with NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', UNSAFE_FAST_PASSWORD_HASHING: 'true' }).passwordHashing).toBe('unsafe-fast-for-tests');
  });

  it('stops the start-up anywhere else instead of being ignored, and refuses values it does not know', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => loadConfig({ NODE_ENV, UNSAFE_FAST_PASSWORD_HASHING: 'true' }), String(NODE_ENV)).toThrow(
        new ConfigError('UNSAFE_FAST_PASSWORD_HASHING is for the test suites only: it needs NODE_ENV=test'),
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'test', UNSAFE_FAST_PASSWORD_HASHING: 'yes' })).toThrow(ConfigError);
  });
});

describe('HISTORY_RETENTION_DAYS', () => {
  it('keeps the change history 400 days unless set, and takes whole days from 1', () => {
    expect(loadConfig({}).historyRetentionDays).toBe(400);
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '30' }).historyRetentionDays).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'forever']) expect(() => loadConfig({ HISTORY_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  });
});

describe('DEV_ADS_TXT_SITES (issue 27)', () => {
  it('serves the demo domains in development unless turned off or CRAWL_HOSTS says where to crawl, never in production', () => {
    expect(loadConfig({}).devAdsTxtSites).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devAdsTxtSites).toBe(true);
    expect(loadConfig({ DEV_ADS_TXT_SITES: 'false' }).devAdsTxtSites).toBe(false);
    expect(loadConfig({ CRAWL_HOSTS: 'atlas.test=127.0.0.1:9101' }).devAdsTxtSites).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devAdsTxtSites).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ADS_TXT_SITES: 'true' })).toThrow(
      new ConfigError('DEV_ADS_TXT_SITES is for local runs: it cannot be used in production mode'),
    );
    expect(() => loadConfig({ DEV_ADS_TXT_SITES: 'yes' })).toThrow(ConfigError);
  });
});

describe('CHECK_NOW_INTERVAL_SECONDS (issue 27)', () => {
  it("lets a site be checked once every 30 s (the contract's), another interval only outside production", () => {
    expect(loadConfig({}).checkNowIntervalSeconds).toBe(30);
    expect(loadConfig({ NODE_ENV: 'production' }).checkNowIntervalSeconds).toBe(30);
    expect(loadConfig({ CHECK_NOW_INTERVAL_SECONDS: '0', NODE_ENV: 'test' }).checkNowIntervalSeconds).toBe(0);
    for (const value of ['0', '5', '30', '60']) {
      expect(() => loadConfig({ CHECK_NOW_INTERVAL_SECONDS: value, NODE_ENV: 'production' }), value).toThrow(
        new ConfigError('CHECK_NOW_INTERVAL_SECONDS is for tests and local runs: production checks a site at most once every 30 s'),
      );
    }
    for (const bad of ['-1', '3601', '2.5', 'soon']) expect(() => loadConfig({ CHECK_NOW_INTERVAL_SECONDS: bad }), bad).toThrow(ConfigError);
  });
});

describe('DATABASE_POOL_SIZE and SHUTDOWN_DRAIN_MS', () => {
  it('give each instance 10 connections and a 3 s drain unless set, and refuse values outside their bounds', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, shutdownDrainMs: 3000 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4', SHUTDOWN_DRAIN_MS: '0' })).toMatchObject({ databasePoolSize: 4, shutdownDrainMs: 0 });
    for (const bad of ['0', '-1', '2.5', 'many', '1001']) expect(() => loadConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow(ConfigError);
    // Past 8 s the drain and the requests in flight would not end within the 10 s a stopping instance has.
    for (const bad of ['-1', '8001', 'soon']) expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: bad }), bad).toThrow(ConfigError);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it('send nothing through SMTP unless set, and take smtp:// or smtps:// addresses with a host', () => {
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465' }).smtpUrl).toBe('smtps://mailer:s3cret@smtp.example.com:465');
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:1025' }).smtpUrl).toBe('smtp://localhost:1025');
  });

  it('refuse any other address without repeating it (it holds the SMTP password)', () => {
    for (const bad of ['https://mailer:s3cret@smtp.example.com', 'smtp://', 'mailer:s3cret@smtp.example.com']) {
      let message = '';
      try {
        loadConfig({ SMTP_URL: bad });
      } catch (error) {
        expect(error, bad).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, bad).toMatch(/^SMTP_URL must be/);
      expect(message).not.toContain('s3cret');
    }
  });

  it('send from the portal’s no-reply address unless MAIL_FROM names another', () => {
    expect(loadConfig({}).mailFrom).toBe('Publisher portal <no-reply@adnetwork.example>');
    expect(loadConfig({ MAIL_FROM: 'alerts@portal.example.com' }).mailFrom).toBe('alerts@portal.example.com');
    expect(loadConfig({ MAIL_FROM: 'Portal Alerts <alerts@portal.example.com>' }).mailFrom).toBe('Portal Alerts <alerts@portal.example.com>');
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(ConfigError);
  });
});

describe('TOTP_ENCRYPTION_KEY', () => {
  it('is generated and kept in the database unless set (null here), and refused shorter than 32 characters', () => {
    expect(loadConfig({}).totpEncryptionKey).toBeNull();
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: 'k'.repeat(32) }).totpEncryptionKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(new ConfigError('TOTP_ENCRYPTION_KEY must be at least 32 characters'));
  });
});

describe('SESSION_MAX_SECONDS (issue 21)', () => {
  it('lets a session be renewed for a day unless set, between a minute and 30 days', () => {
    expect(loadConfig({}).sessionMaxSeconds).toBe(86_400);
    expect(loadConfig({ SESSION_MAX_SECONDS: '3600' }).sessionMaxSeconds).toBe(3600);
    for (const bad of ['59', String(31 * 86_400), 'always']) expect(() => loadConfig({ SESSION_MAX_SECONDS: bad }), bad).toThrow(ConfigError);
  });
});

describe('PORTAL_GDPR_TERMS_URL (issue 21)', () => {
  it('defaults to the network’s GDPR data processing terms and takes absolute http(s) addresses only', () => {
    expect(loadConfig({}).console.gdprTermsUrl).toBe('https://www.adnetwork.example/legal/gdpr-data-processing-terms');
    expect(loadConfig({ PORTAL_GDPR_TERMS_URL: 'https://legal.example/dpa' }).console.gdprTermsUrl).toBe('https://legal.example/dpa');
    expect(() => loadConfig({ PORTAL_GDPR_TERMS_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });
});
