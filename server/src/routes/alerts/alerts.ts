// Revenue alerts (issue 23): the publisher's alerts as the caller sees them (at or above their threshold, with their
// own read and dismissed state), one alert with its causes, the unread count, and read/dismiss. Members of the
// publisher and network staff only; another publisher's alert answers 404 like a missing one. The alerts themselves
// are the daily job's (server/src/alerts/).
import type { Principal } from '../../auth/principal';
import { publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { entriesOf, entryJson } from '../../history/entries';
import { notFound } from '../../http/errors';
import type { Handlers, QueryParams } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest } from '../../http/paging';
import type { components } from '../../../../openapi/portal';
import { THRESHOLDS } from '../../../../src/lib/revenueAlerts';

type Schemas = components['schemas'];
type AlertJson = Schemas['RevenueAlert'];
type CauseJson = Schemas['AlertCause'];

interface AlertRow {
  id: number;
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
}

/** The caller's threshold for the publisher (percent). */
export async function thresholdOf(db: Queryable, userId: number, publisherId: number): Promise<number> {
  const row = await db.one<{ threshold: number }>('SELECT threshold_percent AS threshold FROM notification_settings WHERE user_id = $1 AND publisher_id = $2', [
    userId,
    publisherId,
  ]);
  return row?.threshold ?? THRESHOLDS.default;
}

const ALERT_COLUMNS = `a.id, a.day, a.peak_day AS "peakDay", a.metric, a.zone_id AS "zoneId", z.name AS "zoneName", a.value, a.baseline,
  a.drop_percent AS "dropPercent", p.currency, s.read_at IS NOT NULL AS read, s.dismissed_at IS NOT NULL AS dismissed, a.raised_at AS "raisedAt",
  a.change_count AS "changeCount", c.effect AS "topEffect", c.revenue_at_stake AS "topAmount", c.share AS "topShare", c.entry_id AS "topEntryId"`;

/** The alerts the caller sees ($1 publisher, $2 user, $3 threshold), with `where` besides. */
const visibleAlerts = (where: string) => `FROM revenue_alerts a
    JOIN publishers p ON p.id = a.publisher_id
    LEFT JOIN zones z ON z.tracking_id = a.zone_id
    LEFT JOIN revenue_alert_states s ON s.user_id = $2 AND s.alert_id = a.id
    LEFT JOIN revenue_alert_causes c ON c.alert_id = a.id AND c.position = 0 AND c.effect <> 'NONE'
   WHERE a.publisher_id = $1 AND a.drop_percent >= $3 ${where}`;

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
    return {
      id: row.id,
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
      topCause:
        entry && row.topEffect !== null
          ? { effect: row.topEffect, revenueAtStake: row.topAmount ?? 0, share: row.topShare, entry: entryJson(entry, principal) }
          : null,
    };
  });
}

/** One alert the caller sees, or 404 like a missing one. */
async function visibleAlert(db: Queryable, principal: Principal, publisherId: number, alertId: number): Promise<AlertRow> {
  const threshold = await thresholdOf(db, principal.id, publisherId);
  const row = await db.one<AlertRow>(`SELECT ${ALERT_COLUMNS} ${visibleAlerts('AND a.id = $4')}`, [publisherId, principal.id, threshold, alertId]);
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
    await publisherFor(db, principal, params.publisherId);
    const threshold = await thresholdOf(db, principal.id, params.publisherId);
    const values: unknown[] = [params.publisherId, principal.id, threshold];
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
    await publisherFor(db, principal, params.publisherId);
    const threshold = await thresholdOf(db, principal.id, params.publisherId);
    const [row] = await db.prepared<{ n: number }>(`SELECT count(*)::int AS n ${visibleAlerts(STATES.unread)}`, [params.publisherId, principal.id, threshold]);
    return { publisherId: params.publisherId, unread: row?.n ?? 0 };
  },

  async getRevenueAlert({ db, principal, params }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    const row = await visibleAlert(db, principal, params.publisherId, params.alertId);
    const [alert] = await alertsJson(db, params.publisherId, principal, [row]);
    const stored = await db.query<{ entryId: number; effect: CauseJson['effect']; amount: number; share: number | null }>(
      'SELECT entry_id AS "entryId", effect, revenue_at_stake AS amount, share FROM revenue_alert_causes WHERE alert_id = $1 ORDER BY position',
      [row.id],
    );
    const entries = await entriesOf(db, params.publisherId, stored.map((cause) => cause.entryId));
    // An entry the retention removed since is no longer listed.
    const causes = stored.flatMap((cause): CauseJson[] => {
      const entry = entries.get(cause.entryId);
      return entry ? [{ effect: cause.effect, revenueAtStake: cause.amount, share: cause.share, entry: entryJson(entry, principal) }] : [];
    });
    return { alert: alert!, causesAvailable: !publisher.isLegacyJustPremium, causes, otherChanges: Math.max(0, row.changeCount - stored.length) };
  },

  async updateRevenueAlertState({ db, principal, params, body }) {
    await publisherFor(db, principal, params.publisherId);
    const row = await visibleAlert(db, principal, params.publisherId, params.alertId);
    const change = (value: boolean | undefined) => (value === undefined ? null : value);
    await db.query(
      `INSERT INTO revenue_alert_states AS s (alert_id, user_id, read_at, dismissed_at)
       VALUES ($1, $2, CASE WHEN $3::boolean THEN now() END, CASE WHEN $4::boolean THEN now() END)
       ON CONFLICT (user_id, alert_id) DO UPDATE SET
         read_at = CASE WHEN $3::boolean IS NULL THEN s.read_at WHEN $3::boolean THEN coalesce(s.read_at, now()) END,
         dismissed_at = CASE WHEN $4::boolean IS NULL THEN s.dismissed_at WHEN $4::boolean THEN coalesce(s.dismissed_at, now()) END`,
      [row.id, principal.id, change(body.read), change(body.dismissed)],
    );
    const [alert] = await alertsJson(db, params.publisherId, principal, [await visibleAlert(db, principal, params.publisherId, row.id)]);
    return alert!;
  },
};
