// JWTs (HS256, jose) carrying the payload of spec section 3: user {id, email, name, enabled, roles},
// isInternal and exp, plus issuer, audience, iat and the session (sid, a row of user_sessions: auth/sessions.ts). Only HS256 is accepted: `alg: none` and every other
// algorithm are refused by jwtVerify. Beyond the signature, a token must carry exp and iat, live no longer than
// the configured lifetime, not be issued in the future (beyond a small clock skew), and match the contract's
// TokenPayload (an integer user id in the id range): even a token signed with a leaked or mis-shared secret
// cannot be made to live for ever or to reach the database with a malformed id.
import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { components } from '../../../openapi/portal';
import type { Db } from '../db/db';
import { schemaValidator } from '../http/contract';

export type TokenPayload = components['schemas']['TokenPayload'];

export const ISSUER = 'publisher-portal';
export const AUDIENCE = 'publisher-portal-console';
/** Second-factor challenges (login's second step) are signed with the same key for another audience. */
export const CHALLENGE_AUDIENCE = 'publisher-portal-second-factor';
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type ChallengeMode = 'VERIFY' | 'SETUP';

/** What a second-factor challenge names: the account, what it asks for, and the account's tokens_valid_after then. */
export interface ChallengeClaims {
  userId: number;
  mode: ChallengeMode;
  notBefore: number;
}

/** The signed-in user a token is issued for: the payload's user with its isInternal flag (the contract's shape). */
export type TokenUser = TokenPayload['user'] & Pick<TokenPayload, 'isInternal'>;

/**
 * How far ahead of this server's clock a token's iat may be: another instance's clock, and the next whole second
 * a token issued right after a password change carries (sessions.ts refuseEarlierTokens).
 */
export const MAX_CLOCK_SKEW_SECONDS = 30;

export class TokenService {
  private readonly payloadMatchesContract = schemaValidator('TokenPayload');

  private constructor(
    private readonly key: Uint8Array,
    /** The same secret imported once: every request verifies a token, and importing it per call doubled that cost. */
    private readonly verifyKey: webcrypto.CryptoKey,
    private readonly ttlSeconds: number,
    /** How long after its sign-in (auth_time) a session may live: no token, renewed or not, outlives it. */
    private readonly sessionMaxSeconds: number,
  ) {}

  /** The secret comes from JWT_SECRET, or is generated once and kept in the database (shared by every instance). */
  static async create(db: Db, secret: string | null, ttlSeconds: number, sessionMaxSeconds = Number.MAX_SAFE_INTEGER): Promise<TokenService> {
    const key = new TextEncoder().encode(secret ?? (await storedSecret(db, 'jwt')));
    const verifyKey = await webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    return new TokenService(key, verifyKey, ttlSeconds, sessionMaxSeconds);
  }

  get lifetimeSeconds(): number {
    return this.ttlSeconds;
  }

  /**
   * A token of session `sessionId` (auth/sessions.ts opens it; use signIn there rather than this). `notBefore` is
   * the user's tokens_valid_after (seconds): the token's iat is never earlier, so a token issued right after a
   * password change stays valid while every older one is refused. `authTime` is the sign-in that started the
   * session (a renewal carries it on; a sign-in starts one now): the token lives the configured lifetime, but never
   * past the session's end (SESSION_MAX_SECONDS after it).
   */
  async issue(user: TokenUser, sessionId: number, notBefore = 0, authTime?: number): Promise<{ jwt: string; iat: number; exp: number }> {
    const iat = Math.max(Math.floor(Date.now() / 1000), notBefore);
    const started = authTime ?? iat;
    const exp = Math.min(iat + this.ttlSeconds, started + this.sessionMaxSeconds);
    const jwt = await new SignJWT({
      user: { id: user.id, email: user.email, name: user.name, enabled: user.enabled, roles: user.roles },
      isInternal: user.isInternal,
      sid: sessionId,
      auth_time: started,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { jwt, iat, exp };
  }

  /** The short-lived challenge of a sign-in's second step; it is no bearer token (another audience). */
  async issueChallenge(claims: ChallengeClaims): Promise<{ token: string; expiresAt: string }> {
    const iat = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ uid: claims.userId, mode: claims.mode, nbf2: claims.notBefore })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CHALLENGE_TTL_SECONDS)
      .sign(this.key);
    return { token, expiresAt: new Date((iat + CHALLENGE_TTL_SECONDS) * 1000).toISOString() };
  }

  /** The claims of a valid, unexpired challenge; null for anything else. */
  async verifyChallenge(token: string): Promise<ChallengeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.verifyKey, {
        issuer: ISSUER,
        audience: CHALLENGE_AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat'],
      });
      const { uid, mode, nbf2 } = payload;
      if (typeof uid !== 'number' || !Number.isInteger(uid) || (mode !== 'VERIFY' && mode !== 'SETUP') || typeof nbf2 !== 'number') return null;
      return { userId: uid, mode, notBefore: nbf2 };
    } catch {
      return null;
    }
  }

  /** When the session of a verified token ends (seconds): SESSION_MAX_SECONDS after its sign-in. */
  sessionEnd(authTime: number): number {
    return authTime + this.sessionMaxSeconds;
  }

  /** Throws on a forged, edited, expired or foreign token, and on one whose claims break the rules above. */
  async verify(token: string): Promise<TokenPayload> {
    const { payload } = await jwtVerify(token, this.verifyKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat'],
    });
    const { iat = 0, exp = 0 } = payload;
    if (iat > Date.now() / 1000 + MAX_CLOCK_SKEW_SECONDS) throw new Error('token issued in the future');
    if (exp - iat > this.ttlSeconds) throw new Error('token lifetime longer than the configured one');
    if (!this.payloadMatchesContract(payload)) throw new Error('token payload does not match the contract');
    return payload as unknown as TokenPayload;
  }
}

/** A random secret generated once per database and shared by every API instance that uses it. */
export async function storedSecret(db: Db, name: string): Promise<string> {
  const fresh = randomBytes(48).toString('base64url');
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, fresh]);
  const row = await db.one<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

// Secrets read on every call of a route, read once per process and database.
const cached = new WeakMap<Db, Map<string, Promise<string>>>();
export function cachedSecret(db: Db, name: string): Promise<string> {
  let ofDb = cached.get(db);
  if (!ofDb) cached.set(db, (ofDb = new Map()));
  let secret = ofDb.get(name);
  if (!secret) {
    secret = storedSecret(db, name);
    secret.catch(() => ofDb.delete(name));
    ofDb.set(name, secret);
  }
  return secret;
}
