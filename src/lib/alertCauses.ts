/**
 * Why a revenue alert's figure may have fallen (issue 23): the changes of the publisher's history before the drop
 * that touch its scope, each with what it put at stake, largest first. Pure; the daily job gives it the entries
 * and the 30-day figures it reads from the report rows (server/src/alerts/causes.ts).
 *
 * - A block (BLOCKS `after`): what the blocked advertisers earned the scope, by the blocking dialogs' own rule
 *   (revenueAtStake: by id, domain and the hosts under it, IAB parent or sub-category). A zone's block, or any
 *   block seen from a zone's alert, counts that zone's earnings only.
 * - A product removed from a zone (PRODUCTS): the report rows name no product, so each product the zone had
 *   counts for an equal share of the zone's revenue; the removed ones' shares are at stake.
 * - A zone disabled (ZONE, enabled true -> false): all of the zone's revenue.
 * - Slots removed or disabled (SLOTS): their share of the zone's slots.
 * Anything else (a rename, URL blocks, self identifiers, additions) puts nothing at stake and comes last.
 */
import { changeOf, type HistoryKind } from './history';
import { revenueAtStake, type AdvertiserEarnings, type CreativeEarnings } from './revenueAtStake';

export const CAUSE_EFFECTS = ['BLOCK', 'PRODUCT_REMOVED', 'ZONE_DISABLED', 'SLOTS_REMOVED', 'NONE'] as const;
export type CauseEffect = (typeof CAUSE_EFFECTS)[number];

/** The kinds of change that can touch an alert's figures: what the inventory and its blocking are. */
export const CAUSE_KINDS: readonly HistoryKind[] = ['ZONE', 'PRODUCTS', 'BLOCKED_URLS', 'SLOTS', 'BLOCKS', 'SELF_IDENTIFIERS'];

/** Causes listed per alert; the rest (nothing at stake) are counted. */
export const MAX_CAUSES = 20;

/** Days before the first day of a drop whose changes are considered (the first day's own too). */
export const CAUSE_WINDOW_DAYS = 7;
/** The figures at stake are those of the 30 days before that window. */
export const STAKE_DAYS = 30;

export interface CauseEntry {
  id: number;
  /** ISO time; newer first among equals. */
  at: string;
  kind: HistoryKind;
  zoneId: number | null;
  before: object | null;
  after: object | null;
}

/** The 30-day figures the ranking reads, for the alert's scope. */
export interface StakeFigures {
  /** The scope's revenue: the publisher's, or the alert's zone's. */
  total: number;
  /** What each advertiser earned the scope (the publisher, or the alert's zone). */
  advertisers: readonly AdvertiserEarnings[];
  /** What each advertiser earned one zone (a zone's block seen from the publisher's alert). */
  zoneAdvertisers(zoneId: number): readonly AdvertiserEarnings[];
  zoneRevenue(zoneId: number): number;
  /** The zone's slots now (those removed are added back to count the share). */
  zoneSlots(zoneId: number): number;
  /**
   * What the creatives that blocks name earned the publisher (`zoneId` null) or one zone (issue 28: a creative
   * block puts that creative's revenue at stake). Absent: no creative block to explain.
   */
  creatives?(zoneId: number | null): readonly CreativeEarnings[];
}

export interface Cause<E extends CauseEntry = CauseEntry> {
  entry: E;
  effect: CauseEffect;
  revenueAtStake: number;
  /** Of the scope's revenue; null for NONE. */
  share: number | null;
}

type Zoned = { zone: { id: number } };

/** Whether the entry changed the zone, or something every zone has (a publisher's blocks). */
export function touchesZone(entry: CauseEntry, zoneId: number): boolean {
  if (entry.zoneId === zoneId) return true;
  if (entry.zoneId !== null) return false;
  const change = changeOf(entry);
  switch (change.kind) {
    case 'BLOCKS':
      return true;
    case 'PRODUCTS':
      return [...change.before.zones, ...change.after.zones].some((zone: Zoned) => zone.zone.id === zoneId);
    case 'SELF_IDENTIFIERS':
      return [...change.before.domains, ...change.after.domains].some((domain: Zoned) => domain.zone.id === zoneId);
    default:
      return false;
  }
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** What the entry put at stake for a scope: the publisher (`scopeZoneId` null) or one zone. */
export function effectOf(entry: CauseEntry, scopeZoneId: number | null, figures: StakeFigures): { effect: CauseEffect; amount: number } {
  const inScope = (zoneId: number) => scopeZoneId === null || scopeZoneId === zoneId;
  const change = changeOf(entry);
  switch (change.kind) {
    case 'BLOCKS': {
      if (change.after.blocks.length === 0) break;
      const earnings = scopeZoneId === null && entry.zoneId !== null ? figures.zoneAdvertisers(entry.zoneId) : figures.advertisers;
      const creatives = figures.creatives?.(scopeZoneId === null && entry.zoneId !== null ? entry.zoneId : scopeZoneId) ?? [];
      const items = change.after.blocks.map((block) => ({ type: block.type, value: block.id }));
      const amount = revenueAtStake(items, earnings, { revenue: figures.total, impressions: 0 }, creatives).sum.revenue;
      return { effect: 'BLOCK', amount };
    }
    case 'PRODUCTS': {
      let amount = 0;
      for (const { zone, products } of change.before.zones) {
        if (!inScope(zone.id) || products.length === 0) continue;
        const after = new Set(change.after.zones.find((other) => other.zone.id === zone.id)?.products.map((product) => product.id) ?? []);
        const removed = products.filter((product) => !after.has(product.id)).length;
        amount += (figures.zoneRevenue(zone.id) * removed) / products.length;
      }
      return { effect: 'PRODUCT_REMOVED', amount };
    }
    case 'ZONE':
      if (entry.zoneId !== null && inScope(entry.zoneId) && change.before?.enabled === true && change.after.enabled === false) {
        return { effect: 'ZONE_DISABLED', amount: figures.zoneRevenue(entry.zoneId) };
      }
      break;
    case 'SLOTS': {
      if (entry.zoneId === null || !inScope(entry.zoneId)) break;
      const after = new Map(change.after.slots.map((slot) => [slot.id, slot]));
      const removed = change.before.slots.filter((slot) => slot.enabled && after.get(slot.id)?.enabled !== true).length;
      if (removed === 0) break;
      const slots = figures.zoneSlots(entry.zoneId) + removed;
      return { effect: 'SLOTS_REMOVED', amount: (figures.zoneRevenue(entry.zoneId) * removed) / slots };
    }
    default:
      break;
  }
  return { effect: 'NONE', amount: 0 };
}

/**
 * The entries ranked: what put something at stake first, largest first (ties: newest first), then the rest
 * newest first; at most `limit` of them, `others` counting those left out, `count` all that touch the scope.
 */
export function rankCauses<E extends CauseEntry>(
  entries: readonly E[],
  scopeZoneId: number | null,
  figures: StakeFigures,
  limit = MAX_CAUSES,
): { causes: Cause<E>[]; others: number; count: number } {
  const newestFirst = (a: Cause<E>, b: Cause<E>) => (a.entry.at < b.entry.at ? 1 : a.entry.at > b.entry.at ? -1 : b.entry.id - a.entry.id);
  const all = entries
    .filter((entry) => scopeZoneId === null || touchesZone(entry, scopeZoneId))
    .map((entry): Cause<E> => {
      const { effect, amount } = effectOf(entry, scopeZoneId, figures);
      const revenueAtStake = round4(Math.max(0, amount));
      return revenueAtStake > 0
        ? { entry, effect, revenueAtStake, share: figures.total > 0 ? Math.min(1, revenueAtStake / figures.total) : 0 }
        : { entry, effect: 'NONE', revenueAtStake: 0, share: null };
    });
  const atStake = all.filter((cause) => cause.effect !== 'NONE').sort((a, b) => b.revenueAtStake - a.revenueAtStake || newestFirst(a, b));
  const rest = all.filter((cause) => cause.effect === 'NONE').sort(newestFirst);
  const ranked = [...atStake, ...rest];
  return { causes: ranked.slice(0, limit), others: Math.max(0, ranked.length - limit), count: ranked.length };
}
