/**
 * An API key's allowed client addresses (issue 29): IPv4 or IPv6 addresses and CIDR blocks, one rule for the
 * console's form and the server's check (server/src/routes/apiKeys). An entry is stored as the network address
 * of its block with its prefix length (`203.0.113.77/24` -> `203.0.113.0/24`, a bare address as /32 or /128);
 * an IPv4-mapped IPv6 block is refused (write the IPv4 block).
 */
import ipaddr from 'ipaddr.js';
import { MAX_ALLOWED_ADDRESSES } from './apiKeyScopes';

/** An allowed-address entry as stored: `address/bits`, the network address of its block; null when invalid. */
export function normalCidr(entry: string): string | null {
  try {
    if (entry.includes('/')) {
      const [range, bits] = ipaddr.parseCIDR(entry);
      const address = range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() ? null : range;
      if (!address) return null;
      const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(entry) : ipaddr.IPv6.networkAddressFromCIDR(entry);
      return `${network.toString()}/${bits}`;
    }
    if (!ipaddr.isValid(entry)) return null;
    const address = ipaddr.process(entry);
    return `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}`;
  } catch {
    return null;
  }
}

/** The entries of a typed list (one per line, or separated by commas or spaces), blanks dropped. */
export function addressEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

export type AllowedAddressesProblem = { kind: 'invalid'; entry: string } | { kind: 'tooMany'; max: number };

/** What is wrong with a typed list of allowed addresses, or null when every entry is an address or a block. */
export function allowedAddressesProblem(text: string): AllowedAddressesProblem | null {
  const entries = addressEntries(text);
  const invalid = entries.find((entry) => normalCidr(entry) === null);
  if (invalid !== undefined) return { kind: 'invalid', entry: invalid };
  return entries.length > MAX_ALLOWED_ADDRESSES ? { kind: 'tooMany', max: MAX_ALLOWED_ADDRESSES } : null;
}
