/**
 * IP-literal recognition on its own, without the public-suffix list: the public pages' runtime configuration
 * needs only this (a console opened by IP address talks to the staging backend), and importing it from hosts.ts
 * would put hosts.ts, and with it tldts, on the sign-in page's path once the admin screens use hosts.ts too.
 */
import ipaddr from 'ipaddr.js';

/** True for an IPv4 (dotted quad) or IPv6 (with or without brackets) literal. */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare);
}
