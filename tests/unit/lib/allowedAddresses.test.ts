// An API key's allowed addresses as typed in the console: entries split on lines, commas and spaces, each held to
// the server's own rule (normalCidr), at most MAX_ALLOWED_ADDRESSES.
import { describe, expect, it } from 'vitest';
import { addressEntries, allowedAddressesProblem } from '../../../src/lib/allowedAddresses';
import { MAX_ALLOWED_ADDRESSES } from '../../../src/lib/apiKeyScopes';

describe('allowed addresses as typed', () => {
  it('splits on line breaks, commas and spaces and drops blanks', () => {
    expect(addressEntries(' 203.0.113.0/24,\n\n2001:db8::/48  10.0.0.1 \r\n')).toEqual(['203.0.113.0/24', '2001:db8::/48', '10.0.0.1']);
    expect(addressEntries('   ')).toEqual([]);
  });

  it('accepts addresses and blocks of both families, and nothing', () => {
    expect(allowedAddressesProblem('203.0.113.77/24\n::1\n2001:DB8::/32')).toBeNull();
    expect(allowedAddressesProblem('')).toBeNull();
  });

  it('names the first entry the server would refuse', () => {
    expect(allowedAddressesProblem('10.0.0.0/8 10.0.0.0/33 example.com')).toEqual({ kind: 'invalid', entry: '10.0.0.0/33' });
    expect(allowedAddressesProblem('::ffff:10.0.0.1/120')).toEqual({ kind: 'invalid', entry: '::ffff:10.0.0.1/120' });
  });

  it(`refuses more than ${MAX_ALLOWED_ADDRESSES} entries`, () => {
    const many = Array.from({ length: MAX_ALLOWED_ADDRESSES + 1 }, (_, index) => `10.0.${index}.0/24`).join('\n');
    expect(allowedAddressesProblem(many)).toEqual({ kind: 'tooMany', max: MAX_ALLOWED_ADDRESSES });
  });
});
