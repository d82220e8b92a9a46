// A user's notification settings for one publisher (issue 23): the alert threshold, alert e-mails, the ads.txt
// alerts' e-mails (issue 27) and the weekly summary, and the language of those e-mails. Per user: no change of the publisher's account (the history records
// nothing). Turning the weekly summary on sends last week's at once, in the transaction that saves the setting.
import { publisherFor } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import type { Handlers } from '../../http/handlers';
import { lastWholeWeek, sendWeeklySummary } from '../../mail/alertMails';
import { mailSigner } from '../../mail/mailTokens';
import type { components } from '../../../../openapi/portal';
import { THRESHOLDS } from '../../../../src/lib/revenueAlerts';

type Settings = components['schemas']['NotificationSettings'];

async function settingsOf(db: Queryable, principal: Principal, publisherId: number): Promise<Settings> {
  const row = await db.one<Omit<Settings, 'publisherId' | 'email'>>(
    `SELECT threshold_percent AS "thresholdPercent", alert_emails AS "alertEmails", ads_txt_emails AS "adsTxtEmails", weekly_summary AS "weeklySummary", language,
            to_char(last_summary_week, 'YYYY-MM-DD') AS "lastSummaryWeek"
       FROM notification_settings WHERE user_id = $1 AND publisher_id = $2`,
    [principal.id, publisherId],
  );
  return {
    publisherId,
    thresholdPercent: row?.thresholdPercent ?? THRESHOLDS.default,
    alertEmails: row?.alertEmails ?? false,
    adsTxtEmails: row?.adsTxtEmails ?? false,
    weeklySummary: row?.weeklySummary ?? 'OFF',
    language: row?.language ?? 'en',
    email: principal.email,
    lastSummaryWeek: row?.lastSummaryWeek ?? null,
  };
}

export const settingsHandlers: Handlers = {
  async getNotificationSettings({ db, principal, params }) {
    await publisherFor(db, principal, params.publisherId);
    return settingsOf(db, principal, params.publisherId);
  },

  async updateNotificationSettings({ db, principal, params, body, config, request }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    const signer = await mailSigner(db);
    return db.transaction(async (tx) => {
      const before = await settingsOf(tx, principal, params.publisherId);
      // Absent, the ads.txt alerts' e-mails stay as saved (a client that predates them keeps them).
      const adsTxtEmails = body.adsTxtEmails ?? before.adsTxtEmails;
      await tx.query(
        `INSERT INTO notification_settings AS n (user_id, publisher_id, threshold_percent, alert_emails, alert_emails_since, weekly_summary, language, updated_at,
                                                 ads_txt_emails, ads_txt_emails_since)
         VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN now() END, $5, $6, now(), $7, CASE WHEN $7 THEN now() END)
         ON CONFLICT (user_id, publisher_id) DO UPDATE SET threshold_percent = $3, alert_emails = $4, weekly_summary = $5, language = $6, updated_at = now(),
           alert_emails_since = CASE WHEN NOT $4 THEN NULL WHEN n.alert_emails THEN n.alert_emails_since ELSE now() END,
           ads_txt_emails = $7, ads_txt_emails_since = CASE WHEN NOT $7 THEN NULL WHEN n.ads_txt_emails THEN n.ads_txt_emails_since ELSE now() END`,
        [principal.id, params.publisherId, body.thresholdPercent, body.alertEmails, body.weeklySummary, body.language, adsTxtEmails],
      );
      if (body.weeklySummary !== 'OFF' && before.weeklySummary === 'OFF') {
        const currency = (await tx.one<{ currency: string }>('SELECT currency FROM publishers WHERE id = $1', [params.publisherId]))!.currency;
        await sendWeeklySummary(
          tx,
          { config, log: request.log, signer, now: new Date() },
          {
            userId: principal.id,
            email: principal.email,
            name: principal.name,
            publisherId: params.publisherId,
            publisherName: publisher.name,
            currency,
            language: body.language,
            thresholdPercent: body.thresholdPercent,
          },
          body.weeklySummary,
          lastWholeWeek(new Date()),
        );
      }
      return settingsOf(tx, principal, params.publisherId);
    });
  },
};
