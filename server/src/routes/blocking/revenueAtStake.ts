// Revenue at stake (issue 9): what the values an add dialog is about to block earned the publisher, or one zone,
// in the 30 days before today, from the daily report rows (the rule itself: src/lib/revenueAtStake.ts).
import { badRequest, type ErrorDetail } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { readBlocklistEntry } from '../../../../src/lib/blocklist';
import { revenueAtStake, type AdvertiserEarnings } from '../../../../src/lib/revenueAtStake';
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

/** A value the call cannot read is a 400 naming it; an unknown advertiser or category simply earned nothing. */
function malformed(items: readonly { type: string; value: string }[]): ErrorDetail[] {
  return items.flatMap((item, i) => {
    const reading = readBlocklistEntry(item);
    return reading.kind === 'advertiserId' || reading.kind === 'value'
      ? []
      : [{ field: `/body/items/${i}/value`, message: `is not a valid ${item.type} value`, value: item.value }];
  });
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
    return { currency: row?.currency ?? 'USD', ...window, total, ...revenueAtStake(body.items, earnings, total) };
  },
};
