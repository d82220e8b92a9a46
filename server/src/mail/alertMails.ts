// The e-mails of revenue alerts (issue 23), written into the outbox in the transaction that marks them sent, so
// each goes out once whatever runs again: after the daily job, one e-mail per user and publisher with the alerts
// they have not been e-mailed (at or above their threshold, raised since they turned the e-mails on); on Mondays,
// the weekly summary of the week before (revenue, impressions, RPM per zone, and its alerts) as a CSV attachment
// or a signed download link. Each carries an unsubscribe link that works without signing in (mailTokens.ts). Only
// to enabled users who still act for the publisher (its members, or network staff).
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db, Queryable } from '../db/db';
import { toCsv, type CsvCell } from '../http/csv';
import { CSV_BOM } from '../../../src/lib/csv';
import { ALLOWED_PUBLISHER_SQL } from '../auth/access';
import { ALERT_MAIL_TEXT, fill, mailFormats, mailLanguage, type AlertMailText, type MailFormats } from './alertTexts';
import { sendMail } from './outbox';
import type { MailList, MailSigner } from './mailTokens';
import { paths } from '../../../src/routes';

export interface MailContext {
  config: ServerConfig;
  log: Pick<FastifyBaseLogger, 'info'>;
  signer: MailSigner;
  now: Date;
}

export interface Recipient {
  userId: number;
  email: string;
  name: string;
  publisherId: number;
  publisherName: string;
  currency: string;
  language: string;
  thresholdPercent: number;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The Monday of the last whole week (Monday to Sunday, UTC) before `now`. */
export function lastWholeWeek(now: Date): string {
  const today = isoDay(now);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, -sinceMonday - 7);
}

/** The users with settings for a publisher they still act for, with `columns` of their settings besides. */
const recipientsSql = (columns: string) => `SELECT ns.user_id AS "userId", u.email, u.name, ns.publisher_id AS "publisherId", p.name AS "publisherName",
         p.currency, ns.language, ns.threshold_percent AS "thresholdPercent", ${columns}
    FROM notification_settings ns JOIN users u ON u.id = ns.user_id AND u.enabled JOIN publishers p ON p.id = ns.publisher_id
   WHERE ${ALLOWED_PUBLISHER_SQL('ns.publisher_id', 'u.id', 'u.is_internal')}`;

const unsubscribeUrl = (ctx: MailContext, recipient: Recipient, list: MailList) =>
  `${ctx.config.publicUrl}${paths.unsubscribe}?token=${ctx.signer.sign({ purpose: 'unsubscribe', userId: recipient.userId, publisherId: recipient.publisherId, list }, ctx.now)}`;

interface AlertLine {
  id: number;
  zoneName: string | null;
  metric: 'REVENUE' | 'IMPRESSIONS' | 'RPM';
  day: string;
  value: number;
  baseline: number;
  dropPercent: number;
  effect: 'BLOCK' | 'PRODUCT_REMOVED' | 'ZONE_DISABLED' | 'SLOTS_REMOVED' | 'ADS_TXT_LINES_LOST' | null;
  amount: number | null;
  author: string | null;
  at: string | null;
  /** The site of an ads.txt cause (issue 27). */
  domain: string | null;
}

const ALERT_LINES_SQL = `SELECT a.id, z.name AS "zoneName", a.metric, a.day, a.value, a.baseline, a.drop_percent AS "dropPercent",
         c.effect, c.revenue_at_stake AS amount, h.author_name AS author, coalesce(h.at, ch.at) AS at, cs.domain
    FROM revenue_alerts a
    LEFT JOIN zones z ON z.tracking_id = a.zone_id
    LEFT JOIN revenue_alert_states s ON s.alert_id = a.id AND s.user_id = $2
    LEFT JOIN revenue_alert_causes c ON c.alert_id = a.id AND c.position = 0 AND c.effect <> 'NONE'
    LEFT JOIN history h ON h.id = c.entry_id
    LEFT JOIN ads_txt_site_changes ch ON ch.id = c.ads_txt_change_id
    LEFT JOIN ads_txt_sites cs ON cs.id = ch.site_id`;

function describeAlert(alert: AlertLine, recipient: Recipient, text: AlertMailText, formats: MailFormats, withCause: boolean): string[] {
  const amount = (value: number) => (alert.metric === 'IMPRESSIONS' ? formats.count(value) : formats.money(value, recipient.currency));
  const line = fill(text.alertLine, {
    metric: text.metric[alert.metric],
    scope: alert.zoneName === null ? text.wholePublisher : fill(text.zone, { zone: alert.zoneName }),
    percent: formats.percent(alert.dropPercent),
    day: formats.day(alert.day),
    value: amount(alert.value),
    baseline: amount(alert.baseline),
  });
  if (!withCause) return [`- ${line}`];
  const cause =
    alert.effect === 'ADS_TXT_LINES_LOST' && alert.domain && alert.at && alert.amount !== null
      ? fill(text.likelyCauseAdsTxt, {
          effect: text.effect[alert.effect],
          domain: alert.domain,
          day: formats.day(alert.at.slice(0, 10)),
          amount: formats.money(alert.amount, recipient.currency),
        })
      : alert.effect && alert.author && alert.at && alert.amount !== null
      ? fill(text.likelyCause, {
          effect: text.effect[alert.effect],
          author: alert.author,
          day: formats.day(alert.at.slice(0, 10)),
          amount: formats.money(alert.amount, recipient.currency),
        })
      : text.noCause;
  return [`- ${line}`, `  ${cause}`];
}

/** One e-mail per user and publisher with their alerts not e-mailed yet; answers how many e-mails. */
export async function sendAlertEmails(db: Db, ctx: MailContext): Promise<number> {
  const recipients = await db.query<Recipient & { since: string | null }>(
    `${recipientsSql('ns.alert_emails_since AS since')} AND ns.alert_emails ORDER BY ns.publisher_id, ns.user_id`,
  );
  let sent = 0;
  for (const recipient of recipients) {
    const done = await db.transaction(async (tx) => {
      const alerts = await tx.query<AlertLine & { legacy: boolean }>(
        `${ALERT_LINES_SQL}
          WHERE a.publisher_id = $1 AND a.type = 'REVENUE' AND a.drop_percent >= $3 AND a.raised_at >= $4 AND s.emailed_at IS NULL AND s.dismissed_at IS NULL
          ORDER BY a.day, a.drop_percent DESC, a.id`,
        [recipient.publisherId, recipient.userId, recipient.thresholdPercent, recipient.since ?? ctx.now.toISOString()],
      );
      if (alerts.length === 0) return false;
      const language = mailLanguage(recipient.language);
      const text = ALERT_MAIL_TEXT[language];
      const formats = mailFormats(language);
      const legacy = await isLegacy(tx, recipient.publisherId);
      const stop = unsubscribeUrl(ctx, recipient, 'ALERT_EMAILS');
      const open = `${ctx.config.publicUrl}${paths.alerts}`;
      const body = [
        fill(text.hello, { name: recipient.name }),
        '',
        fill(text.alerts.intro, { publisher: recipient.publisherName }),
        '',
        ...alerts.flatMap((alert) => describeAlert(alert, recipient, text, formats, !legacy)),
        '',
        fill(text.alerts.open, { publisher: recipient.publisherName, url: open }),
        '',
        fill(text.alerts.why, { publisher: recipient.publisherName }),
        fill(text.alerts.stop, { url: stop }),
      ].join('\n');
      await sendMail(tx, ctx.log, ctx.config, {
        to: recipient.email,
        subject: fill(text.alerts.subject, { publisher: recipient.publisherName, count: alerts.length }),
        text: body,
        link: open,
        headers: { 'List-Unsubscribe': `<${stop}>` },
      });
      await tx.query(
        `INSERT INTO revenue_alert_states (alert_id, user_id, emailed_at) SELECT unnest($1::int[]), $2, $3
         ON CONFLICT (user_id, alert_id) DO UPDATE SET emailed_at = excluded.emailed_at`,
        [alerts.map((alert) => alert.id), recipient.userId, ctx.now.toISOString()],
      );
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

const isLegacy = async (db: Queryable, publisherId: number) =>
  (await db.one<{ legacy: boolean }>('SELECT bu.is_legacy_just_premium AS legacy FROM publishers p JOIN business_units bu ON bu.id = p.business_unit_id WHERE p.id = $1', [publisherId]))
    ?.legacy ?? false;

interface WeekFigures {
  revenue: number;
  impressions: number;
  previousRevenue: number;
  previousImpressions: number;
}

interface WeeklySummary {
  totals: WeekFigures;
  zones: (WeekFigures & { zoneId: number; name: string })[];
}

type FiguresRow = [revenue: number, impressions: number, previousRevenue: number, previousImpressions: number];

/** The week starting on `week` (a Monday) and the one before, for the publisher and each of its zones. */
async function weeklyFigures(db: Queryable, publisherId: number, week: string): Promise<WeeklySummary> {
  const sums = (named: boolean) =>
    [
      ['coalesce(sum(revenue) FILTER (WHERE day >= $2::date), 0)', 'revenue'],
      ['coalesce(sum(impressions) FILTER (WHERE day >= $2::date), 0)', 'impressions'],
      ['coalesce(sum(revenue) FILTER (WHERE day < $2::date), 0)', 'previous_revenue'],
      ['coalesce(sum(impressions) FILTER (WHERE day < $2::date), 0)', 'previous_impressions'],
    ]
      .map(([sum, name]) => (named ? `${sum} AS ${name}` : sum))
      .join(', ');
  const row = await db.one<{ totals: FiguresRow; zones: [number, string | null, ...FiguresRow][] | null }>(
    `SELECT (SELECT json_build_array(${sums(false)}) FROM report_publisher_daily
              WHERE publisher_id = $1 AND day BETWEEN $2::date - 7 AND $2::date + 6) AS totals,
            (SELECT json_agg(json_build_array(f.zone_id, z.name, f.revenue, f.impressions, f.previous_revenue, f.previous_impressions)
                             ORDER BY f.revenue DESC, f.zone_id)
               FROM (SELECT zone_id, ${sums(true)} FROM report_zone_daily
                      WHERE publisher_id = $1 AND day BETWEEN $2::date - 7 AND $2::date + 6 GROUP BY zone_id) f
               LEFT JOIN zones z ON z.tracking_id = f.zone_id) AS zones`,
    [publisherId, week],
  );
  const figures = ([revenue, impressions, previousRevenue, previousImpressions]: FiguresRow): WeekFigures => ({ revenue, impressions, previousRevenue, previousImpressions });
  return {
    totals: figures(row?.totals ?? [0, 0, 0, 0]),
    zones: (row?.zones ?? []).map(([zoneId, name, ...rest]) => ({ zoneId, name: name ?? String(zoneId), ...figures(rest) })),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const rpm = (revenue: number, impressions: number) => (impressions > 0 ? round2((revenue / impressions) * 1000) : null);

/** The weekly summary's CSV (formula-safe, src/lib/csv.ts): the whole publisher first, then its zones by revenue. */
export async function weeklySummaryCsv(db: Queryable, publisherId: number, week: string, language: string): Promise<string> {
  const text = ALERT_MAIL_TEXT[mailLanguage(language)].csv;
  const { totals, zones } = await weeklyFigures(db, publisherId, week);
  const previous = (column: string) => fill(text.previous, { column });
  const header = [text.zoneId, text.zone, text.revenue, previous(text.revenue), text.impressions, previous(text.impressions), text.rpm, previous(text.rpm)];
  const row = (zoneId: number | null, name: string, f: WeekFigures): CsvCell[] => [
    zoneId,
    name,
    round2(f.revenue),
    round2(f.previousRevenue),
    f.impressions,
    f.previousImpressions,
    rpm(f.revenue, f.impressions),
    rpm(f.previousRevenue, f.previousImpressions),
  ];
  return `${CSV_BOM}${toCsv(header, [row(null, text.allZones, totals), ...zones.map((zone) => row(zone.zoneId, zone.name, zone))])}`;
}

export type SummaryDelivery = 'ATTACHMENT' | 'LINK';

/** Writes one weekly summary into the outbox and records its week as sent (in the caller's transaction). */
export async function sendWeeklySummary(tx: Queryable, ctx: MailContext, recipient: Recipient, delivery: SummaryDelivery, week: string): Promise<void> {
  const language = mailLanguage(recipient.language);
  const text = ALERT_MAIL_TEXT[language];
  const formats = mailFormats(language);
  const end = addDays(week, 6);
  const { totals } = await weeklyFigures(tx, recipient.publisherId, week);
  const alerts = await tx.query<AlertLine>(
    `${ALERT_LINES_SQL}
      WHERE a.publisher_id = $1 AND a.type = 'REVENUE' AND a.drop_percent >= $3 AND a.day BETWEEN $4::date AND $5::date AND s.dismissed_at IS NULL
      ORDER BY a.day, a.drop_percent DESC, a.id`,
    [recipient.publisherId, recipient.userId, recipient.thresholdPercent, week, end],
  );
  const change = (now: number, before: number) => (before > 0 ? (now === before ? text.summary.noChange : formats.change(((now - before) / before) * 100)) : text.summary.noPrevious);
  const money = (value: number) => formats.money(value, recipient.currency);
  const figure = (metric: 'REVENUE' | 'IMPRESSIONS' | 'RPM', now: number, before: number, format: (value: number) => string) =>
    fill(text.summary.figure, { metric: text.metric[metric], value: format(now), previous: format(before), change: change(now, before) });
  const stop = unsubscribeUrl(ctx, recipient, 'WEEKLY_SUMMARY');
  const period = { publisher: recipient.publisherName, from: formats.day(week), to: formats.day(end) };
  const csv = await weeklySummaryCsv(tx, recipient.publisherId, week, language);
  const filename = `weekly-summary-${recipient.publisherId}-${week}.csv`;
  const download =
    delivery === 'LINK'
      ? `${ctx.config.publicUrl}/mail/weekly-summary?token=${ctx.signer.sign({ purpose: 'weekly-summary', userId: recipient.userId, publisherId: recipient.publisherId, week }, ctx.now)}`
      : null;
  const body = [
    fill(text.hello, { name: recipient.name }),
    '',
    fill(text.summary.intro, period),
    figure('REVENUE', totals.revenue, totals.previousRevenue, money),
    figure('IMPRESSIONS', totals.impressions, totals.previousImpressions, formats.count),
    figure('RPM', rpm(totals.revenue, totals.impressions) ?? 0, rpm(totals.previousRevenue, totals.previousImpressions) ?? 0, money),
    '',
    fill(text.summary.alerts, { count: alerts.length }),
    ...alerts.flatMap((alert) => describeAlert(alert, recipient, text, formats, false)),
    '',
    download === null ? text.summary.attached : fill(text.summary.link, { url: download }),
    '',
    fill(text.summary.why, { publisher: recipient.publisherName }),
    fill(text.summary.stop, { url: stop }),
  ].join('\n');
  await sendMail(tx, ctx.log, ctx.config, {
    to: recipient.email,
    subject: fill(text.summary.subject, period),
    text: body,
    link: download ?? `${ctx.config.publicUrl}${paths.alerts}`,
    attachments: download === null ? [{ filename, contentType: 'text/csv; charset=utf-8', content: csv }] : [],
    headers: { 'List-Unsubscribe': `<${stop}>` },
  });
  await tx.query('UPDATE notification_settings SET last_summary_week = $3 WHERE user_id = $1 AND publisher_id = $2', [recipient.userId, recipient.publisherId, week]);
}

/** The summaries of the last whole week not sent yet; answers how many went out. */
export async function sendWeeklySummaries(db: Db, ctx: MailContext): Promise<number> {
  const week = lastWholeWeek(ctx.now);
  const recipients = await db.query<Recipient & { delivery: SummaryDelivery }>(
    `${recipientsSql('ns.weekly_summary AS delivery')}
       AND ns.weekly_summary <> 'OFF' AND (ns.last_summary_week IS NULL OR ns.last_summary_week < $1::date)
     ORDER BY ns.publisher_id, ns.user_id`,
    [week],
  );
  for (const recipient of recipients) {
    await db.transaction((tx) => sendWeeklySummary(tx, ctx, recipient, recipient.delivery, week));
  }
  return recipients.length;
}
