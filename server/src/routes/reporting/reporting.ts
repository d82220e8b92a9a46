// Reporting: the short-lived address of a dashboard the console embeds (spec section 2 'Reporting').
import { publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { isReportAvailable, reportTypeOf, type ReportingFacts } from '../../../../src/lib/reports';

/** The facts the console's tab rule reads from the publisher, read here from the same tables. */
export async function reportingFacts(db: Queryable, publisherId: number): Promise<ReportingFacts> {
  const row = await db.one<ReportingFacts>(
    `SELECT p.business_unit_id AS "businessUnitId", bu.is_legacy_just_premium AS "isLegacyJustPremium",
            p.has_slot_revenue AS "hasSlotRevenue", p.passback_advertiser_id IS NOT NULL AS "hasPassbackAdvertiser",
            p.passback_campaigns AS "passbackCampaigns",
            EXISTS (SELECT 1 FROM zones z JOIN zone_services zs ON zs.zone_id = z.tracking_id
                     WHERE z.publisher_id = p.id AND zs.service_id IN (15, 16) AND zs.enabled) AS "hasInVideoZones"
       FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id
      WHERE p.id = $1`,
    [publisherId],
  );
  if (!row) throw new Error(`publisher ${publisherId} vanished`);
  return row;
}

export const reportingHandlers: Handlers = {
  async getDashboardUrl({ db, principal, frames, body }) {
    // The dashboard service is told who looks: only the caller may be named, never another user.
    if (body.userId !== principal.id) {
      throw new ApiError(403, 'FORBIDDEN', 'The user must be the signed-in user', [{ field: '/body/userId', message: 'is not the signed-in user' }]);
    }
    const publisher = await publisherFor(db, principal, body.entityId);
    const type = reportTypeOf(body.lookerReportId);
    if (!type || !isReportAvailable(type, await reportingFacts(db, publisher.id))) {
      throw new ApiError(403, 'FORBIDDEN', 'This report is not available for the publisher', [
        { field: '/body/lookerReportId', message: 'is not available for this publisher' },
      ]);
    }
    const { token, expiresAt } = frames.sign({
      kind: 'dashboard',
      target: String(body.lookerReportId),
      publisherId: publisher.id,
      userId: principal.id,
    });
    const lang = body.locale ? `&lang=${body.locale}` : '';
    return { url: `/frames/dashboard/${body.lookerReportId}?token=${encodeURIComponent(token)}${lang}`, expiresAt };
  },
};
