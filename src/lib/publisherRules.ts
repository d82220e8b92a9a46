/**
 * Publisher-level rules: terms link, 'recent' timestamps, environment by host (spec sections 1, 2, 9).
 *
 * Message keys returned (environmentBannerKey):
 * - layout.environment.staging       'Staging'
 * - layout.environment.development   'Development'
 * (production shows no banner: null)
 *
 * Choices where the spec is open:
 * - "Created after 2022-11-25": createdAt strictly later than 2022-11-25T00:00:00Z. A publisher created during
 *   that day (UTC) therefore gets the new link; one created exactly at midnight or earlier gets the old one.
 *   A missing or unparsable createdAt counts as old.
 * - isRecent: |now - timestamp| <= 24 hours, both ends inclusive; a slightly future timestamp (clock skew) is
 *   recent. Unparsable timestamps are not recent. Numbers are epoch milliseconds.
 * - environmentForHost: case-insensitive exact hostname match (no port, no suffix matching); an empty configured
 *   host never matches.
 */

export const TERMS_CUTOFF = '2022-11-25';
const TERMS_CUTOFF_MS = Date.parse(`${TERMS_CUTOFF}T00:00:00Z`);
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;

export type Timestamp = string | number | Date;

function toMillis(value: Timestamp | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Date.parse(value);
}

export function usesNewTermsLink(publisher: {
  isLegacyJustPremium: boolean;
  createdAt?: Timestamp | null;
}): boolean {
  if (publisher.isLegacyJustPremium) return true;
  const created = toMillis(publisher.createdAt);
  return Number.isFinite(created) && created > TERMS_CUTOFF_MS;
}

export function isRecent(timestamp: Timestamp, now: number | Date = Date.now()): boolean {
  const at = toMillis(timestamp);
  const reference = toMillis(now);
  if (!Number.isFinite(at) || !Number.isFinite(reference)) return false;
  return Math.abs(reference - at) <= RECENT_WINDOW_MS;
}

export type Environment = 'production' | 'staging' | 'development';

export function environmentForHost(hostname: string, hosts: { production: string; staging: string }): Environment {
  const host = hostname.trim().toLowerCase();
  const matches = (configured: string) => configured.trim() !== '' && configured.trim().toLowerCase() === host;
  if (matches(hosts.production)) return 'production';
  if (matches(hosts.staging)) return 'staging';
  return 'development';
}

export const ENVIRONMENT_BANNER_KEYS = {
  staging: 'layout.environment.staging',
  development: 'layout.environment.development',
} as const;

export function environmentBannerKey(environment: Environment): string | null {
  return environment === 'production' ? null : ENVIRONMENT_BANNER_KEYS[environment];
}
