import { describe, expect, it } from 'vitest';
import { clientKey, networkKey } from '../../../server/src/auth/throttle';

describe('who throttling counts together', () => {
  it.each([
    ['an IPv4 address', '203.0.113.77', '203.0.113.77', '203.0.113.0/24'],
    ['an IPv4-mapped IPv6 address, as the IPv4 address it is', '::ffff:203.0.113.77', '203.0.113.77', '203.0.113.0/24'],
    ['an IPv6 address', '2001:db8:1:2:aaaa::5', '2001:db8:1:2::/64', '2001:db8:1::/48'],
  ])('takes %s as one client and its network', (_case, ip, client, network) => {
    expect(clientKey(ip)).toBe(client);
    expect(networkKey(ip)).toBe(network);
  });

  it('puts every /64 of one /48 in one network, and another /48 in another', () => {
    expect(new Set(['2001:db8:1:2::1', '2001:db8:1:ffff::1'].map(networkKey)).size).toBe(1);
    expect(networkKey('2001:db8:2::1')).not.toBe(networkKey('2001:db8:1::1'));
  });
});
