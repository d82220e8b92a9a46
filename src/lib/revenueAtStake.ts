/**
 * Revenue at stake (issue 9, the review step of every add dialog): what the advertisers a block would stop
 * earned over a period, per blocked value and for a whole selection.
 *
 * - An advertiser id blocks that advertiser; an advertiser domain blocks the advertisers whose domain is it or a
 *   host under it (blocksDomain); an IAB parent blocks the advertisers of that parent, a sub-category those of
 *   the sub-category.
 * - The sum counts every blocked advertiser once, however many values of the selection block it, so it is what
 *   the whole selection costs (never more than the total).
 * - A creative id (issue 28) blocks that one creative: its own figures (CreativeEarnings). In the sum a creative
 *   counts unless the selection already blocks its advertiser.
 * - Shares are of the entity's total over the same period, 0 when it earned nothing; amounts keep 4 decimals,
 *   as the report rows do.
 */
import { blockedDomainBase, blocksDomain, domainsAbove } from './advertiserDomains';
import type { RestrictionTypeName } from './restrictions';

export interface AdvertiserEarnings {
  advertiserId: number;
  domain: string | null;
  iabCategoryId: string | null;
  iabSubCategoryId: string | null;
  revenue: number;
  impressions: number;
}

/** What one creative earned over the period (the ad review center's creative_daily rows). */
export interface CreativeEarnings {
  creativeId: number;
  advertiserId: number;
  revenue: number;
  impressions: number;
}

export interface StakeItem {
  type: RestrictionTypeName;
  value: string;
}

export interface Figures {
  revenue: number;
  impressions: number;
}

export interface ShareFigures extends Figures {
  revenueShare: number;
  impressionShare: number;
}

export function blocksAdvertiser(item: StakeItem, advertiser: AdvertiserEarnings): boolean {
  switch (item.type) {
    case 'advertiser':
      return String(advertiser.advertiserId) === item.value.trim();
    case 'advertiser_domain':
      return advertiser.domain !== null && advertiser.domain !== '' && blocksDomain(item.value, advertiser.domain);
    case 'iab_category': {
      const id = item.value.trim().toUpperCase();
      return id.includes('-') ? advertiser.iabSubCategoryId === id : advertiser.iabCategoryId === id;
    }
    case 'creative':
      // A creative block stops one creative, never a whole advertiser.
      return false;
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

function figuresOf(advertisers: readonly Figures[], total: Figures): ShareFigures {
  const revenue = round4(advertisers.reduce((sum, a) => sum + a.revenue, 0));
  const impressions = advertisers.reduce((sum, a) => sum + a.impressions, 0);
  return { revenue, impressions, revenueShare: share(revenue, total.revenue), impressionShare: share(impressions, total.impressions) };
}

/** The advertisers each value blocks, looked up by id, category and domain instead of tested one by one (a whole IAB tree asks ~400). */
function blockedBy(earnings: readonly AdvertiserEarnings[]) {
  const index = (keys: (a: AdvertiserEarnings) => readonly (string | null)[]) => {
    const map = new Map<string, AdvertiserEarnings[]>();
    for (const advertiser of earnings) {
      for (const key of keys(advertiser)) {
        if (key === null) continue;
        const list = map.get(key);
        if (list) list.push(advertiser);
        else map.set(key, [advertiser]);
      }
    }
    return map;
  };
  const byId = index((a) => [String(a.advertiserId)]);
  const byCategory = index((a) => [a.iabCategoryId]);
  const bySubCategory = index((a) => [a.iabSubCategoryId]);
  const byDomain = index((a) => (a.domain ? domainsAbove(a.domain) : []));
  return (item: StakeItem): AdvertiserEarnings[] => {
    const key = item.value.trim();
    if (item.type === 'advertiser') return byId.get(key) ?? [];
    if (item.type === 'iab_category') return (key.includes('-') ? bySubCategory : byCategory).get(key.toUpperCase()) ?? [];
    if (item.type === 'creative') return [];
    return byDomain.get(blockedDomainBase(key)) ?? [];
  };
}

export function revenueAtStake(
  items: readonly StakeItem[],
  earnings: readonly AdvertiserEarnings[],
  total: Figures,
  creatives: readonly CreativeEarnings[] = [],
): { items: (StakeItem & ShareFigures)[]; sum: ShareFigures } {
  const lookup = blockedBy(earnings);
  const creativeById = new Map(creatives.map((creative) => [String(creative.creativeId), creative]));
  const blocked = new Set<AdvertiserEarnings>();
  const blockedCreatives = new Set<CreativeEarnings>();
  const perItem = items.map((item) => {
    if (item.type === 'creative') {
      const creative = creativeById.get(item.value.trim());
      if (creative) blockedCreatives.add(creative);
      return { type: item.type, value: item.value, ...figuresOf(creative ? [creative] : [], total) };
    }
    const hit = lookup(item);
    for (const advertiser of hit) blocked.add(advertiser);
    return { type: item.type, value: item.value, ...figuresOf(hit, total) };
  });
  const blockedAdvertisers = new Set([...blocked].map((advertiser) => advertiser.advertiserId));
  const creativesOutside = [...blockedCreatives].filter((creative) => !blockedAdvertisers.has(creative.advertiserId));
  return { items: perItem, sum: figuresOf([...blocked, ...creativesOutside], total) };
}
