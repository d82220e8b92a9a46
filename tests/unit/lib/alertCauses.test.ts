// Why an alert's figure fell: the changes before it that touch its scope, ranked by what they put at stake (blocks
// by the revenue-at-stake rule, a product's share of its zone, a disabled zone, removed slots), the rest last.
import { describe, expect, it } from 'vitest';
import { rankCauses, touchesZone, type CauseEntry, type StakeFigures } from '../../../src/lib/alertCauses';
import type { AdvertiserEarnings } from '../../../src/lib/revenueAtStake';

const earning = (advertiserId: number, revenue: number, domain: string | null = null, iab: string | null = null): AdvertiserEarnings => ({
  advertiserId,
  revenue,
  impressions: revenue * 100,
  domain,
  iabCategoryId: iab?.split('-')[0] ?? null,
  iabSubCategoryId: iab,
});

const PUBLISHER = [earning(1, 400, 'big.example', 'IAB7-1'), earning(2, 100, 'ads.small.example'), earning(3, 50)];
const ZONE_7 = [earning(1, 40, 'big.example', 'IAB7-1'), earning(2, 60, 'ads.small.example')];
const FIGURES: StakeFigures = {
  total: 1000,
  advertisers: PUBLISHER,
  zoneAdvertisers: (zoneId) => (zoneId === 7 ? ZONE_7 : []),
  zoneRevenue: (zoneId) => ({ 7: 200, 8: 300 })[zoneId] ?? 0,
  zoneSlots: (zoneId) => (zoneId === 8 ? 3 : 0),
};

let id = 0;
const entry = (kind: CauseEntry['kind'], zoneId: number | null, before: object | null, after: object | null, at = '2026-11-20T10:00:00.000Z'): CauseEntry => ({
  id: ++id,
  at,
  kind,
  zoneId,
  before,
  after,
});
const blocks = (...items: [string, string][]) => ({ blocks: items.map(([type, value]) => ({ type, id: value, name: value })) });
const products = (zoneId: number, ...ids: number[]) => ({ zones: [{ zone: { id: zoneId, name: `Zone ${zoneId}` }, products: ids.map((p) => ({ id: p, name: `P${p}`, implementationTypeId: null })) }] });
const slots = (...items: [number, boolean][]) => ({ slots: items.map(([slotId, enabled]) => ({ id: slotId, name: `S${slotId}`, size: '300x250', enabled })) });

describe('alert causes', () => {
  const advertiserBlock = entry('BLOCKS', null, blocks(), blocks(['advertiser', '1']));
  const domainBlock = entry('BLOCKS', null, blocks(), blocks(['advertiser_domain', '*.small.example']), '2026-11-19T10:00:00.000Z');
  const zoneBlock = entry('BLOCKS', 7, blocks(), blocks(['advertiser', '2']));
  const unblock = entry('BLOCKS', null, blocks(['advertiser', '3']), blocks());
  const productRemoved = entry('PRODUCTS', null, products(8, 5, 14, 16), products(8, 5));
  const disabled = entry('ZONE', 7, { enabled: true }, { enabled: false });
  const renamed = entry('ZONE', 8, { name: 'A' }, { name: 'B' }, '2026-11-21T10:00:00.000Z');
  const slotRemoved = entry('SLOTS', 8, slots([1, true]), slots([1, false]));
  const all = [renamed, unblock, domainBlock, advertiserBlock, zoneBlock, productRemoved, disabled, slotRemoved];

  it("ranks the publisher's changes by what they put at stake, those without last and newest first", () => {
    const { causes, others, count } = rankCauses(all, null, FIGURES);
    expect(causes.map((cause) => [cause.entry.id, cause.effect, cause.revenueAtStake, cause.share])).toEqual([
      [advertiserBlock.id, 'BLOCK', 400, 0.4],
      // Equal amounts: the newer change first.
      [disabled.id, 'ZONE_DISABLED', 200, 0.2],
      [productRemoved.id, 'PRODUCT_REMOVED', 200, 0.2],
      [domainBlock.id, 'BLOCK', 100, 0.1],
      [slotRemoved.id, 'SLOTS_REMOVED', 75, 0.075],
      // The zone's block counts what the advertiser earned on that zone only.
      [zoneBlock.id, 'BLOCK', 60, 0.06],
      [renamed.id, 'NONE', 0, null],
      [unblock.id, 'NONE', 0, null],
    ]);
    expect([others, count]).toEqual([0, 8]);
  });

  it("keeps to a zone's own changes and the publisher's blocks for a zone's alert, with the zone's earnings", () => {
    const zoneFigures = { ...FIGURES, total: 200, advertisers: ZONE_7 };
    const { causes } = rankCauses(all, 7, zoneFigures);
    expect(causes.map((cause) => [cause.entry.id, cause.effect, cause.revenueAtStake])).toEqual([
      [disabled.id, 'ZONE_DISABLED', 200],
      [zoneBlock.id, 'BLOCK', 60],
      [domainBlock.id, 'BLOCK', 60],
      [advertiserBlock.id, 'BLOCK', 40],
      [unblock.id, 'NONE', 0],
    ]);
    expect(touchesZone(productRemoved, 7)).toBe(false);
    expect(touchesZone(productRemoved, 8)).toBe(true);
    expect(touchesZone(renamed, 7)).toBe(false);
  });

  it('lists at most the limit and counts the others', () => {
    const many = Array.from({ length: 25 }, (_, k) => entry('ZONE', 8, { name: `N${k}` }, { name: `M${k}` }));
    const { causes, others, count } = rankCauses([advertiserBlock, ...many], null, FIGURES, 20);
    expect(causes).toHaveLength(20);
    expect(causes[0]!.entry).toBe(advertiserBlock);
    expect([others, count]).toEqual([6, 26]);
  });

  it('puts nothing at stake when the scope earned nothing', () => {
    const empty: StakeFigures = { total: 0, advertisers: [], zoneAdvertisers: () => [], zoneRevenue: () => 0, zoneSlots: () => 0 };
    expect(rankCauses([advertiserBlock, disabled], null, empty).causes.map((cause) => cause.effect)).toEqual(['NONE', 'NONE']);
  });
});

describe('alert causes of creative blocks (issue 28)', () => {
  const creatives = (zoneId: number | null) =>
    zoneId === 7
      ? [{ creativeId: 90, advertiserId: 3, revenue: 12, impressions: 1200 }]
      : [{ creativeId: 90, advertiserId: 3, revenue: 30, impressions: 3000 }, { creativeId: 91, advertiserId: 1, revenue: 80, impressions: 8000 }];
  const figures: StakeFigures = { ...FIGURES, creatives };

  it("count the blocked creative's own revenue: the publisher's for a global block, the zone's for a zone's", () => {
    const global = entry('BLOCKS', null, blocks(), blocks(['creative', '90']));
    const onZone = entry('BLOCKS', 7, blocks(), blocks(['creative', '90']));
    // With its advertiser blocked too, the creative is not counted twice.
    const both = entry('BLOCKS', null, blocks(), blocks(['creative', '91'], ['advertiser', '1']));
    const { causes } = rankCauses([global, onZone, both], null, figures);
    expect(causes.map((cause) => [cause.entry.id, cause.revenueAtStake])).toEqual([
      [both.id, 400],
      [global.id, 30],
      [onZone.id, 12],
    ]);
    // Without creative figures (no creative block read), a creative block puts nothing at stake.
    expect(rankCauses([global], null, FIGURES).causes[0]?.revenueAtStake ?? 0).toBe(0);
  });
});
