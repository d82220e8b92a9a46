// ads.txt alerts (issue 27 item 5): a site of the monitor going from all authorised to anything worse raises an
// alert (type ADS_TXT) in the publisher's alerts inbox, one per site while it fails, in the transaction that stores
// the crawl; the crawl that finds it authorised again resolves it. Crawls claim each site once across instances
// and lock its row while storing, and a unique index keeps one open alert per site besides.
//
// Their e-mails are opt-in per user and publisher (notification_settings.ads_txt_emails), for the roles that may
// read the monitor: after a crawl, one e-mail per user and publisher lists the open alerts not e-mailed to them yet.
// Each alert is claimed for a user in revenue_alert_states (emailed_at) in the transaction that writes the e-mail,
// so two instances sending at once send it once.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db, Queryable } from '../db/db';
import { ALERT_MAIL_TEXT, fill, mailFormats, mailLanguage } from '../mail/alertTexts';
import { sendMail } from '../mail/outbox';
import { mailSigner } from '../mail/mailTokens';
import { OPERATION_RULES, type Role } from '../../../src/lib/roles';
import type { MonitorStatus } from '../../../src/lib/adsTxtMonitor';
import { paths } from '../../../src/routes';

/** The statuses an authorised site may fall to that raise an alert (Not crawled yet is no news). */
export const isFailing = (status: string) => status !== 'AUTHORISED' && status !== 'NOT_CRAWLED';

/** The roles that see ads.txt alerts and get their e-mails: those that may read the monitor (roles.ts). */
export const ADS_TXT_ALERT_ROLES: readonly Role[] = (() => {
  const rule = OPERATION_RULES.getAdsTxtSite;
  return rule.scope === 'publisher' ? rule.roles : [];
})();

export interface SiteChange {
  id: number;
  statusBefore: string;
  statusAfter: MonitorStatus;
  linesLost: readonly string[];
}

/** Raises the site's alert when it stops being authorised, resolves it when it is again (in the crawl's transaction). */
export async function raiseOrResolveAdsTxtAlert(
  tx: Queryable,
  site: { id: number; publisherId: number; domain: string; kind: string },
  change: SiteChange,
  now: Date,
): Promise<void> {
  if (change.statusAfter === 'AUTHORISED') {
    await resolveAlertsOfSites(tx, [site.id], now);
    return;
  }
  if (change.statusBefore !== 'AUTHORISED' || !isFailing(change.statusAfter)) return;
  const day = now.toISOString().slice(0, 10);
  await tx.query(
    `INSERT INTO revenue_alerts (publisher_id, zone_id, metric, day, peak_day, value, baseline, drop_percent, change_count, raised_at, type,
                                 ads_txt_change_id, ads_txt_site_id, ads_txt_domain, ads_txt_kind, ads_txt_status_before, ads_txt_status, ads_txt_lines_lost)
     VALUES ($1, NULL, 'REVENUE', $2, $2, 0, 0, 0, 0, $3, 'ADS_TXT', $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (ads_txt_site_id) WHERE type = 'ADS_TXT' AND resolved_at IS NULL DO NOTHING`,
    [site.publisherId, day, now, change.id, site.id, site.domain, site.kind, change.statusBefore, change.statusAfter, change.linesLost],
  );
}

/** Resolves the open alerts of these sites (authorised again, or no zone names them any more). */
export async function resolveAlertsOfSites(tx: Queryable, siteIds: readonly number[], now: Date): Promise<void> {
  await tx.query(`UPDATE revenue_alerts SET resolved_at = $2 WHERE ads_txt_site_id = ANY($1::int[]) AND type = 'ADS_TXT' AND resolved_at IS NULL`, [siteIds, now]);
}

export interface AdsTxtMailContext {
  config: ServerConfig;
  log: Pick<FastifyBaseLogger, 'info'>;
}

interface Recipient {
  userId: number;
  email: string;
  name: string;
  publisherId: number;
  publisherName: string;
  language: string;
  since: string;
}

interface OpenAlert {
  id: number;
  domain: string;
  kind: string;
  status: MonitorStatus;
  linesLost: string[];
  raisedAt: string;
}

/**
 * One e-mail per opted-in user and publisher with the open ads.txt alerts raised since they turned the e-mails on
 * and not e-mailed to them yet; answers how many e-mails. Only to enabled users who may read the publisher's
 * monitor (its members in those roles, or network staff). `publisherId`: that publisher's only ("Check now").
 */
export async function sendAdsTxtAlertEmails(db: Db, ctx: AdsTxtMailContext, now = new Date(), publisherId: number | null = null): Promise<number> {
  const recipients = await db.query<Recipient>(
    `SELECT ns.user_id AS "userId", u.email, u.name, ns.publisher_id AS "publisherId", p.name AS "publisherName", ns.language,
            ns.ads_txt_emails_since AS since
       FROM notification_settings ns JOIN users u ON u.id = ns.user_id AND u.enabled JOIN publishers p ON p.id = ns.publisher_id
      WHERE ns.ads_txt_emails AND ns.ads_txt_emails_since IS NOT NULL AND ($2::int IS NULL OR ns.publisher_id = $2)
        AND (u.is_internal OR EXISTS (SELECT 1 FROM user_publishers up WHERE up.user_id = u.id AND up.publisher_id = ns.publisher_id AND up.role = ANY($1::text[])))
        AND EXISTS (SELECT 1 FROM revenue_alerts a WHERE a.publisher_id = ns.publisher_id AND a.type = 'ADS_TXT' AND a.resolved_at IS NULL
                       AND a.raised_at >= ns.ads_txt_emails_since)
      ORDER BY ns.publisher_id, ns.user_id`,
    [ADS_TXT_ALERT_ROLES, publisherId],
  );
  if (recipients.length === 0) return 0;
  const signer = await mailSigner(db);
  let sent = 0;
  for (const recipient of recipients) {
    const done = await db.transaction(async (tx) => {
      // Claimed for this user by the statement that marks them e-mailed: a concurrent sender finds them taken.
      const alerts = await tx.query<OpenAlert>(
        `WITH due AS (
           SELECT a.id FROM revenue_alerts a
             LEFT JOIN revenue_alert_states s ON s.alert_id = a.id AND s.user_id = $2
            WHERE a.publisher_id = $1 AND a.type = 'ADS_TXT' AND a.resolved_at IS NULL AND a.raised_at >= $3
              AND s.emailed_at IS NULL AND s.dismissed_at IS NULL),
         claimed AS (
           INSERT INTO revenue_alert_states AS s (alert_id, user_id, emailed_at) SELECT id, $2, $4 FROM due
           ON CONFLICT (user_id, alert_id) DO UPDATE SET emailed_at = excluded.emailed_at WHERE s.emailed_at IS NULL
           RETURNING s.alert_id)
         SELECT a.id, a.ads_txt_domain AS domain, a.ads_txt_kind AS kind, a.ads_txt_status AS status, a.ads_txt_lines_lost AS "linesLost",
                a.raised_at AS "raisedAt"
           FROM revenue_alerts a JOIN claimed c ON c.alert_id = a.id
          ORDER BY a.raised_at, a.ads_txt_domain, a.id`,
        [recipient.publisherId, recipient.userId, recipient.since, now.toISOString()],
      );
      if (alerts.length === 0) return false;
      const language = mailLanguage(recipient.language);
      const text = ALERT_MAIL_TEXT[language];
      const formats = mailFormats(language);
      const stop = `${ctx.config.publicUrl}${paths.unsubscribe}?token=${signer.sign(
        { purpose: 'unsubscribe', userId: recipient.userId, publisherId: recipient.publisherId, list: 'ADS_TXT_EMAILS' },
        now,
      )}`;
      const open = `${ctx.config.publicUrl}${alerts.length === 1 ? paths.alert(alerts[0]!.id) : paths.alerts}`;
      // At most a few lines each: the alert's page has them all.
      const SHOWN = 5;
      const body = [
        fill(text.hello, { name: recipient.name }),
        '',
        fill(text.adsTxt.intro, { publisher: recipient.publisherName }),
        '',
        ...alerts.flatMap((alert) => [
          `- ${fill(text.adsTxt.site, { file: alert.kind, domain: alert.domain, status: text.adsTxt.status[alert.status], day: formats.day(alert.raisedAt.slice(0, 10)) })}`,
          ...alert.linesLost.slice(0, SHOWN).map((line) => `    ${line}`),
          ...(alert.linesLost.length > SHOWN ? [`    ${fill(text.adsTxt.more, { count: alert.linesLost.length - SHOWN })}`] : []),
        ]),
        '',
        fill(text.adsTxt.open, { publisher: recipient.publisherName, url: open }),
        '',
        fill(text.adsTxt.why, { publisher: recipient.publisherName }),
        fill(text.adsTxt.stop, { url: stop }),
      ].join('\n');
      await sendMail(tx, ctx.log, ctx.config, {
        to: recipient.email,
        subject: fill(alerts.length === 1 ? text.adsTxt.subjectOne : text.adsTxt.subject, {
          publisher: recipient.publisherName,
          count: alerts.length,
          domain: alerts[0]!.domain,
        }),
        text: body,
        link: open,
        headers: { 'List-Unsubscribe': `<${stop}>` },
      });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}
