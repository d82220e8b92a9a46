// The pure parts of API keys (server/src/auth/apiKeys.ts): the secret's shape and hash, and the allowed addresses
// (CIDR blocks as stored, IPv4-mapped IPv6 clients taken as IPv4).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressAllowed, newSecret, normalAddress, normalCidr, secretHash } from '../../../server/src/auth/apiKeys';

describe('secrets', () => {
  it('are pp_live_ and 40 url-safe characters, each new, hashed with SHA-256, hinted by their first four', () => {
    const a = newSecret();
    const b = newSecret();
    expect(a.secret).toMatch(/^pp_live_[A-Za-z0-9_-]{40}$/);
    expect(a.secret).not.toBe(b.secret);
    expect(a.hash).toBe(createHash('sha256').update(a.secret).digest('hex'));
    expect(secretHash(a.secret)).toBe(a.hash);
    expect(a.hint).toBe(a.secret.slice(0, 12));
  });
});

describe('allowed addresses', () => {
  it('stores an address or block as its network and prefix, and refuses what is neither', () => {
    expect(normalCidr('203.0.113.77/24')).toBe('203.0.113.0/24');
    expect(normalCidr('203.0.113.77')).toBe('203.0.113.77/32');
    expect(normalCidr('2001:DB8:0:0:1::1/48')).toBe('2001:db8::/48');
    expect(normalCidr('::1')).toBe('::1/128');
    for (const bad of ['300.1.1.1', '10.0.0.0/33', 'example.com', '10.0.0.0/', '::ffff:10.0.0.1/120', '']) expect(normalCidr(bad), bad).toBeNull();
  });

  it('takes any address without a list, and only those inside a block with one', () => {
    expect(addressAllowed('198.51.100.1', [])).toBe(true);
    const list = ['203.0.113.0/24', '2001:db8::/48'];
    expect(addressAllowed('203.0.113.200', list)).toBe(true);
    expect(addressAllowed('::ffff:203.0.113.5', list)).toBe(true);
    expect(addressAllowed('2001:db8:0:ffff::1', list)).toBe(true);
    expect(addressAllowed('203.0.114.1', list)).toBe(false);
    expect(addressAllowed('2001:db9::1', list)).toBe(false);
    expect(addressAllowed('not an address', list)).toBe(false);
    expect(normalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });
});
