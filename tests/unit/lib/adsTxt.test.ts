import { describe, expect, it } from 'vitest';
import { renderAdsTxt } from '../../../src/lib/adsTxt';

describe('renderAdsTxt', () => {
  it('renders one line per entry in field order, tagId last when present', () => {
    expect(
      renderAdsTxt([
        { exchangeDomain: 'adnetwork.example', sellerAccountId: '1234', accountType: 'DIRECT', tagId: 'f08c47fec0942fa0' },
        { exchangeDomain: 'reseller.example', sellerAccountId: 'pub-99', accountType: 'RESELLER' },
      ]),
    ).toBe('adnetwork.example, 1234, DIRECT, f08c47fec0942fa0\nreseller.example, pub-99, RESELLER');
  });

  it('omits a null, empty or blank tagId and trims fields', () => {
    expect(
      renderAdsTxt([
        { exchangeDomain: ' a.example ', sellerAccountId: ' 1 ', accountType: 'DIRECT', tagId: null },
        { exchangeDomain: 'b.example', sellerAccountId: '2', accountType: 'RESELLER', tagId: '' },
        { exchangeDomain: 'c.example', sellerAccountId: '3', accountType: 'DIRECT', tagId: '  ' },
      ]),
    ).toBe('a.example, 1, DIRECT\nb.example, 2, RESELLER\nc.example, 3, DIRECT');
  });

  it('renders nothing for no lines', () => {
    expect(renderAdsTxt([])).toBe('');
  });
});
