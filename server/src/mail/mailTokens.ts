// The signed tokens of the links in the alert e-mails (issue 23): an unsubscribe link, which stops one list of
// e-mails of one user and publisher without signing in, and the weekly summary's download link. HMAC-SHA256 over
// the claims with a secret of their own (server_secrets 'mail'), and a purpose each: a token made for one is refused
// by the other, and neither is a sign-in token or a frame token.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import { cachedSecret } from '../auth/tokens';

export type MailList = 'ALERT_EMAILS' | 'WEEKLY_SUMMARY' | 'ADS_TXT_EMAILS';

export type MailClaims =
  | { purpose: 'unsubscribe'; userId: number; publisherId: number; list: MailList; exp: number }
  | { purpose: 'weekly-summary'; userId: number; publisherId: number; week: string; exp: number };

type Purpose = MailClaims['purpose'];
type ClaimsOf<P extends Purpose> = Extract<MailClaims, { purpose: P }>;

const DAY_SECONDS = 86_400;
/** An unsubscribe link works for a year; a summary's download link for 30 days. */
export const MAIL_TOKEN_TTL: Record<Purpose, number> = { unsubscribe: 365 * DAY_SECONDS, 'weekly-summary': 30 * DAY_SECONDS };

export type Verified<P extends Purpose> = { ok: true; claims: ClaimsOf<P> } | { ok: false; reason: 'invalid' | 'expired' };

export class MailSigner {
  constructor(private readonly secret: string) {}

  sign(claims: MailClaims extends infer C ? (C extends MailClaims ? Omit<C, 'exp'> : never) : never, now = new Date()): string {
    const exp = Math.floor(now.getTime() / 1000) + MAIL_TOKEN_TTL[claims.purpose];
    const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a token made for `purpose`; a forged, edited or foreign one is invalid. */
  verify<P extends Purpose>(token: string, purpose: P, now = new Date()): Verified<P> {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    let claims: ClaimsOf<P>;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ClaimsOf<P>;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (claims.purpose !== purpose || !Number.isInteger(claims.userId) || !Number.isInteger(claims.publisherId)) return { ok: false, reason: 'invalid' };
    return claims.exp * 1000 > now.getTime() ? { ok: true, claims } : { ok: false, reason: 'expired' };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`mail\u0000${body}`).digest('base64url');
  }
}

export async function mailSigner(db: Db): Promise<MailSigner> {
  return new MailSigner(await cachedSecret(db, 'mail'));
}
