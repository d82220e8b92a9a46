/**
 * Revenue at stake (issue 9, the review step of every add dialog): what the advertisers a block would stop
 * earned over a period, per blocked value and for a whole selection.
 *
 * - An advertiser id blocks that advertiser; an advertiser domain blocks the advertisers whose domain is it or a
 *   host under it (blocksDomain); an IAB parent blocks the advertisers of that parent, a sub-category those of
 *   the sub-category.
 * - The sum counts every blocked advertiser once, however many values of the selection block it, so it is what
 *   the whole selection costs (never more than the total).
 * - Shares are of the entity's total over the same period, 0 when it earned nothing; amounts keep 4 decimals,
 *   as the report rows do.
 */
import { blockedDomainBase, blocksDomain, domainsAbove } from './advertiserDomains';
import type { BlockType } from './blocklist';

export interface AdvertiserEarnings {
  advertiserId: number;
  domain: string | null;
  iabCategoryId: string | null;
  iabSubCategoryId: string | null;
  revenue: number;
  impressions: number;
}

export interface StakeItem {
  type: BlockType;
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
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

function figuresOf(advertisers: readonly AdvertiserEarnings[], total: Figures): ShareFigures {
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
    return byDomain.get(blockedDomainBase(key)) ?? [];
  };
}

export function revenueAtStake(
  items: readonly StakeItem[],
  earnings: readonly AdvertiserEarnings[],
  total: Figures,
): { items: (StakeItem & ShareFigures)[]; sum: ShareFigures } {
  const lookup = blockedBy(earnings);
  const blocked = new Set<AdvertiserEarnings>();
  const perItem = items.map((item) => {
    const hit = lookup(item);
    for (const advertiser of hit) blocked.add(advertiser);
    return { type: item.type, value: item.value, ...figuresOf(hit, total) };
  });
  return { items: perItem, sum: figuresOf([...blocked], total) };
}
