import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksDomain } from '../../../src/lib/advertiserDomains';
import { looksLikeFormula } from '../../../src/lib/csv';
import { blocksAdvertiser, revenueAtStake, type AdvertiserEarnings, type StakeItem } from '../../../src/lib/revenueAtStake';

const advertiser = (advertiserId: number, domain: string | null, sub: string | null, revenue: number, impressions: number): AdvertiserEarnings => ({
  advertiserId,
  domain,
  iabCategoryId: sub?.split('-')[0] ?? null,
  iabSubCategoryId: sub,
  revenue,
  impressions,
});

const EARNINGS = [
  advertiser(1, 'shop.example', 'IAB22-2', 30, 3000),
  advertiser(2, 'ads.shop.example', 'IAB22-3', 10, 1000),
  advertiser(3, 'fit.example', 'IAB7-1', 60, 6000),
  advertiser(4, null, null, 0, 0),
];
const TOTAL = { revenue: 100, impressions: 10_000 };

describe('revenue at stake', () => {
  it('blocks by id, by domain and the hosts under it, and by IAB parent or sub-category', () => {
    const result = revenueAtStake(
      [
        { type: 'advertiser', value: '3' },
        { type: 'advertiser_domain', value: 'shop.example' },
        { type: 'advertiser_domain', value: '*.ads.shop.example' },
        { type: 'iab_category', value: 'IAB22' },
        { type: 'iab_category', value: 'iab22-3' },
      ],
      EARNINGS,
      TOTAL,
    );
    expect(result.items.map((item) => item.revenue)).toEqual([60, 40, 10, 40, 10]);
    expect(result.items[0]).toMatchObject({ revenueShare: 0.6, impressionShare: 0.6 });
    expect(result.sum).toEqual({ revenue: 100, impressions: 10_000, revenueShare: 1, impressionShare: 1 });
  });

  it('never adds an advertiser twice: the sum is at most the total and at least every single item', () => {
    const items = fc.array(
      fc.oneof(
        fc.constantFrom('1', '2', '3', '4', '5').map((value): StakeItem => ({ type: 'advertiser', value })),
        fc.constantFrom('shop.example', 'ads.shop.example', 'fit.example', 'other.example').map((value): StakeItem => ({ type: 'advertiser_domain', value })),
        fc.constantFrom('IAB22', 'IAB22-2', 'IAB7', 'IAB7-1', 'IAB1').map((value): StakeItem => ({ type: 'iab_category', value })),
      ),
    );
    fc.assert(
      fc.property(items, (list) => {
        const { items: each, sum } = revenueAtStake(list, EARNINGS, TOTAL);
        expect(sum.revenue).toBeLessThanOrEqual(TOTAL.revenue);
        for (const item of each) expect(sum.revenue).toBeGreaterThanOrEqual(item.revenue);
        expect(revenueAtStake([...list, ...list], EARNINGS, TOTAL).sum).toEqual(sum);
      }),
    );
  });

  it('gives each value the advertisers blocksAdvertiser says it blocks, in their order', () => {
    // Few labels, so domains often sit under one another; mixed case and '*.' on either side.
    const label = fc.constantFrom('a', 'b', 'ads', 'shop');
    const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('example', 'com'), fc.boolean(), fc.boolean()).map(
      ([labels, tld, wildcard, upper]) => {
        const name = `${wildcard ? '*.' : ''}${[...labels, tld].join('.')}`;
        return upper ? name.toUpperCase() : name;
      },
    );
    const earnings = fc.array(fc.option(domain), { maxLength: 12 }).map((domains) =>
      domains.map((d, i) => advertiser(i + 1, d, i % 2 ? 'IAB22-2' : 'IAB7-1', i + 1, 100 * (i + 1))),
    );
    const items = fc.array(
      fc.oneof(
        domain.map((value): StakeItem => ({ type: 'advertiser_domain', value })),
        fc.constantFrom('1', '2', ' 3 ').map((value): StakeItem => ({ type: 'advertiser', value })),
        fc.constantFrom('IAB22', 'iab7-1').map((value): StakeItem => ({ type: 'iab_category', value })),
      ),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(earnings, items, (list, values) => {
        const total = { revenue: 1000, impressions: 100_000 };
        const result = revenueAtStake(values, list, total);
        values.forEach((item, index) => {
          const blocked = list.filter((a) => blocksAdvertiser(item, a));
          expect(result.items[index]).toMatchObject({
            revenue: Math.round(blocked.reduce((sum, a) => sum + a.revenue, 0) * 10_000) / 10_000,
            impressions: blocked.reduce((sum, a) => sum + a.impressions, 0),
          });
        });
      }),
    );
  });

  it('answers shares of 0 when the entity earned nothing', () => {
    expect(revenueAtStake([{ type: 'advertiser', value: '1' }], [], { revenue: 0, impressions: 0 }).sum).toEqual({
      revenue: 0,
      impressions: 0,
      revenueShare: 0,
      impressionShare: 0,
    });
  });
});

describe('the rules it stands on', () => {
  it('a blocked domain covers the domain and the hosts under it, not look-alikes', () => {
    expect(blocksDomain('*.shop.example', 'shop.example')).toBe(true);
    expect(blocksDomain('shop.example', 'a.b.SHOP.example')).toBe(true);
    expect(blocksDomain('*.shop.example', 'myshop.example')).toBe(false);
    expect(blocksDomain('*.ads.shop.example', 'shop.example')).toBe(false);
  });

  it('a formula is what the CSV export neutralises', () => {
    expect(['=1', '+1', '-1', '@a', '\t', '\r', ';', '|'].every(looksLikeFormula)).toBe(true);
    expect(['IAB7', '1001', '*.a.example', 'Acme'].some(looksLikeFormula)).toBe(false);
  });
});
