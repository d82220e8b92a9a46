// Server configuration, read once from the environment and validated at start-up with a readable error.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PasswordHashing } from './auth/passwords';
import { isLoopbackHost } from './http/loopback';
import { parseCrawlHosts, type MappedAddress } from './crawl/fetcher';

export type Mode = 'production' | 'development';
export type SeedKind = 'demo' | 'none';

export interface ServerConfig {
  mode: Mode;
  host: string;
  port: number;
  /** PGlite data directory; unused when databaseUrl is set. */
  dataDir: string;
  /** postgres://... switches storage from embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | null;
  /**
   * Connections this instance opens to PostgreSQL at most (DATABASE_POOL_SIZE). Every instance has its own pool:
   * instances x pool size must stay within the server's max_connections, with room for maintenance sessions.
   */
  databasePoolSize: number;
  /** HS256 secret for JWTs; generated once into the database when absent. */
  jwtSecret: string | null;
  /**
   * Key material for the encryption of the TOTP secrets (two-factor sign-in); generated once into the database
   * when absent, as the JWT secret is. Changing it makes every stored secret unreadable (staff then reset them).
   */
  totpEncryptionKey: string | null;
  tokenTtlSeconds: number;
  /** How long after its sign-in a session may still be renewed (renewToken); no token outlives it. */
  sessionMaxSeconds: number;
  /** Origins allowed by CORS and allowed to frame the dashboard/payment pages (the console's own origin always is). */
  consoleOrigins: string[];
  /** Absolute base of links in e-mails (password reset). */
  publicUrl: string;
  /** Directory of the built console; served when it exists. */
  consoleDir: string;
  seed: SeedKind;
  bodyLimitBytes: number;
  /**
   * Which proxies' X-Forwarded-For and -Proto to believe, for the client address (login throttling is per address)
   * and the browser's scheme (a Secure cookie): false (default: the socket address), a hop count, or a comma list
   * of proxy addresses/CIDRs. Links are built from publicUrl, never from a forwarded host.
   */
  trustProxy: boolean | number | string[];
  validateResponses: boolean;
  /** Days a change-history entry is kept; the server removes older ones (server/src/history/retention.ts). */
  historyRetentionDays: number;
  /**
   * After SIGTERM, how long the instance keeps serving while its readiness answers 503, so that a proxy checking it
   * stops sending before the listener closes (SHUTDOWN_DRAIN_MS). See server/src/lifecycle.ts.
   */
  shutdownDrainMs: number;
  /**
   * smtp:// or smtps:// address (with its credentials) the outbox's e-mails go out through (nodemailer); null: they
   * stay in the outbox, which the development mailbox shows.
   */
  smtpUrl: string | null;
  /** The From of the e-mails sent through SMTP. */
  mailFrom: string;
  /** 'standard' unless UNSAFE_FAST_PASSWORD_HASHING=true under NODE_ENV=test (the test suites). */
  passwordHashing: PasswordHashing;
  /**
   * Whether /dev/mailbox (every reset link and temporary password) is served, to loopback clients only: never in
   * production, and in development only while the server listens on a loopback address, unless
   * UNSAFE_DEV_MAILBOX_ON_NON_LOOPBACK_HOST=true.
   */
  devMailbox: boolean;
  /**
   * The development mailbox's key (null when the mailbox is off): random at each start, printed once on the
   * server's console with the mailbox's address, and required on every mailbox request (routes/system/devMailbox.ts).
   */
  devMailboxKey: string | null;
  logLevel: string;
  /** Requests one API key may make per minute (API_KEY_REQUESTS_PER_MINUTE); past it 429 RATE_LIMITED. */
  apiKeyRequestsPerMinute: number;
  /**
   * The bearer token /metrics takes from a client that is not this machine (METRICS_TOKEN, at least 32
   * characters); null: /metrics answers loopback clients only.
   */
  metricsToken: string | null;
  /**
   * CRAWL_HOSTS, for tests and local runs only (refused in production mode): the ads.txt crawler reaches each listed
   * domain at its loopback address over plain HTTP and no other host at all. null: real DNS, public addresses only.
   */
  crawlHosts: ReadonlyMap<string, MappedAddress> | null;
  /** Requests the ads.txt crawler makes at a time (CRAWL_CONCURRENCY); one at a time per host whatever it is. */
  crawlConcurrency: number;
  /**
   * Whether this instance crawls the due sites every minute (CRAWL_SCHEDULE). By default in production, and in
   * development only with CRAWL_HOSTS: the demo data names real domains, which a laptop's start must not visit.
   */
  crawlSchedule: boolean;
  /**
   * The development ads.txt sites (DEV_ADS_TXT_SITES, issue 27 item 8): `npm start` in development, without
   * CRAWL_HOSTS, serves a small local site on loopback with Atlas News' demo domains in every state and maps them
   * through the crawler's CRAWL_HOSTS (server/src/crawl/devSites.ts), so a newcomer sees every status on first
   * start. Off with DEV_ADS_TXT_SITES=false; refused in production mode.
   */
  devAdsTxtSites: boolean;
  /**
   * Seconds between two "Check now" of one ads.txt site: the contract's 30, or CHECK_NOW_INTERVAL_SECONDS outside
   * production mode only (0, no wait: a browser test that checks a site twice).
   */
  checkNowIntervalSeconds: number;
  console: {
    productionHost: string;
    stagingHost: string;
    internalTestDomain: string;
    forceEnvironment: 'production' | 'staging' | 'development' | null;
    productionAuthBaseUrl: string;
    productionApiBaseUrl: string;
    stagingAuthBaseUrl: string;
    stagingApiBaseUrl: string;
    /**
     * The internal (staff) publisher and zone settings pages per backend, `{publisherId}` / `{zoneId}` filled in by
     * the console: where the blocked-action notice sends internal users (spec section 6).
     */
    internalSettings: Record<'production' | 'staging', { publisherUrl: string; zoneUrl: string }>;
    supportEmail: string;
    faqUrl: string;
    /** The GDPR data processing terms the GDPR banner links to. */
    gdprTermsUrl: string;
    /** PORTAL_MAINTENANCE=true makes the console show its 'Under Maintenance' notice. */
    maintenance: boolean;
  };
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function origins(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw.split(',').map((o) => o.trim()).filter(Boolean).map((o) => {
    let url: URL;
    try {
      url = new URL(o);
    } catch {
      throw new ConfigError(`CONSOLE_ORIGINS entry "${o}" is not an origin like https://portal.example.com`);
    }
    if (url.origin !== o.replace(/\/$/, '')) throw new ConfigError(`CONSOLE_ORIGINS entry "${o}" must be a bare origin`);
    return url.origin;
  });
}

/** An absolute http(s) address, its {placeholders} aside. */
function urlTemplate(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let url: URL | null = null;
  try {
    url = new URL(raw.replace(/\{\w+\}/g, '1'));
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(`${name} must be an absolute http(s) address, got "${raw}"`);
  }
  return raw;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function devMailbox(env: NodeJS.ProcessEnv, mode: Mode, host: string): boolean {
  const unsafe = flag(env, 'UNSAFE_DEV_MAILBOX_ON_NON_LOOPBACK_HOST');
  if (mode === 'production') {
    if (unsafe) throw new ConfigError('UNSAFE_DEV_MAILBOX_ON_NON_LOOPBACK_HOST cannot be used in production mode');
    return false;
  }
  return unsafe || isLoopbackHost(host);
}

/** The address is checked without ever being repeated: it holds the SMTP password. */
function smtpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// address with a host (smtps://user:password@smtp.example.com:465)');
  }
  return raw;
}

function mailFrom(raw: string | undefined): string {
  const value = raw || 'Publisher portal <no-reply@adnetwork.example>';
  if (!/^(?:[^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(value)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, optionally with a name (Portal <no-reply@example.com>), got "${value}"`);
  }
  return value;
}

function crawlHosts(raw: string | undefined, mode: Mode): ServerConfig['crawlHosts'] {
  if (raw === undefined || raw.trim() === '') return null;
  if (mode === 'production') throw new ConfigError('CRAWL_HOSTS is for tests and local runs: it cannot be used in production mode');
  const parsed = parseCrawlHosts(raw);
  if (typeof parsed === 'string') throw new ConfigError(parsed);
  return parsed;
}

function devAdsTxtSites(env: NodeJS.ProcessEnv, mode: Mode, mapped: boolean): boolean {
  const wanted = env.DEV_ADS_TXT_SITES ? flag(env, 'DEV_ADS_TXT_SITES') : mode === 'development';
  if (wanted && mode === 'production') throw new ConfigError('DEV_ADS_TXT_SITES is for local runs: it cannot be used in production mode');
  // An explicit CRAWL_HOSTS says where the crawler goes: the development sites keep out of its way.
  return wanted && !mapped;
}

/** The contract's 30 s between two "Check now" of a site; another value only outside production (a browser test's 0). */
function checkNowInterval(env: NodeJS.ProcessEnv, mode: Mode): number {
  if (env.CHECK_NOW_INTERVAL_SECONDS !== undefined && mode === 'production') {
    throw new ConfigError('CHECK_NOW_INTERVAL_SECONDS is for tests and local runs: production checks a site at most once every 30 s');
  }
  return int(env, 'CHECK_NOW_INTERVAL_SECONDS', 30, 0, 3600);
}

function trustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw.split(',').map((entry) => entry.trim()).filter(Boolean);
}

/**
 * Cheap password hashes make the test suites fast and would make stolen hashes cheap to crack: allowed only when
 * NODE_ENV says this is a test run, and refused with an error (not ignored) anywhere else, so the setting cannot
 * travel unnoticed into a real deployment.
 */
function passwordHashing(env: NodeJS.ProcessEnv, nodeEnv: string): PasswordHashing {
  const raw = env.UNSAFE_FAST_PASSWORD_HASHING;
  if (raw === undefined || raw === '' || raw === 'false') return 'standard';
  if (raw !== 'true') throw new ConfigError(`UNSAFE_FAST_PASSWORD_HASHING must be true or false, got "${raw}"`);
  if (nodeEnv !== 'test') throw new ConfigError('UNSAFE_FAST_PASSWORD_HASHING is for the test suites only: it needs NODE_ENV=test');
  return 'unsafe-fast-for-tests';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['production', 'development', 'test'] as const, 'development');
  const mode = nodeEnv === 'production' ? 'production' : 'development';
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const jwtSecret = env.JWT_SECRET || null;
  if (jwtSecret !== null && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const totpEncryptionKey = env.TOTP_ENCRYPTION_KEY || null;
  if (totpEncryptionKey !== null && totpEncryptionKey.length < 32) throw new ConfigError('TOTP_ENCRYPTION_KEY must be at least 32 characters');
  // Links need a host a browser can open: the wildcard addresses are not one, and IPv6 goes in brackets.
  const linkHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const publicUrl = (env.PUBLIC_URL || `http://${linkHost}:${port}`).replace(/\/$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL "${publicUrl}" is not an absolute URL`);
  }
  const mailbox = devMailbox(env, mode, host);
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters');
  const crawlHostsMap = crawlHosts(env.CRAWL_HOSTS, mode);
  const force = env.PORTAL_FORCE_ENVIRONMENT || '';
  if (force && !['production', 'staging', 'development'].includes(force)) {
    throw new ConfigError('PORTAL_FORCE_ENVIRONMENT must be production, staging or development');
  }
  return {
    mode,
    host,
    port,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    jwtSecret,
    totpEncryptionKey,
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 8 * 3600, 60, 7 * 24 * 3600),
    sessionMaxSeconds: int(env, 'SESSION_MAX_SECONDS', 24 * 3600, 60, 30 * 24 * 3600),
    consoleOrigins: origins(env.CONSOLE_ORIGINS),
    publicUrl,
    consoleDir: path.resolve(env.CONSOLE_DIR || 'dist'),
    seed: oneOf(env, 'SEED', ['demo', 'none'] as const, 'demo'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 256 * 1024, 1024, 10 * 1024 * 1024),
    validateResponses: env.VALIDATE_RESPONSES !== 'false',
    historyRetentionDays: int(env, 'HISTORY_RETENTION_DAYS', 400, 1, 36_500),
    // At most 8 s: with the requests in flight and the pool's closing, the instance is gone within 10 s of SIGTERM.
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 3000, 0, 8000),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: mailFrom(env.MAIL_FROM),
    passwordHashing: passwordHashing(env, nodeEnv),
    devMailbox: mailbox,
    devMailboxKey: mailbox ? randomBytes(24).toString('base64url') : null,
    // info in development too: it says where to read the e-mails the server would send (per-request lines stay off).
    logLevel: env.LOG_LEVEL || 'info',
    apiKeyRequestsPerMinute: int(env, 'API_KEY_REQUESTS_PER_MINUTE', 600, 1, 1_000_000),
    metricsToken,
    crawlHosts: crawlHostsMap,
    crawlConcurrency: int(env, 'CRAWL_CONCURRENCY', 8, 1, 256),
    crawlSchedule: env.CRAWL_SCHEDULE ? flag(env, 'CRAWL_SCHEDULE') : mode === 'production' || crawlHostsMap !== null,
    devAdsTxtSites: devAdsTxtSites(env, mode, crawlHostsMap !== null),
    checkNowIntervalSeconds: checkNowInterval(env, mode),
    console: {
      productionHost: env.PORTAL_PRODUCTION_HOST || 'portal.adnetwork.example',
      stagingHost: env.PORTAL_STAGING_HOST || 'portal.staging.adnetwork.example',
      internalTestDomain: env.PORTAL_INTERNAL_TEST_DOMAIN || 'test.adnetwork.example',
      forceEnvironment: (force || null) as ServerConfig['console']['forceEnvironment'],
      productionAuthBaseUrl: env.PORTAL_PRODUCTION_AUTH_URL ?? '',
      productionApiBaseUrl: env.PORTAL_PRODUCTION_API_URL ?? '',
      stagingAuthBaseUrl: env.PORTAL_STAGING_AUTH_URL ?? '',
      stagingApiBaseUrl: env.PORTAL_STAGING_API_URL ?? '',
      internalSettings: {
        production: {
          publisherUrl: urlTemplate(env, 'PORTAL_PRODUCTION_INTERNAL_PUBLISHER_URL', 'https://admin.adnetwork.example/publishers/{publisherId}/settings'),
          zoneUrl: urlTemplate(env, 'PORTAL_PRODUCTION_INTERNAL_ZONE_URL', 'https://admin.adnetwork.example/zones/{zoneId}/settings'),
        },
        staging: {
          publisherUrl: urlTemplate(env, 'PORTAL_STAGING_INTERNAL_PUBLISHER_URL', 'https://admin.staging.adnetwork.example/publishers/{publisherId}/settings'),
          zoneUrl: urlTemplate(env, 'PORTAL_STAGING_INTERNAL_ZONE_URL', 'https://admin.staging.adnetwork.example/zones/{zoneId}/settings'),
        },
      },
      supportEmail: env.PORTAL_SUPPORT_EMAIL || 'publisher-support@adnetwork.example',
      faqUrl: env.PORTAL_FAQ_URL || 'https://help.adnetwork.example/publishers/faq',
      gdprTermsUrl: urlTemplate(env, 'PORTAL_GDPR_TERMS_URL', 'https://www.adnetwork.example/legal/gdpr-data-processing-terms'),
      maintenance: env.PORTAL_MAINTENANCE === 'true',
    },
  };
}
