/**
 * Runtime configuration: fetched once at start-up from /config.json (contract ConsoleConfig), validated with a
 * readable error, and resolved against the page location (spec section 7).
 *
 * Loaded on the public pages too, so this module must stay free of react-admin and MUI.
 *
 * Choices where the spec is open:
 * - Backend: staging when the page's hostname contains the internal test domain or 'localhost', or is an IP
 *   literal (v4 or v6), unless it is exactly the production app host; otherwise production. Only the hostname is
 *   looked at, never the path or query, so a link such as https://portal.../?next=localhost cannot switch a
 *   production page to the staging backend. As the spec lists them, the staging app host is not one of the staging
 *   cases: a staging console talks to the staging backend only when its host lies in the internal test domain
 *   (the deployment's config.json decides, not this code).
 * - Environment (banner, payment frames): forceEnvironment when set, else environmentForHost. It does not move the
 *   backend: forcing 'production' on a laptop shows the production look while still talking to staging.
 */
import type { components } from '../../openapi/portal';
// Not from hosts.ts: that module carries the public-suffix list (tldts), which the sign-in page must not load.
import { isIpLiteral } from '../lib/ipLiterals';
import { environmentForHost, type Environment } from '../lib/publisherRules';

export type ConsoleConfig = components['schemas']['ConsoleConfig'];
export type Backend = 'production' | 'staging';

export interface RuntimeConfig {
  environment: Environment;
  backend: Backend;
  /** Prefix of /auth/... calls; '' means the console's own origin. */
  authBaseUrl: string;
  /** Prefix of /external/... calls; '' means the console's own origin. */
  apiBaseUrl: string;
  /** The internal publisher / zone settings pages of this backend, with {publisherId} / {zoneId} to fill in. */
  internalPublisherUrl: string;
  internalZoneUrl: string;
  paymentsEnabled: boolean;
  supportEmail: string;
  faqUrl: string;
  /** The GDPR data processing terms the GDPR banner asks to accept. */
  gdprTermsUrl: string;
  maintenance: boolean;
}

export interface PageLocation {
  hostname: string;
  href: string;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

export function backendForHost(hostname: string, hosts: ConsoleConfig['hosts']): Backend {
  const host = hostname.trim().toLowerCase();
  const production = hosts.production.trim().toLowerCase();
  if (production !== '' && host === production) return 'production';
  const testDomain = hosts.internalTestDomain.trim().toLowerCase();
  const isTestHost = (testDomain !== '' && host.includes(testDomain)) || host.includes('localhost');
  return isTestHost || isIpLiteral(host) ? 'staging' : 'production';
}

export function resolveRuntimeConfig(config: ConsoleConfig, location: PageLocation): RuntimeConfig {
  const backend = backendForHost(location.hostname, config.hosts);
  const environment = config.forceEnvironment ?? environmentForHost(location.hostname, config.hosts);
  return {
    environment,
    backend,
    authBaseUrl: config.backends[backend].authBaseUrl,
    apiBaseUrl: config.backends[backend].apiBaseUrl,
    internalPublisherUrl: config.backends[backend].internalPublisherUrl,
    internalZoneUrl: config.backends[backend].internalZoneUrl,
    paymentsEnabled: environment === 'production',
    supportEmail: config.supportEmail,
    faqUrl: config.faqUrl,
    gdprTermsUrl: config.gdprTermsUrl,
    maintenance: config.maintenance,
  };
}

type Check = (value: unknown) => string | null;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Check = (value) => (typeof value === 'string' ? null : 'expected a string');
const boolean: Check = (value) => (typeof value === 'boolean' ? null : 'expected true or false');
const environmentOrNull: Check = (value) =>
  value === null || value === 'production' || value === 'staging' || value === 'development'
    ? null
    : "expected 'production', 'staging', 'development' or null";

/** Each required field of ConsoleConfig with its check, by dotted path. */
const FIELDS: ReadonlyArray<readonly [string, Check]> = [
  ['hosts.production', string],
  ['hosts.staging', string],
  ['hosts.internalTestDomain', string],
  ['backends.production.authBaseUrl', string],
  ['backends.production.apiBaseUrl', string],
  ['backends.staging.authBaseUrl', string],
  ['backends.staging.apiBaseUrl', string],
  ['backends.production.internalPublisherUrl', string],
  ['backends.production.internalZoneUrl', string],
  ['backends.staging.internalPublisherUrl', string],
  ['backends.staging.internalZoneUrl', string],
  ['forceEnvironment', environmentOrNull],
  ['supportEmail', string],
  ['faqUrl', string],
  ['gdprTermsUrl', string],
  ['maintenance', boolean],
];

function valueAt(root: unknown, path: string): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path.split('.')) {
    if (!isObject(current) || !(key in current)) return { found: false, value: undefined };
    current = current[key];
  }
  return { found: true, value: current };
}

/** Checks the shape of /config.json and lists every problem at once, so one deploy fixes them all. */
export function parseConsoleConfig(raw: unknown): ConsoleConfig {
  if (!isObject(raw)) throw new RuntimeConfigError('Invalid /config.json: expected a JSON object');
  const problems: string[] = [];
  for (const [path, check] of FIELDS) {
    const { found, value } = valueAt(raw, path);
    const problem = found ? check(value) : 'missing';
    if (problem !== null) problems.push(`- ${path}: ${problem}`);
  }
  if (problems.length > 0) throw new RuntimeConfigError(`Invalid /config.json:\n${problems.join('\n')}`);
  return raw as unknown as ConsoleConfig;
}

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  location: PageLocation = window.location,
): Promise<RuntimeConfig> {
  const url = new URL('/config.json', location.href);
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RuntimeConfigError(`Could not load /config.json: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new RuntimeConfigError(`Could not load /config.json: HTTP ${response.status}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new RuntimeConfigError('Invalid /config.json: not valid JSON');
  }
  return resolveRuntimeConfig(parseConsoleConfig(raw), location);
}

let current: RuntimeConfig | null = null;

/** Set once by main.tsx after loadRuntimeConfig; tests set their own. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (current === null) {
    throw new RuntimeConfigError('Runtime configuration is not loaded yet: main.tsx must call setRuntimeConfig first');
  }
  return current;
}
