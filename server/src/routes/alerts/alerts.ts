// Revenue alerts (issue 23): the publisher's alerts as the caller sees them (at or above their threshold, with their
// own read and dismissed state), one alert with its causes, the unread count, and read/dismiss. Members of the
// publisher and network staff only; another publisher's alert answers 404 like a missing one. The alerts themselves
// are the daily job's (server/src/alerts/), and the ads.txt monitor's (issue 27: type ADS_TXT, whatever the
// threshold, to the roles that may read the monitor; alerts/adsTxtAlerts.ts).
import type { Principal } from '../../auth/principal';
import { publisherFor, type PublisherAccess } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { entriesOf, entryJson } from '../../history/entries';
import { notFound } from '../../http/errors';
import type { Handlers, QueryParams } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { components } from '../../../../openapi/portal';
import { THRESHOLDS } from '../../../../src/lib/revenueAlerts';
import { mayCall } from '../../../../src/lib/roles';

type Schemas = components['schemas'];
type AlertJson = Schemas['RevenueAlert'];
type CauseJson = Schemas['AlertCause'];
type AdsTxtChangeJson = Schemas['AdsTxtSiteChange'];

interface AlertRow {
  id: number;
  type: AlertJson['type'];
  day: string;
  peakDay: string;
  metric: AlertJson['metric'];
  zoneId: number | null;
  zoneName: string | null;
  value: number;
  baseline: number;
  dropPercent: number;
  currency: AlertJson['currency'];
  read: boolean;
  dismissed: boolean;
  raisedAt: string;
  changeCount: number;
  topEffect: CauseJson['effect'] | null;
  topAmount: number | null;
  topShare: number | null;
  topEntryId: number | null;
  topAdsTxtChange: AdsTxtChangeJson | null;
  adsTxt: AlertJson['adsTxt'];
}

/** The caller's threshold for the publisher (percent). */
export async function thresholdOf(db: Queryable, userId: number, publisherId: number): Promise<number> {
  const row = await db.one<{ threshold: number }>('SELECT threshold_percent AS threshold FROM notification_settings WHERE user_id = $1 AND publisher_id = $2', [
    userId,
    publisherId,
  ]);
  return row?.threshold ?? THRESHOLDS.default;
}

/** An ads.txt change (`ch`, its site `cs`) in the contract's shape; null when the site (and its changes) is gone. */
export const ADS_TXT_CHANGE_JSON = `CASE WHEN ch.id IS NOT NULL THEN json_build_object('id', ch.id, 'siteId', cs.id, 'domain', cs.domain, 'kind', cs.kind,
    'at', ch.at, 'statusBefore', ch.status_before, 'statusAfter', ch.status_after, 'linesLost', ch.lines_lost) END`;

const ALERT_COLUMNS = `a.id, a.type, a.day, a.peak_day AS "peakDay", a.metric, a.zone_id AS "zoneId", z.name AS "zoneName", a.value, a.baseline,
  a.drop_percent AS "dropPercent", p.currency, s.read_at IS NOT NULL AS read, s.dismissed_at IS NOT NULL AS dismissed, a.raised_at AS "raisedAt",
  a.change_count AS "changeCount", c.effect AS "topEffect", c.revenue_at_stake AS "topAmount", c.share AS "topShare", c.entry_id AS "topEntryId",
  ${ADS_TXT_CHANGE_JSON} AS "topAdsTxtChange",
  CASE WHEN a.type = 'ADS_TXT' THEN json_build_object('siteId', a.ads_txt_site_id, 'domain', a.ads_txt_domain, 'kind', a.ads_txt_kind,
    'statusBefore', a.ads_txt_status_before, 'status', a.ads_txt_status, 'currentStatus', site.status, 'linesLost', a.ads_txt_lines_lost,
    'resolvedAt', a.resolved_at) END AS "adsTxt"`;

/**
 * The alerts the caller sees ($1 publisher, $2 user, $3 threshold, $4 sees ads.txt alerts), with `where` besides:
 * revenue drops at or above the threshold, and ads.txt alerts to the roles that may read the monitor.
 */
const visibleAlerts = (where: string) => `FROM revenue_alerts a
    JOIN publishers p ON p.id = a.publisher_id
    LEFT JOIN zones z ON z.tracking_id = a.zone_id
    LEFT JOIN ads_txt_sites site ON site.id = a.ads_txt_site_id
    LEFT JOIN revenue_alert_states s ON s.user_id = $2 AND s.alert_id = a.id
    LEFT JOIN revenue_alert_causes c ON c.alert_id = a.id AND c.position = 0 AND c.effect <> 'NONE'
    LEFT JOIN ads_txt_site_changes ch ON ch.id = c.ads_txt_change_id
    LEFT JOIN ads_txt_sites cs ON cs.id = ch.site_id AND cs.publisher_id = a.publisher_id
   WHERE a.publisher_id = $1 AND (a.type = 'REVENUE' AND a.drop_percent >= $3 OR a.type = 'ADS_TXT' AND $4::boolean) ${where}`;

/** Whether the caller sees the publisher's ads.txt alerts: the roles that may read the monitor, and staff. */
const seesAdsTxt = (principal: Principal, publisher: PublisherAccess) => mayCall(principal.isInternal ? 'STAFF' : publisher.role, 'getAdsTxtSite');

/** The fixed parameters of visibleAlerts. */
async function visibility(db: Queryable, principal: Principal, publisher: PublisherAccess): Promise<unknown[]> {
  return [publisher.id, principal.id, await thresholdOf(db, principal.id, publisher.id), seesAdsTxt(principal, publisher)];
}

const STATES = {
  active: 'AND s.dismissed_at IS NULL',
  unread: 'AND s.read_at IS NULL AND s.dismissed_at IS NULL',
  read: 'AND s.read_at IS NOT NULL AND s.dismissed_at IS NULL',
  dismissed: 'AND s.dismissed_at IS NOT NULL',
  all: '',
} as const;

/** Ties: the order the job raised them in (a publisher's before its zones', revenue, impressions, RPM). */
const ORDERS = {
  day: (dir: string) => `a.day ${dir}, a.drop_percent ${dir}, a.id`,
  drop: (dir: string) => `a.drop_percent ${dir}, a.day ${dir}, a.id`,
} as const;

/** The contract's shapes of `rows`, their top causes' entries read in one go. */
async function alertsJson(db: Queryable, publisherId: number, principal: Principal, rows: readonly AlertRow[]): Promise<AlertJson[]> {
  const entries = await entriesOf(db, publisherId, rows.flatMap((row) => (row.topEntryId === null ? [] : [row.topEntryId])));
  return rows.map((row) => {
    const entry = row.topEntryId === null ? undefined : entries.get(row.topEntryId);
    const cause =
      row.topEffect === null
        ? null
        : entry
          ? { effect: row.topEffect, revenueAtStake: row.topAmount ?? 0, share: row.topShare, entry: entryJson(entry, principal), adsTxtChange: null }
          : row.topAdsTxtChange
            ? { effect: row.topEffect, revenueAtStake: row.topAmount ?? 0, share: row.topShare, entry: null, adsTxtChange: row.topAdsTxtChange }
            : null;
    return {
      id: row.id,
      type: row.type,
      day: row.day,
      peakDay: row.peakDay,
      metric: row.metric,
      zone: row.zoneId === null ? null : { id: row.zoneId, name: row.zoneName ?? String(row.zoneId) },
      value: row.value,
      baseline: row.baseline,
      dropPercent: row.dropPercent,
      dropAmount: Math.max(0, Math.round((row.baseline - row.value) * 10_000) / 10_000),
      currency: row.currency,
      read: row.read,
      dismissed: row.dismissed,
      raisedAt: row.raisedAt,
      changeCount: row.changeCount,
      topCause: cause,
      adsTxt: row.adsTxt,
    };
  });
}

/** One alert the caller sees, or 404 like a missing one. */
async function visibleAlert(db: Queryable, principal: Principal, publisher: PublisherAccess, alertId: number): Promise<AlertRow> {
  const row = await db.one<AlertRow>(`SELECT ${ALERT_COLUMNS} ${visibleAlerts('AND a.id = $5')}`, [...(await visibility(db, principal, publisher)), alertId]);
  if (!row) throw notFound('Alert not found');
  return row;
}

function listFilter(query: QueryParams<'listRevenueAlerts'>, params: unknown[]): string {
  const conditions: string[] = [STATES[query.state ?? 'active']];
  if (query.scope === 'publisher') conditions.push('AND a.zone_id IS NULL');
  if (query.scope === 'zone') conditions.push('AND a.zone_id IS NOT NULL');
  if (query.zoneId !== undefined) {
    params.push(query.zoneId);
    conditions.push(`AND a.zone_id = $${params.length}`);
  }
  return conditions.join(' ');
}

export const alertHandlers: Handlers = {
  async listRevenueAlerts({ db, principal, params, query }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    const values = await visibility(db, principal, publisher);
    const where = listFilter(query, values);
    const request = pageRequest(query);
    const [limit, offset] = limitOffset(request);
    const order = ORDERS[query.sortBy ?? 'day'](query.direction === 'ASC' ? 'ASC' : 'DESC');
    const [rows, total] = await Promise.all([
      db.prepared<AlertRow>(`SELECT ${ALERT_COLUMNS} ${visibleAlerts(where)} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`, [
        ...values,
        limit,
        offset,
      ]),
      db.prepared<{ n: number }>(`SELECT count(*)::int AS n ${visibleAlerts(where)}`, values),
    ]);
    return pageOf(await alertsJson(db, params.publisherId, principal, rows), total[0]?.n ?? 0, request);
  },

  async getRevenueAlertSummary({ db, principal, params }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    const [row] = await db.prepared<{ n: number }>(`SELECT count(*)::int AS n ${visibleAlerts(STATES.unread)}`, await visibility(db, principal, publisher));
    return { publisherId: params.publisherId, unread: row?.n ?? 0 };
  },

  async getRevenueAlert({ db, principal, params }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    const row = await visibleAlert(db, principal, publisher, params.alertId);
    const [alert] = await alertsJson(db, params.publisherId, principal, [row]);
    const stored = await db.query<{ entryId: number | null; change: AdsTxtChangeJson | null; effect: CauseJson['effect']; amount: number; share: number | null }>(
      `SELECT c.entry_id AS "entryId", ${ADS_TXT_CHANGE_JSON} AS change, c.effect, c.revenue_at_stake AS amount, c.share
         FROM revenue_alert_causes c
         LEFT JOIN ads_txt_site_changes ch ON ch.id = c.ads_txt_change_id
         LEFT JOIN ads_txt_sites cs ON cs.id = ch.site_id AND cs.publisher_id = $2
        WHERE c.alert_id = $1 ORDER BY c.position`,
      [row.id, params.publisherId],
    );
    const entries = await entriesOf(db, params.publisherId, stored.flatMap((cause) => (cause.entryId === null ? [] : [cause.entryId])));
    // An entry the retention removed since, or a change of a site no longer watched, is no longer listed.
    const causes = stored.flatMap((cause): CauseJson[] => {
      const base = { effect: cause.effect, revenueAtStake: cause.amount, share: cause.share };
      const entry = cause.entryId === null ? undefined : entries.get(cause.entryId);
      if (entry) return [{ ...base, entry: entryJson(entry, principal), adsTxtChange: null }];
      return cause.change ? [{ ...base, entry: null, adsTxtChange: cause.change }] : [];
    });
    return { alert: alert!, causesAvailable: !publisher.isLegacyJustPremium, causes, otherChanges: Math.max(0, row.changeCount - stored.length) };
  },

  async updateRevenueAlertState({ db, principal, params, body }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    const row = await visibleAlert(db, principal, publisher, params.alertId);
    const change = (value: boolean | undefined) => (value === undefined ? null : value);
    await db.query(
      `INSERT INTO revenue_alert_states AS s (alert_id, user_id, read_at, dismissed_at)
       VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END, CASE WHEN $4::boolean THEN now() END)
       ON CONFLICT (user_id, alert_id) DO UPDATE SET
         read_at = CASE WHEN $3::boolean IS NULL THEN s.read_at WHEN $3::boolean THEN coalesce(s.read_at, now()) END,
         dismissed_at = CASE WHEN $4::boolean IS NULL THEN s.dismissed_at WHEN $4::boolean THEN coalesce(s.dismissed_at, now()) END`,
      [row.id, principal.id, change(body.read), change(body.dismissed)],
    );
    const [alert] = await alertsJson(db, params.publisherId, principal, [await visibleAlert(db, principal, publisher, row.id)]);
    return alert!;
  },
};
