// Short-lived signed addresses for the pages this server renders in frames (the stand-ins for the dashboard
// service and the payment provider). HMAC-SHA256 over the claims; the token is the only way in.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface FrameClaims {
  kind: 'dashboard' | 'payment-provider' | 'creative-preview';
  /** Report id for dashboards, report type for the payment provider, creative id for a creative's preview. */
  target: string;
  publisherId: number;
  userId: number;
  exp: number; // seconds since epoch
}

export const FRAME_TTL_SECONDS = 5 * 60;

export class FrameSigner {
  constructor(private readonly secret: string) {}

  sign(claims: Omit<FrameClaims, 'exp'>, ttlSeconds = FRAME_TTL_SECONDS): { token: string; expiresAt: string } {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
    return { token: `${body}.${this.mac(body)}`, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The claims, or null for a forged, edited or expired token. */
  verify(token: string): FrameClaims | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FrameClaims;
      return claims.exp * 1000 > Date.now() ? claims : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
