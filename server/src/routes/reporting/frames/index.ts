// The framed pages this server renders in place of the third-party dashboard service and payment provider. The
// signed token from the frame-URL calls is the only way in: it names the page and the publisher.
import type { FastifyReply } from 'fastify';
import { MEMBERSHIP_JOIN } from '../../../auth/access';
import { mayCall, type OperationId, type Role } from '../../../../../src/lib/roles';
import type { ServerConfig } from '../../../config';
import type { Queryable } from '../../../db/db';
import { internalError, unauthorized } from '../../../http/errors';
import { MAX_FRAME_PAGE_LENGTH } from '../../../../../src/lib/limits';
import { frameAncestors } from '../../../http/csp';
import type { FrameClaims, FrameSigner } from '../../../http/frameSigner';
import { SENT, type Handlers } from '../../../http/handlers';
import { sendCsv } from '../../../http/csv';
import type { QueryParams } from '../../../http/handlers';
import type { DashboardReportId } from '../../../../../src/lib/reports';
import { exportDashboard } from './dashboardCsv';
import { renderDashboard } from './dashboardPage';
import type { DashboardPublisher, DashboardRequest } from './dashboards';
import { isFrameLanguage } from './text';
import type { SafeHtml } from './html';
import { renderPaymentProvider } from './paymentProvider';

const INVALID = 'The page address is invalid or has expired';

type DashboardQuery = Omit<QueryParams<'renderDashboardFrame'>, 'token'>;

/** The operation whose row of the role table a frame page follows (src/lib/roles.ts: the call that issued it). */
const FRAME_OPERATION: Record<FrameClaims['kind'], OperationId> = {
  dashboard: 'renderDashboardFrame',
  'payment-provider': 'renderPaymentProviderFrame',
  'creative-preview': 'renderCreativePreview',
};

/**
 * Valid, unexpired, issued for exactly this page, and its user still enabled and still allowed the page for the
 * publisher: a member still, with a role that may see it, and with two-factor sign-in where the publisher requires
 * it (an account locked, removed from the team or given another role after the address was issued loses it at
 * once); anything else is one 401.
 */
export async function claimsFor(db: Queryable, frames: FrameSigner, token: string, kind: FrameClaims['kind'], target: string): Promise<FrameClaims> {
  const claims = frames.verify(token);
  if (!claims || claims.kind !== kind || claims.target !== target) throw unauthorized(INVALID);
  const signer = await db.one<{ internal: boolean; role: Role | null; requireTwoFactor: boolean; twoFactor: boolean }>(
    `SELECT u.is_internal AS internal, m.role, p.require_two_factor AS "requireTwoFactor",
            EXISTS (SELECT 1 FROM user_two_factor tf WHERE tf.user_id = u.id AND tf.enabled_at IS NOT NULL) AS "twoFactor"
       FROM users u JOIN publishers p ON p.id = $2 ${MEMBERSHIP_JOIN('p.id', 'u.id')}
      WHERE u.id = $1 AND u.enabled AND (u.is_internal OR m.user_id IS NOT NULL)`,
    [claims.userId, claims.publisherId],
  );
  const allowed =
    signer !== undefined &&
    (signer.internal || ((!signer.requireTwoFactor || signer.twoFactor) && mayCall(signer.role, FRAME_OPERATION[kind])));
  if (!allowed) throw unauthorized(INVALID);
  return claims;
}

function sendPage(reply: FastifyReply, config: ServerConfig, body: SafeHtml): typeof SENT {
  // The contract's bound of a framed page: a larger one is never sent.
  if (body.value.length > MAX_FRAME_PAGE_LENGTH) throw internalError();
  void reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', frameAncestors(config))
    // The address carries a bearer token: never cache the page, never pass the address on.
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body.value);
  return SENT;
}

/** The page's own links and form carry a token renewed for this long, so a dashboard left open keeps working. */
export const FRAME_PAGE_TTL_SECONDS = 30 * 60;

async function dashboardRequest(db: Queryable, frames: FrameSigner, claims: FrameClaims, reportId: DashboardReportId, query: DashboardQuery): Promise<DashboardRequest> {
  const publisher = await db.one<DashboardPublisher>(
    `SELECT p.id, p.name, p.currency, a.name AS "passbackAdvertiser", p.passback_campaigns AS "passbackCampaigns",
            to_char(current_date, 'YYYY-MM-DD') AS today
       FROM publishers p LEFT JOIN advertisers a ON a.id = p.passback_advertiser_id WHERE p.id = $1`,
    [claims.publisherId],
  );
  if (!publisher) throw unauthorized(INVALID);
  const { exp: _exp, ...rest } = claims;
  return {
    reportId,
    publisher,
    language: isFrameLanguage(query.lang) ? query.lang : 'en',
    fields: { range: query.range, from: query.from, to: query.to, zone: query.zone, listPage: query.listPage === undefined ? undefined : String(query.listPage) },
    token: frames.sign(rest, FRAME_PAGE_TTL_SECONDS).token,
  };
}

export const frameHandlers: Handlers = {
  async renderDashboardFrame({ db, config, frames, params, query, reply }) {
    const claims = await claimsFor(db, frames, query.token, 'dashboard', String(params.reportId));
    const request = await dashboardRequest(db, frames, claims, params.reportId, query);
    return sendPage(reply, config, await renderDashboard(db, request));
  },

  async exportDashboardFrame({ db, config, frames, params, query, reply }) {
    const claims = await claimsFor(db, frames, query.token, 'dashboard', String(params.reportId));
    const request = await dashboardRequest(db, frames, claims, params.reportId, query);
    const { base, header, rows } = await exportDashboard(db, request, query.table);
    void reply.header('content-security-policy', frameAncestors(config)).header('referrer-policy', 'no-referrer');
    return sendCsv(reply, base, header, rows);
  },

  async renderPaymentProviderFrame({ db, config, frames, params, query, reply }) {
    const claims = await claimsFor(db, frames, query.token, 'payment-provider', params.reportType);
    const body = await renderPaymentProvider(db, params.reportType, claims.publisherId);
    if (!body) throw unauthorized(INVALID);
    return sendPage(reply, config, body);
  },
};
