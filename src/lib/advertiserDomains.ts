/**
 * Advertiser-domain blocks (spec section 5 'Advertiser domains', section 8 invalid-domains dialog).
 *
 * Message keys (exported for the screen; parseAdvertiserDomains itself returns data only):
 * - blocking.domains.invalidDomains   dialog title for invalid entries (spec key)
 * - blocking.domains.errorMessage     dialog text, values { host } ("There are invalid domains entries, domain
 *                                     should follow '%{host}' or '*.test.com'") (spec key)
 * - blocking.domains.alreadyBlocked   'Block(s) already created' when every valid entry is already blocked
 *
 * Rules:
 * - Entries are separated by new lines and/or commas, trimmed, empties dropped.
 * - Domains are case-insensitive: entries are lower-cased before validation and comparison.
 * - An internationalised domain is taken in punycode (ünïcode.de -> xn--ncode-cta3g.de), and an http or https
 *   address stands for its host (https://ads.example.com/page -> ads.example.com), as the zone domains are read
 *   (issue 21); another scheme or user info in an address is invalid.
 * - Valid: 2..127 dot-separated labels; each label 1..63 characters of letters/digits with hyphens only inside;
 *   the last label letters/digits only; a first label '*' is allowed, but '*.tld' alone (wildcard plus one label)
 *   is not. Total length <= 253 characters (DNS limit).
 * - A valid entry without the '*.' prefix gets it ('test.com' -> '*.test.com'), so 'test.com' and '*.test.com'
 *   are the same entry and de-duplicated after prefixing (first occurrence kept).
 * - `domains` are the prefixed valid entries not already blocked; `alreadyBlocked` is compared after the same
 *   normalisation (lower-case, '*.' prefix).
 * - `invalid` lists offending entries as typed (trimmed), de-duplicated.
 * - `allAlreadyBlocked` is true only when there is at least one valid entry and every valid entry is already
 *   blocked (then no call is made). Invalid entries are reported separately and take precedence on screen.
 */

export const ADVERTISER_DOMAIN_KEYS = {
  invalidDomains: 'blocking.domains.invalidDomains',
  errorMessage: 'blocking.domains.errorMessage',
  alreadyBlocked: 'blocking.domains.alreadyBlocked',
} as const;

export const MAX_DOMAIN_LABELS = 127;
const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const LAST_LABEL = /^[a-z0-9]+$/;

/** Splits on new lines and commas, trims, drops empty entries (duplicates are kept). */
export function splitAdvertiserDomainEntries(text: string): string[] {
  return text
    .split(/[\r\n,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** What cannot be part of a bare host as typed (a path, a query, a port, user info, white space). */
const NOT_HOST = /[/?#@:\\\s]/;

/**
 * The host an entry names, as blocks store it: lower-case ASCII, an internationalised name in punycode
 * ('ünïcode.de' -> 'xn--ncode-cta3g.de', the form the ad network matches), and for an http(s) address its host
 * ('https://ads.example.com/page' -> 'ads.example.com'); a leading '*.' is kept. Null when the entry is an address
 * of another scheme, carries user info, or is not a host name as typed.
 */
export function advertiserDomainHost(entry: string): string | null {
  const trimmed = entry.trim();
  if (SCHEME.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return null;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return null;
    return url.hostname.toLowerCase();
  }
  const wildcard = trimmed.startsWith('*.');
  const host = (wildcard ? trimmed.slice(2) : trimmed).toLowerCase();
  // eslint-disable-next-line no-control-regex -- ASCII is the stored form; anything else goes through the URL parser
  if (/^[\x00-\x7f]*$/.test(host)) return wildcard ? `*.${host}` : host;
  if (host === '' || NOT_HOST.test(host)) return null;
  try {
    const ascii = new URL(`http://${host}`).hostname;
    return wildcard ? `*.${ascii}` : ascii;
  } catch {
    return null;
  }
}

/** Validity of one entry (case-insensitive), with or without the '*.' prefix, as a host, an IDN or an http(s) address. */
export function isValidAdvertiserDomain(entry: string): boolean {
  const domain = advertiserDomainHost(entry);
  if (domain === null || domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  const wildcard = labels[0] === '*';
  const named = wildcard ? labels.slice(1) : labels;
  if (labels.length > MAX_DOMAIN_LABELS || named.length < 2) return false;
  const last = named[named.length - 1] ?? '';
  return named.every((label) => LABEL.test(label)) && LAST_LABEL.test(last);
}

/** The stored form (advertiserDomainHost, with the '*.' prefix); call only on valid entries. */
export function toWildcardDomain(entry: string): string {
  const domain = advertiserDomainHost(entry) ?? entry.trim().toLowerCase();
  return domain.startsWith('*.') ? domain : `*.${domain}`;
}

export interface ParsedAdvertiserDomains {
  domains: string[];
  invalid: string[];
  allAlreadyBlocked: boolean;
}

export function parseAdvertiserDomains(text: string, alreadyBlocked: readonly string[]): ParsedAdvertiserDomains {
  const blocked = new Set(alreadyBlocked.map((domain) => toWildcardDomain(domain)));
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const entry of splitAdvertiserDomainEntries(text)) {
    if (isValidAdvertiserDomain(entry)) valid.add(toWildcardDomain(entry));
    else invalid.add(entry);
  }
  const domains = [...valid].filter((domain) => !blocked.has(domain));
  return { domains, invalid: [...invalid], allAlreadyBlocked: valid.size > 0 && domains.length === 0 };
}

/** What a blocked advertiser domain ('*.test.com', or 'test.com' which means the same) covers: 'test.com'. */
export function blockedDomainBase(blocked: string): string {
  return toWildcardDomain(blocked).slice(2);
}

/**
 * The bases of every blocked domain that covers an advertiser's domain, case-insensitive: the domain itself and
 * each one above it ('ads.test.com': 'ads.test.com', 'test.com', 'com'). A caller testing many domains against
 * many blocks looks these up instead of testing each pair.
 */
export function domainsAbove(domain: string): string[] {
  const labels = domain.trim().toLowerCase().replace(/^\*\./, '').split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/**
 * Whether a blocked advertiser domain covers an advertiser's domain: the domain itself and every host under it
 * ('*.test.com' covers 'test.com' and 'ads.test.com', not 'mytest.com').
 */
export function blocksDomain(blocked: string, domain: string): boolean {
  return domainsAbove(domain).includes(blockedDomainBase(blocked));
}
