// The signed-in user's own security (issue 22): turning two-factor sign-in on and off, and the active sessions.
// Every call acts on the caller's own account: no publisher is named, and the role table gives them to any
// signed-in user (src/lib/roles.ts, scope 'account'). A wrong code or password answers 400, never 401: the console
// signs out on a 401, and the caller is signed in.
import { accountById, type Account } from '../../auth/accounts';
import { verifyPassword } from '../../auth/passwords';
import { activeSessions, endSession, markSecondFactor, refuseEarlierTokens, reissue } from '../../auth/sessions';
import { countAttempt, passwordCounters, secondFactorCounters } from '../../auth/throttle';
import { deviceOf } from '../../auth/userAgent';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/principal';
import type { Db } from '../../db/db';
import { disable, enable, otpauthUri, regenerateRecoveryCodes, requiringPublishers, startSetup, twoFactorRow, useCode, useRecoveryCode, type SecondFactorKeys } from '../../auth/twoFactor';
import type { JsonBody } from '../../http/handlers';
import { ApiError, conflict, invalidCode, notFound, twoFactorRequired } from '../../http/errors';
import { NO_CONTENT, type Handlers } from '../../http/handlers';
import { personOf } from '../../history/people';
import { mailSecondFactorChange } from '../../mail/securityMails';

const isTotpCode = (code: string) => /^[0-9]{6}$/.test(code);
const notOn = () => conflict('NO_PENDING_SETUP', 'Two-factor sign-in is off');

/**
 * The proof turning two-factor sign-in off and replacing the recovery codes take: a current code of the app (its
 * step taken, so a code seen once never works again) or a recovery code (used up), counted against the second
 * factor's throttling keys; or the password, counted against the password's. A wrong one throws 400 (never 401).
 * It runs outside the write's transaction, so a refused guess still counts.
 */
async function proveItIsTheUser(
  db: Db,
  keys: SecondFactorKeys,
  principal: Principal,
  proof: JsonBody<'disableTwoFactor'>,
  request: Pick<FastifyRequest, 'ip' | 'log'>,
): Promise<void> {
  if (proof.code !== undefined) {
    const attempt = await countAttempt(db, secondFactorCounters(principal.id, request.ip));
    const right = isTotpCode(proof.code)
      ? await useCode(db, keys, principal.id, proof.code, 'enabled', request.log)
      : await useRecoveryCode(db, keys, principal.id, proof.code);
    if (!right) throw invalidCode(400);
    await attempt.succeeded();
  } else {
    await provePassword(db, principal, proof.password ?? '', request);
  }
}

/**
 * The account's current password, for what a token alone must not do (issue 30): enrol a second factor, end the
 * other sessions. Counted against the password's throttling keys, as a sign-in guess; 400 when wrong (never 401).
 * It runs outside any write's transaction, so a refused guess still counts.
 */
async function provePassword(db: Db, principal: Principal, password: string, request: Pick<FastifyRequest, 'ip'>): Promise<Account> {
  const attempt = await countAttempt(db, passwordCounters(principal.email, request.ip));
  const account = await accountById(db, principal.id);
  if (!account || !(await verifyPassword(password, account.passwordHash))) {
    throw new ApiError(400, 'INVALID_CREDENTIALS', 'The password is not right');
  }
  await attempt.succeeded();
  return account;
}

export const securityHandlers: Handlers = {
  async getTwoFactor({ db, principal }) {
    const row = await twoFactorRow(db, principal.id);
    const left = await db.one<{ count: number }>('SELECT count(*)::int AS count FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [principal.id]);
    const requiredBy = principal.isInternal ? [] : await requiringPublishers(db, principal.id);
    const enabledAt = row?.enabledAt ?? null;
    return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? (left?.count ?? 0) : 0, requiredBy };
  },

  async startTwoFactorSetup({ db, secondFactor, principal, body, request }) {
    if ((await twoFactorRow(db, principal.id))?.enabledAt) throw conflict('ALREADY_EXISTS', 'Two-factor sign-in is on already');
    await provePassword(db, principal, body.password, request);
    const secret = await startSetup(db, secondFactor, principal.id);
    return { secret, otpauthUri: otpauthUri(secret, principal.email) };
  },

  // Turning it on is what a stolen token would do to keep an account (issue 30): the password is proven first, every
  // other session ends (as on a password change) and the owner is told. This session proved both factors now.
  async confirmTwoFactor({ db, tokens, config, secondFactor, principal, body, request, record }) {
    const row = await twoFactorRow(db, principal.id);
    if (!row) throw conflict('NO_PENDING_SETUP', 'Start the set-up of two-factor sign-in first');
    if (row.enabledAt) throw conflict('ALREADY_EXISTS', 'Two-factor sign-in is on already');
    const account = await provePassword(db, principal, body.password, request);
    const attempt = await countAttempt(db, secondFactorCounters(principal.id, request.ip));
    if (!(await useCode(db, secondFactor, principal.id, body.code, 'pending', request.log))) throw invalidCode(400);
    await attempt.succeeded();
    return db.transaction(async (tx) => {
      const recoveryCodes = await enable(tx, secondFactor, principal.id);
      const validAfter = await refuseEarlierTokens(tx, principal.id, principal.sessionId);
      await markSecondFactor(tx, principal.sessionId);
      const jwt = await reissue(tx, tokens, account, principal.sessionId, validAfter, principal.authTime);
      const user = personOf(principal);
      await record({ kind: 'TWO_FACTOR', publisherId: null, zone: null, before: { user, enabled: false }, after: { user, enabled: true } });
      await mailSecondFactorChange(tx, request, config, account, 'TURNED_ON');
      return { recoveryCodes, jwt };
    });
  },

  async disableTwoFactor({ db, config, secondFactor, principal, body, request, record }) {
    if (!(await twoFactorRow(db, principal.id))?.enabledAt) throw notOn();
    if (!principal.isInternal) {
      const requiredBy = await requiringPublishers(db, principal.id);
      if (requiredBy.length) throw twoFactorRequired(409);
    }
    await proveItIsTheUser(db, secondFactor, principal, body, request);
    await db.transaction(async (tx) => {
      await disable(tx, principal.id);
      const user = personOf(principal);
      await record({ kind: 'TWO_FACTOR', publisherId: null, zone: null, before: { user, enabled: true }, after: { user, enabled: false } });
      await mailSecondFactorChange(tx, request, config, principal, 'TURNED_OFF');
    });
    return NO_CONTENT;
  },

  // Allowed while a team requires two-factor sign-in (it stays on). The codes are answered, never logged or recorded.
  async regenerateRecoveryCodes({ db, config, secondFactor, principal, body, request, record }) {
    if (!(await twoFactorRow(db, principal.id))?.enabledAt) throw notOn();
    await proveItIsTheUser(db, secondFactor, principal, body, request);
    return db.transaction(async (tx) => {
      // Null when another session turned it off since the check above: no codes for a second factor that is gone.
      const recoveryCodes = await regenerateRecoveryCodes(tx, secondFactor, principal.id);
      if (!recoveryCodes) throw notOn();
      const user = personOf(principal);
      await record({ kind: 'TWO_FACTOR', publisherId: null, zone: null, before: { user, enabled: true }, after: { user, enabled: true, newRecoveryCodes: true } });
      await mailSecondFactorChange(tx, request, config, principal, 'NEW_RECOVERY_CODES');
      return { recoveryCodes };
    });
  },

  async listSessions({ db, principal }) {
    const rows = await activeSessions(db, principal.id);
    return rows.map(({ id, userAgent, address, firstSeenAt, lastSeenAt }) => ({
      id,
      ...deviceOf(userAgent),
      address,
      firstSeenAt,
      lastSeenAt,
      current: id === principal.sessionId,
    }));
  },

  async endSession({ db, principal, params }) {
    if (!(await endSession(db, principal.id, params.sessionId))) throw notFound('Session not found');
    return NO_CONTENT;
  },

  // The password, not the token alone (issue 30): a stolen token must not sign its owner out everywhere.
  async endOtherSessions({ db, tokens, principal, body, request }) {
    const account = await provePassword(db, principal, body.password, request);
    const jwt = await db.transaction(async (tx) => {
      const validAfter = await refuseEarlierTokens(tx, principal.id, principal.sessionId);
      return reissue(tx, tokens, account, principal.sessionId, validAfter, principal.authTime);
    });
    return { jwt };
  },
};
