/**
 * Host classification shared by zone-domain normalisation and blocked-URL validation.
 * Pure: no network, no DNS. Returns no message keys (callers map the results to keys).
 *
 * A host counts as public when it is
 * - an IP literal whose ipaddr.js range is 'unicast' (IPv6 additionally inside 2000::/3, the only block IANA
 *   allocates for global unicast: ipaddr.js calls the IPv4-compatible ::a.b.c.d form 'unicast' too), or
 * - a DNS name with at least two labels, a known ICANN public suffix (tldts), a registrable domain below it,
 *   not a special-use name (RFC 6761 registry, via tldts) and not under a suffix used on private networks.
 *   example.com/.net/.org are special-use but resolve publicly and are the usual names in docs and tests, so they
 *   count as public.
 * Callers pass hostnames already canonicalised by the WHATWG URL parser, which turns every IPv4 notation
 * (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, shortened 127.1) into dotted-quad form and puts IPv6 in [].
 */
import ipaddr from 'ipaddr.js';
import { parse } from 'tldts';
import { isIpLiteral } from './ipLiterals';

/** Suffixes used on private networks (checked explicitly although most are not ICANN suffixes). */
export const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
] as const;

const PUBLIC_SPECIAL_USE = ['example.com', 'example.net', 'example.org'];

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');

function endsWithLabel(hostname: string, suffix: string): boolean {
  return hostname === suffix || hostname.endsWith(`.${suffix}`);
}

/** Lower-cases and drops one trailing dot (the fully-qualified form). */
export function canonicalHostname(hostname: string): string {
  const lower = hostname.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

export { isIpLiteral };

/** Public IP check; the address must already be in dotted-quad or IPv6 text form (brackets allowed). */
export function isPublicIp(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) {
    return ipaddr.IPv4.parse(bare).range() === 'unicast';
  }
  if (ipaddr.IPv6.isValid(bare)) {
    const v6 = ipaddr.IPv6.parse(bare);
    return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6, 3);
  }
  return false;
}

export interface PublicDomainInfo {
  hostname: string;
  /** Registrable domain, e.g. example.co.uk */
  domain: string;
  /** Labels left of the registrable domain, '' when none */
  subdomain: string;
}

/** Returns the tldts breakdown of a public DNS name, or null when the name is not public (see header). */
export function publicDomainInfo(hostname: string): PublicDomainInfo | null {
  const host = canonicalHostname(hostname);
  if (!host.includes('.') || isIpLiteral(host)) return null;
  if (PRIVATE_SUFFIXES.some((suffix) => endsWithLabel(host, suffix))) return null;
  const parsed = parse(host, { detectSpecialUse: true, allowPrivateDomains: false });
  if (parsed.isIp || parsed.isIcann !== true || parsed.domain === null || parsed.hostname === null) return null;
  if (parsed.isSpecialUse === true && !PUBLIC_SPECIAL_USE.some((name) => endsWithLabel(host, name))) return null;
  return { hostname: parsed.hostname, domain: parsed.domain, subdomain: parsed.subdomain ?? '' };
}

/**
 * DNS-name syntax as tldts checks it (label lengths, no empty labels, no leading or trailing hyphen, letters,
 * digits, '-' and '_' only). The WHATWG parser lets characters such as '*' or '!' through in hostnames.
 * IP literals are syntactically valid.
 */
export function isValidHostnameSyntax(hostname: string): boolean {
  const host = canonicalHostname(hostname);
  if (isIpLiteral(host)) return true;
  return host !== '' && parse(host).hostname !== null;
}

/** True when a WHATWG-canonical hostname (IP literal or DNS name) is public. */
export function isPublicHost(hostname: string): boolean {
  const host = canonicalHostname(hostname);
  if (isIpLiteral(host)) return isPublicIp(host);
  return publicDomainInfo(host) !== null;
}
