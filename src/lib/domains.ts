/**
 * New-zone entries (spec section 5 'New zone'): web domains for website zones, store URLs for app zones.
 *
 * Message keys returned (by zoneFormErrors):
 * - errorMessages.required       zone name or domains field empty / white space only ('Required')
 * - zones.invalidDomains         values { entries: 'a, b' }: web entries that are not valid domains
 *                                ('Invalid domain(s): %{entries}')
 * - zones.invalidStoreUrls       values { entries: 'a, b' }: app entries that are not store URLs
 *                                ('Invalid app store URL(s): %{entries}')
 *
 * Web domain normalisation, our reading of "normalised to a wildcard form with a leading 'www' and digit
 * removed": the host is taken from a bare host or an http(s) URL, lower-cased and punycoded; a first label
 * that is 'www' optionally followed by digits (www, www2, www10) is removed when it lies above the registrable
 * domain; the rest is prefixed with '*.'.
 *   www.example.com, www2.example.com, example.com, https://WWW.Example.com/page -> *.example.com
 *   news.example.co.uk -> *.news.example.co.uk;  www.news.example.com -> *.news.example.com
 *   www.com stays *.www.com (there 'www' is the registrable label itself). An entry already written as
 *   '*.example.com' is accepted and kept. Only one leading label is removed (www.www.example.com -> *.www.example.com).
 * Valid means: a known ICANN public suffix, a registrable domain below it, not an IP, not special-use or a
 * private-network name (see hosts.ts). URLs with another scheme, user info, or an invalid host are refused.
 * What is not a host name is refused rather than quietly changed into one (issue 8, bug 12): a label with
 * anything but letters, digits and inner hyphens (ex_ample.com), a port (example.com:8080, even :80 in a URL;
 * a zone covers its pages on every port) and a trailing dot (example.com.).
 *
 * Store URLs: https only, default port, no user info, and one of
 *   Apple App Store: apps.apple.com or itunes.apple.com, a path segment 'app' and a last segment id<digits>
 *   Google Play:     play.google.com/store/apps/details?id=<Java package name with at least two parts>
 *   Amazon Appstore: amazon.com (or a regional Amazon store with the Appstore, www. optional),
 *                    a path segment 'dp' followed by a 10-character alphanumeric ASIN
 * App entries are returned as typed (trimmed); duplicates are compared exactly.
 */
import { canonicalHostname, publicDomainInfo } from './hosts';

export const REQUIRED_KEY = 'errorMessages.required';
export const ZONE_ENTRY_KEYS = {
  invalidDomains: 'zones.invalidDomains',
  invalidStoreUrls: 'zones.invalidStoreUrls',
} as const;

export type ZoneTypeName = 'website' | 'app';

export type NormalizedDomain = { ok: true; value: string } | { ok: false; input: string };

const WWW_LABEL = /^www\d*$/;

/** A host name label (RFC 1123): letters, digits and hyphens, not first or last; punycode labels fit it. */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

function hostFromEntry(entry: string): string | null {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
  const authority = (hasScheme ? entry.slice(entry.indexOf('//') + 2) : entry).split(/[/?#]/)[0] ?? '';
  if (!hasScheme && /[@\\\s]/.test(authority)) return null;
  // Checked as typed: the URL parser drops a default port and keeps a trailing dot without a trace.
  if (authority.includes(':')) return null;
  if (authority.endsWith('.')) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? entry : `http://${entry}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const host = canonicalHostname(url.hostname);
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null;
}

export function normalizeWebDomain(input: string): NormalizedDomain {
  const entry = input.trim();
  const failure: NormalizedDomain = { ok: false, input: entry };
  // An entry already in wildcard form is accepted as such; the wildcard must be the whole first label.
  const unwildcarded = entry.startsWith('*.') ? entry.slice(2) : entry;
  if (unwildcarded.length === 0 || unwildcarded.includes('*')) return failure;
  const host = hostFromEntry(unwildcarded);
  if (host === null) return failure;
  const info = publicDomainInfo(host);
  if (info === null) return failure;
  const labels = info.hostname.split('.');
  const first = labels[0] ?? '';
  const droppable = info.subdomain !== '' && WWW_LABEL.test(first);
  const rest = droppable ? labels.slice(1).join('.') : info.hostname;
  return { ok: true, value: `*.${rest}` };
}

/** One entry per line: trimmed, empty lines dropped, exact duplicates dropped (first occurrence kept). */
export function splitEntries(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const entry = line.trim();
    if (entry !== '') seen.add(entry);
  }
  return [...seen];
}

const APPLE_HOSTS = new Set(['apps.apple.com', 'itunes.apple.com']);
const GOOGLE_PLAY_HOST = 'play.google.com';
/** Amazon stores that have carried the Appstore; the bare and www. forms are both accepted. */
const AMAZON_STORES = [
  'amazon.com',
  'amazon.ca',
  'amazon.com.mx',
  'amazon.com.br',
  'amazon.co.uk',
  'amazon.de',
  'amazon.fr',
  'amazon.es',
  'amazon.it',
  'amazon.co.jp',
  'amazon.com.au',
  'amazon.in',
];
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;
const APPLE_ID = /^id\d+$/;
const ASIN = /^[A-Za-z0-9]{10}$/;

export type AppStore = 'apple' | 'googlePlay' | 'amazon';

/** Which store a URL belongs to, or null when it is not a valid store URL (rules in the header). */
export function appStoreOf(input: string): AppStore | null {
  const entry = input.trim();
  if (!/^https:\/\//i.test(entry) || /\s/.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return null;
  const host = canonicalHostname(url.hostname);
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (APPLE_HOSTS.has(host)) {
    const last = segments[segments.length - 1] ?? '';
    return segments.includes('app') && APPLE_ID.test(last) ? 'apple' : null;
  }
  if (host === GOOGLE_PLAY_HOST) {
    const path = url.pathname.replace(/\/$/, '');
    const id = url.searchParams.get('id') ?? '';
    return path === '/store/apps/details' && ANDROID_PACKAGE.test(id) ? 'googlePlay' : null;
  }
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  if (AMAZON_STORES.includes(bare)) {
    const dp = segments.indexOf('dp');
    const asin = dp >= 0 ? segments[dp + 1] : undefined;
    return asin !== undefined && ASIN.test(asin) ? 'amazon' : null;
  }
  return null;
}

export function isValidStoreUrl(input: string): boolean {
  return appStoreOf(input) !== null;
}

export interface ZoneEntries {
  /** Normalised web domains or trimmed store URLs, in input order, without duplicates. */
  values: string[];
  /** Entries as typed (trimmed) that failed validation, in input order, without duplicates. */
  invalid: string[];
}

export function validateZoneEntries(text: string, zoneType: ZoneTypeName): ZoneEntries {
  const values: string[] = [];
  const invalid: string[] = [];
  for (const entry of splitEntries(text)) {
    if (zoneType === 'app') {
      (isValidStoreUrl(entry) ? values : invalid).push(entry);
      continue;
    }
    const normalized = normalizeWebDomain(entry);
    if (!normalized.ok) invalid.push(entry);
    else if (!values.includes(normalized.value)) values.push(normalized.value);
  }
  return { values, invalid };
}

export interface ZoneFormErrors {
  name?: typeof REQUIRED_KEY;
  domains?: { key: string; values?: { entries: string } };
}

/**
 * Errors of the new-zone form: name and domains are required; any invalid entry is reported with the list of
 * offending entries (the screen shows it in a non-fading error toast). The add button is enabled only when the
 * result is empty and nothing is saving.
 */
export function zoneFormErrors(form: { name: string; entries: string; zoneType: ZoneTypeName }): ZoneFormErrors {
  const errors: ZoneFormErrors = {};
  if (form.name.trim() === '') errors.name = REQUIRED_KEY;
  const { values, invalid } = validateZoneEntries(form.entries, form.zoneType);
  if (invalid.length > 0) {
    const key = form.zoneType === 'app' ? ZONE_ENTRY_KEYS.invalidStoreUrls : ZONE_ENTRY_KEYS.invalidDomains;
    errors.domains = { key, values: { entries: invalid.join(', ') } };
  } else if (values.length === 0) {
    errors.domains = { key: REQUIRED_KEY };
  }
  return errors;
}
