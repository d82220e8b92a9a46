// Revenue at stake (issue 9): what the values an add dialog is about to block earned the publisher, or one zone,
// in the 30 days before today, from the daily report rows (the rule itself: src/lib/revenueAtStake.ts).
import { badRequest, type ErrorDetail } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { readBlocklistEntry } from '../../../../src/lib/blocklist';
import { revenueAtStake, type AdvertiserEarnings, type CreativeEarnings } from '../../../../src/lib/revenueAtStake';
import type { Queryable } from '../../db/db';
import { restrictionOwner, type RestrictionOwner } from './restrictionRules';

export const REVENUE_WINDOW_DAYS = 30;

/** The 30 days before `today` (UTC), as the report rows' dates. */
export function revenueWindow(today = new Date()): { from: string; to: string } {
  const day = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset)).toISOString().slice(0, 10);
  return { from: day(REVENUE_WINDOW_DAYS), to: day(1) };
}

/**
 * The publisher's currency and, per advertiser that earned anything in the window, its figures and what it is
 * (domain, IAB category). A publisher's figures are read whole from the 30-day rollup of migration 0008 (one row
 * per advertiser: the one ending on the window's last day), a zone's summed from its own report rows. One
 * statement text per entity type, planned once per connection: a picker asks on every change.
 */
function earningsQuery(owner: RestrictionOwner, window: { from: string; to: string }): [sql: string, params: unknown[]] {
  const [earnings, publisher, params] =
    owner.entityType === 'publisher'
      ? [
          'SELECT advertiser_id, impressions, revenue FROM report_advertiser_30_days WHERE publisher_id = $1 AND last_day = $2::date',
          '$1',
          [owner.entityId, window.to],
        ]
      : [
          `SELECT advertiser_id, sum(impressions)::int8 AS impressions, sum(revenue)::numeric AS revenue
             FROM report_daily WHERE zone_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY advertiser_id`,
          '$4',
          [owner.entityId, window.from, window.to, owner.publisherId],
        ];
  // One JSON value of arrays (EarningsRow) rather than a row per advertiser: reading 128 rows field by field cost
  // PGlite more than the query, and building 128 objects with their keys a quarter of it.
  const sql = `SELECT (SELECT currency FROM publishers WHERE id = ${publisher}::int) AS currency,
                      (SELECT coalesce(json_agg(json_build_array(e.advertiser_id, e.impressions, e.revenue, a.domain, a.iab_category_id,
                                                                 a.iab_sub_category_id)), '[]')
                         FROM (${earnings}) e
                         LEFT JOIN advertisers a ON a.id = e.advertiser_id) AS earnings`;
  return [sql, params];
}

type EarningsRow = [advertiserId: number, impressions: number, revenue: number, domain: string | null, iabCategoryId: string | null, iabSubCategoryId: string | null];

const CREATIVE_ID = /^[1-9][0-9]{0,9}$/;

/** A value the call cannot read is a 400 naming it; an unknown advertiser, category or creative simply earned nothing. */
function malformed(items: readonly { type: string; value: string }[]): ErrorDetail[] {
  return items.flatMap((item, i) => {
    if (item.type === 'creative') {
      return CREATIVE_ID.test(item.value.trim()) ? [] : [{ field: `/body/items/${i}/value`, message: 'is not a valid creative id', value: item.value }];
    }
    const reading = readBlocklistEntry(item);
    return reading.kind === 'advertiserId' || reading.kind === 'value'
      ? []
      : [{ field: `/body/items/${i}/value`, message: `is not a valid ${item.type} value`, value: item.value }];
  });
}

/**
 * What the creatives the items name earned the entity in the window (issue 28): the publisher's creatives only, on
 * all its zones or on this zone. Another publisher's creative earned this entity nothing.
 */
async function creativeEarnings(
  db: Queryable,
  owner: RestrictionOwner,
  window: { from: string; to: string },
  items: readonly { type: string; value: string }[],
): Promise<CreativeEarnings[]> {
  const ids = items.filter((item) => item.type === 'creative').map((item) => Number(item.value.trim())).filter((id) => id <= 2_147_483_647);
  if (ids.length === 0) return [];
  const rows = await db.query<{ creativeId: number; advertiserId: number; impressions: string; revenue: string }>(
    `SELECT c.id AS "creativeId", c.advertiser_id AS "advertiserId", coalesce(sum(d.impressions), 0)::int8 AS impressions,
            coalesce(sum(d.revenue), 0)::numeric AS revenue
       FROM creatives c
       LEFT JOIN creative_daily d ON d.creative_id = c.id AND d.day BETWEEN $3::date AND $4::date AND ($5::int IS NULL OR d.zone_id = $5)
      WHERE c.id = ANY($1::int[]) AND c.publisher_id = $2
      GROUP BY c.id`,
    [ids, owner.publisherId, window.from, window.to, owner.entityType === 'zone' ? owner.entityId : null],
  );
  return rows.map((row) => ({ ...row, impressions: Number(row.impressions), revenue: Number(row.revenue) }));
}

export const revenueAtStakeHandlers: Handlers = {
  async getRevenueAtStake({ db, principal, params, body }) {
    const owner = await restrictionOwner(db, principal, params.entity, params.entityId);
    const problems = malformed(body.items);
    if (problems.length) throw badRequest('Some values are not valid', problems);
    const window = revenueWindow();
    const [row] = await db.prepared<{ currency: string | null; earnings: EarningsRow[] }>(...earningsQuery(owner, window));
    const earnings = (row?.earnings ?? []).map(
      ([advertiserId, impressions, revenue, domain, iabCategoryId, iabSubCategoryId]): AdvertiserEarnings => ({
        advertiserId, impressions, revenue, domain, iabCategoryId, iabSubCategoryId,
      }),
    );
    const total = {
      revenue: Math.round(earnings.reduce((sum, row) => sum + row.revenue, 0) * 10_000) / 10_000,
      impressions: earnings.reduce((sum, row) => sum + row.impressions, 0),
    };
    const creatives = await creativeEarnings(db, owner, window, body.items);
    return { currency: row?.currency ?? 'USD', ...window, total, ...revenueAtStake(body.items, earnings, total, creatives) };
  },
};
