// The links of the alert e-mails (issue 23), which work without signing in: unsubscribe (the console's
// /unsubscribe page sends the link's token here) and the weekly summary's download. Each token is signed for its one
// purpose (mail/mailTokens.ts); a forged, edited or foreign one answers 404 LINK_INVALID, an expired one 410.
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/errors';
import { SENT, type Handlers } from '../../http/handlers';
import { assertCsvWithinBound } from '../../http/csv';
import { weeklySummaryCsv } from '../../mail/alertMails';
import { mailLanguage } from '../../mail/alertTexts';
import { mailSigner, type Verified } from '../../mail/mailTokens';
import { ALLOWED_PUBLISHER_SQL } from '../../auth/access';

const linkInvalid = () => new ApiError(404, 'LINK_INVALID', 'This link is not valid');
const linkExpired = () => new ApiError(410, 'LINK_EXPIRED', 'This link has expired');

function claimsOf<P extends 'unsubscribe' | 'weekly-summary'>(verified: Verified<P>) {
  if (!verified.ok) throw verified.reason === 'expired' ? linkExpired() : linkInvalid();
  return verified.claims;
}

/** The user and publisher a link names, while the user is enabled and still acts for the publisher. */
async function recipientOf(db: Queryable, userId: number, publisherId: number) {
  const row = await db.one<{ email: string; publisherName: string; language: string | null }>(
    `SELECT u.email, p.name AS "publisherName", ns.language
       FROM users u JOIN publishers p ON p.id = $2
       LEFT JOIN notification_settings ns ON ns.user_id = u.id AND ns.publisher_id = p.id
      WHERE u.id = $1 AND u.enabled AND ${ALLOWED_PUBLISHER_SQL('p.id', 'u.id', 'u.is_internal')}`,
    [userId, publisherId],
  );
  if (!row) throw linkInvalid();
  return row;
}

export const mailHandlers: Handlers = {
  async unsubscribeFromEmails({ db, body }) {
    const claims = claimsOf((await mailSigner(db)).verify(body.token, 'unsubscribe'));
    const user = await db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [claims.userId]);
    const publisher = await db.one<{ name: string }>('SELECT name FROM publishers WHERE id = $1', [claims.publisherId]);
    if (!user || !publisher) throw linkInvalid();
    const settings = await db.one<{ language: string }>('SELECT language FROM notification_settings WHERE user_id = $1 AND publisher_id = $2', [
      claims.userId,
      claims.publisherId,
    ]);
    const answer = { list: claims.list, publisherName: publisher.name, email: user.email, language: mailLanguage(settings?.language ?? 'en') };
    // A preview names what the link stops, in the e-mails' language, before the user confirms (issue 30).
    if (body.preview) return answer;
    // Stopping e-mails is always allowed, even to someone who no longer acts for the publisher.
    const stop = {
      ALERT_EMAILS: 'alert_emails = false, alert_emails_since = NULL',
      ADS_TXT_EMAILS: 'ads_txt_emails = false, ads_txt_emails_since = NULL',
      WEEKLY_SUMMARY: "weekly_summary = 'OFF'",
    }[claims.list];
    await db.query(`UPDATE notification_settings SET ${stop}, updated_at = now() WHERE user_id = $1 AND publisher_id = $2`, [claims.userId, claims.publisherId]);
    return answer;
  },

  async downloadWeeklySummary({ db, query, reply }) {
    const claims = claimsOf((await mailSigner(db)).verify(query.token, 'weekly-summary'));
    const recipient = await recipientOf(db, claims.userId, claims.publisherId);
    const csv = assertCsvWithinBound(await weeklySummaryCsv(db, claims.publisherId, claims.week, recipient.language ?? 'en'));
    void reply
      .code(200)
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="weekly-summary-${claims.publisherId}-${claims.week}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
    return SENT;
  },
};
