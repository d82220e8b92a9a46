// The causes of new alerts (the ranking itself: src/lib/alertCauses.ts): the history entries of the 7 days before a
// drop and its first day, and the 30-day figures before those days that say what each change put at stake. Read
// once per publisher for all of its new alerts: its entries over the days they span, and the figures per day.
//
// The ads.txt monitor's changes are causes too (issue 27): a crawl that found required lines gone from a site in
// the same window (a line lost on day X explains a drop from day X), for an alert of the whole publisher or of a
// zone on that site. Buyers drop what is no longer authorised, and the report rows name no seller line, so (as a
// removed product) each required line stands for an equal share of the revenue of the site's zones in the scope.
import type { Queryable } from '../db/db';
import { CAUSE_KINDS, CAUSE_WINDOW_DAYS, MAX_CAUSES, STAKE_DAYS, rankCauses, type CauseEffect, type CauseEntry, type StakeFigures } from '../../../src/lib/alertCauses';
import { requiredLinesCache } from '../crawl/monitor';
import type { AdvertiserEarnings, CreativeEarnings } from '../../../src/lib/revenueAtStake';
import { addDays } from './series';

export interface NewAlert {
  zoneId: number | null;
  /** First day of the drop. */
  day: string;
}

/** A cause as stored: a history entry's, or an ads.txt change's. */
export interface StoredCause {
  entryId: number | null;
  adsTxtChangeId: number | null;
  /** When the change was made (newest first among equals). */
  at: string;
  effect: CauseEffect | 'ADS_TXT_LINES_LOST';
  revenueAtStake: number;
  share: number | null;
}

export interface RankedCauses {
  causes: StoredCause[];
  count: number;
}

/** A crawl of one of the publisher's sites that found required lines gone, with the zones on that site. */
interface AdsTxtLoss {
  id: number;
  at: string;
  linesLost: string[];
  zoneIds: number[];
}

/** The changes of the publisher's sites with lines lost in [from, until); a declared subdomain counts its root's zones. */
async function loadAdsTxtLosses(db: Queryable, publisherId: number, from: string, until: string): Promise<AdsTxtLoss[]> {
  return db.query<AdsTxtLoss>(
    `SELECT ch.id, ch.at, ch.lines_lost AS "linesLost",
            coalesce(array_agg(DISTINCT sz.zone_id) FILTER (WHERE sz.zone_id IS NOT NULL), '{}') AS "zoneIds"
       FROM ads_txt_site_changes ch JOIN ads_txt_sites s ON s.id = ch.site_id
       LEFT JOIN ads_txt_sites root ON root.publisher_id = s.publisher_id AND root.domain = s.declared_by AND root.kind = s.kind
       LEFT JOIN ads_txt_site_zones sz ON sz.site_id = coalesce(root.id, s.id)
      WHERE s.publisher_id = $1 AND ch.at >= $2 AND ch.at < $3 AND cardinality(ch.lines_lost) > 0
      GROUP BY ch.id, ch.at, ch.lines_lost
      ORDER BY ch.at, ch.id`,
    [publisherId, from, until],
  );
}

/** The history's causes and the ads.txt ones in one ranking: what put something at stake first, largest first. */
function mergeCauses(all: StoredCause[]): RankedCauses {
  const newestFirst = (a: StoredCause, b: StoredCause) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);
  const atStake = all.filter((cause) => cause.effect !== 'NONE').sort((a, b) => b.revenueAtStake - a.revenueAtStake || newestFirst(a, b));
  const rest = all.filter((cause) => cause.effect === 'NONE').sort(newestFirst);
  return { causes: [...atStake, ...rest].slice(0, MAX_CAUSES), count: all.length };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

type EarningsRow = [advertiserId: number, revenue: number, impressions: number, domain: string | null, iab: string | null, iabSub: string | null];
const earnings = (rows: readonly EarningsRow[]): AdvertiserEarnings[] =>
  rows.map(([advertiserId, revenue, impressions, domain, iabCategoryId, iabSubCategoryId]) => ({ advertiserId, revenue, impressions, domain, iabCategoryId, iabSubCategoryId }));
const ADVERTISER_JSON = `json_agg(json_build_array(e.advertiser_id, e.revenue, e.impressions, a.domain, a.iab_category_id, a.iab_sub_category_id))`;

/** The entries that may explain a drop starting on `day`: from `CAUSE_WINDOW_DAYS` days before to its end. */
const windowOf = (day: string) => ({ from: `${addDays(day, -CAUSE_WINDOW_DAYS)}T00:00:00.000Z`, until: `${addDays(day, 1)}T00:00:00.000Z` });

/** The stake period of a drop starting on `day`: the 30 days ending the day before its window. */
const stakeOf = (day: string) => ({ from: addDays(day, -CAUSE_WINDOW_DAYS - STAKE_DAYS), to: addDays(day, -CAUSE_WINDOW_DAYS - 1) });

interface PublisherFigures {
  total: number;
  advertisers: AdvertiserEarnings[];
  zoneRevenue: Map<number, number>;
}

/** The causes of each of a publisher's new alerts, in the order given. */
export async function causesOf(db: Queryable, publisherId: number, alerts: readonly NewAlert[]): Promise<RankedCauses[]> {
  if (alerts.length === 0) return [];
  const days = [...new Set(alerts.map((alert) => alert.day))].sort();
  const span = { from: windowOf(days[0]!).from, until: windowOf(days[days.length - 1]!).until };
  const entries = await db.query<CauseEntry>(
    `SELECT id, at, kind, zone_id AS "zoneId", before, after FROM history
      WHERE publisher_id = $1 AND at >= $2 AND at < $3 AND kind = ANY($4::text[]) ORDER BY at, id`,
    [publisherId, span.from, span.until, CAUSE_KINDS],
  );
  const slots = new Map(
    (await db.query<{ id: number; slots: number }>('SELECT tracking_id AS id, number_of_slots AS slots FROM zones WHERE publisher_id = $1', [publisherId])).map(
      (row) => [row.id, row.slots],
    ),
  );
  const inWindow = alerts.map((alert) => {
    const { from, until } = windowOf(alert.day);
    return entries.filter((entry) => entry.at >= from && entry.at < until);
  });
  const losses = await loadAdsTxtLosses(db, publisherId, span.from, span.until);
  const requiredCount = losses.length ? (await requiredLinesCache(db)(publisherId)).length : 0;
  // Per first day of a drop: the publisher's figures, and what each advertiser earned the zones the alerts need
  // (an alert's own zone; for the publisher's alert, the zones of zone blocks), each read once.
  const figuresOn = new Map<string, PublisherFigures>();
  const zoneEarnings = new Map<string, AdvertiserEarnings[]>();
  const creativeEarnings = new Map<string, CreativeZoneEarnings[]>();
  const blockedCreatives = [
    ...new Set(entries.flatMap((entry) => (entry.kind === 'BLOCKS' ? blockedCreativeIds(entry.after) : []))),
  ];
  for (const day of days) {
    figuresOn.set(day, await loadPublisherFigures(db, publisherId, day));
    if (blockedCreatives.length) creativeEarnings.set(day, await loadCreativeEarnings(db, publisherId, blockedCreatives, day));
    const zones = new Set<number>();
    alerts.forEach((alert, index) => {
      if (alert.day !== day) return;
      if (alert.zoneId !== null) zones.add(alert.zoneId);
      else for (const entry of inWindow[index]!) if (entry.kind === 'BLOCKS' && entry.zoneId !== null) zones.add(entry.zoneId);
    });
    if (zones.size === 0) continue;
    const loaded = await loadZoneEarnings(db, [...zones], day);
    for (const zoneId of zones) zoneEarnings.set(`${zoneId}|${day}`, loaded.get(zoneId) ?? []);
  }

  return alerts.map((alert, index) => {
    const figures = figuresOn.get(alert.day)!;
    const zoneAdvertisers = (zoneId: number) => zoneEarnings.get(`${zoneId}|${alert.day}`) ?? [];
    const zoneRevenue = (zoneId: number) => figures.zoneRevenue.get(zoneId) ?? 0;
    const stake: StakeFigures = {
      total: alert.zoneId === null ? figures.total : zoneRevenue(alert.zoneId),
      advertisers: alert.zoneId === null ? figures.advertisers : zoneAdvertisers(alert.zoneId),
      zoneAdvertisers,
      zoneRevenue,
      zoneSlots: (zoneId) => slots.get(zoneId) ?? 0,
      creatives: (zoneId) => creativesOf(creativeEarnings.get(alert.day) ?? [], zoneId),
    };
    const history = rankCauses(inWindow[index]!, alert.zoneId, stake, Number.MAX_SAFE_INTEGER).causes.map(
      (cause): StoredCause => ({ entryId: cause.entry.id, adsTxtChangeId: null, at: cause.entry.at, effect: cause.effect, revenueAtStake: cause.revenueAtStake, share: cause.share }),
    );
    const { from, until } = windowOf(alert.day);
    const adsTxt = losses
      .filter((loss) => loss.at >= from && loss.at < until && (alert.zoneId === null || loss.zoneIds.includes(alert.zoneId)))
      .map((loss): StoredCause => {
        const zones = alert.zoneId === null ? loss.zoneIds : [alert.zoneId];
        const revenue = zones.reduce((sum, zoneId) => sum + zoneRevenue(zoneId), 0);
        const amount = round4((revenue * loss.linesLost.length) / Math.max(requiredCount, loss.linesLost.length));
        return amount > 0
          ? { entryId: null, adsTxtChangeId: loss.id, at: loss.at, effect: 'ADS_TXT_LINES_LOST', revenueAtStake: amount, share: stake.total > 0 ? Math.min(1, amount / stake.total) : 0 }
          : { entryId: null, adsTxtChangeId: loss.id, at: loss.at, effect: 'NONE', revenueAtStake: 0, share: null };
      });
    return mergeCauses([...history, ...adsTxt]);
  });
}

/** A creative's figures on one zone over a stake period (issue 28: creative blocks). */
interface CreativeZoneEarnings extends CreativeEarnings {
  zoneId: number;
}

/** The creative ids an entry's blocks name (its `after`: what it blocked). */
function blockedCreativeIds(after: unknown): number[] {
  const blocks = (after as { blocks?: { type: string; id: string }[] } | null)?.blocks ?? [];
  return blocks.filter((block) => block.type === 'creative' && /^[1-9][0-9]{0,8}$/.test(block.id)).map((block) => Number(block.id));
}

/** Each creative's figures on the publisher (summed over its zones) or on one zone. */
function creativesOf(rows: readonly CreativeZoneEarnings[], zoneId: number | null): CreativeEarnings[] {
  const byCreative = new Map<number, CreativeEarnings>();
  for (const row of rows) {
    if (zoneId !== null && row.zoneId !== zoneId) continue;
    const sum = byCreative.get(row.creativeId) ?? { creativeId: row.creativeId, advertiserId: row.advertiserId, revenue: 0, impressions: 0 };
    sum.revenue += row.revenue;
    sum.impressions += row.impressions;
    byCreative.set(row.creativeId, sum);
  }
  return [...byCreative.values()];
}

/** What the blocked creatives earned each of the publisher's zones over the stake period of a drop starting on `day`. */
async function loadCreativeEarnings(db: Queryable, publisherId: number, creativeIds: readonly number[], day: string): Promise<CreativeZoneEarnings[]> {
  const stake = stakeOf(day);
  const rows = await db.query<{ creativeId: number; advertiserId: number; zoneId: number; revenue: string; impressions: string }>(
    `SELECT d.creative_id AS "creativeId", c.advertiser_id AS "advertiserId", d.zone_id AS "zoneId",
            sum(d.revenue) AS revenue, sum(d.impressions) AS impressions
       FROM creative_daily d JOIN creatives c ON c.id = d.creative_id
      WHERE d.creative_id = ANY($1::int[]) AND c.publisher_id = $2 AND d.day BETWEEN $3::date AND $4::date
      GROUP BY 1, 2, 3`,
    [creativeIds, publisherId, stake.from, stake.to],
  );
  return rows.map((row) => ({ ...row, revenue: Number(row.revenue), impressions: Number(row.impressions) }));
}

/** The publisher's revenue, per advertiser and per zone, over the stake period of a drop starting on `day`. */
async function loadPublisherFigures(db: Queryable, publisherId: number, day: string): Promise<PublisherFigures> {
  const stake = stakeOf(day);
  // One row: the 30-day rollup of migration 0008 (its window ending on the stake period's last day) and the zones' sums.
  const row = await db.one<{ total: number | null; advertisers: EarningsRow[] | null; zones: [number, number][] | null }>(
    `SELECT (SELECT sum(revenue) FROM report_publisher_daily WHERE publisher_id = $1 AND day BETWEEN $2::date AND $3::date) AS total,
            (SELECT ${ADVERTISER_JSON} FROM report_advertiser_30_days e LEFT JOIN advertisers a ON a.id = e.advertiser_id
              WHERE e.publisher_id = $1 AND e.last_day = $3::date) AS advertisers,
            (SELECT json_agg(json_build_array(z.zone_id, z.revenue)) FROM (SELECT zone_id, sum(revenue) AS revenue FROM report_zone_daily
              WHERE publisher_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY zone_id) z) AS zones`,
    [publisherId, stake.from, stake.to],
  );
  return {
    total: row?.total ?? 0,
    advertisers: earnings(row?.advertisers ?? []),
    zoneRevenue: new Map(row?.zones ?? []),
  };
}

/** What each advertiser earned each zone over the stake period of a drop starting on `day`. */
async function loadZoneEarnings(db: Queryable, zoneIds: readonly number[], day: string): Promise<Map<number, AdvertiserEarnings[]>> {
  const stake = stakeOf(day);
  const rows = await db.query<{ zoneId: number; advertisers: EarningsRow[] }>(
    `SELECT e.zone_id AS "zoneId", ${ADVERTISER_JSON} AS advertisers
       FROM (SELECT zone_id, advertiser_id, sum(revenue) AS revenue, sum(impressions) AS impressions FROM report_daily
              WHERE zone_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date GROUP BY zone_id, advertiser_id) e
       LEFT JOIN advertisers a ON a.id = e.advertiser_id
      GROUP BY e.zone_id`,
    [zoneIds, stake.from, stake.to],
  );
  return new Map(rows.map((row) => [row.zoneId, earnings(row.advertisers)]));
}
