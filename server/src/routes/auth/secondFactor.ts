// The sign-in's second step (issue 22): a challenge from login, then a code of the authenticator app or a recovery
// code (VERIFY), or, for a member of a team that requires two-factor sign-in without it, its set-up (SETUP).
// Codes are throttled like passwords; none is ever logged or put in an error.
import { accountById, type Account } from '../../auth/accounts';
import { clientOf, refuseEarlierTokens, signIn } from '../../auth/sessions';
import { countAttempt, secondFactorCounters } from '../../auth/throttle';
import type { ChallengeMode, TokenService } from '../../auth/tokens';
import { enable, otpauthUri, startSetup, twoFactorRow, useCode, useRecoveryCode } from '../../auth/twoFactor';
import type { Queryable } from '../../db/db';
import { accountLocked, badRequest, challengeExpired, conflict, invalidCode } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { personOf } from '../../history/people';
import { mailSecondFactorChange } from '../../mail/securityMails';

/**
 * The account of a valid challenge of `mode`. A challenge whose account changed its password since (or was
 * reset) is over: its tokens_valid_after moved.
 */
async function challenged(db: Queryable, tokens: TokenService, token: string, mode: ChallengeMode): Promise<Account> {
  const claims = await tokens.verifyChallenge(token);
  if (!claims) throw challengeExpired();
  if (claims.mode !== mode) {
    throw badRequest(`This step is not part of this sign-in`, [{ field: '/body/challenge', message: `is a challenge of mode ${claims.mode}` }]);
  }
  const account = await accountById(db, claims.userId);
  if (!account || account.tokensValidAfter !== claims.notBefore) throw challengeExpired();
  if (!account.enabled) throw accountLocked();
  return account;
}

const noPendingSetup = () => conflict('NO_PENDING_SETUP', 'Start the set-up of two-factor sign-in first');

export const secondFactorHandlers: Handlers = {
  async verifySecondFactor({ db, tokens, secondFactor, body, request }) {
    const account = await challenged(db, tokens, body.challenge, 'VERIFY');
    const attempt = await countAttempt(db, secondFactorCounters(account.id, request.ip));
    const right =
      body.code !== undefined
        ? await useCode(db, secondFactor, account.id, body.code, 'enabled', request.log)
        : await useRecoveryCode(db, secondFactor, account.id, body.recoveryCode ?? '');
    if (!right) throw invalidCode(401);
    await attempt.succeeded();
    return { jwt: await signIn(db, tokens, account, clientOf(request), { notBefore: account.tokensValidAfter, secondFactor: true }) };
  },

  async startSecondFactorSetup({ db, tokens, secondFactor, body }) {
    const account = await challenged(db, tokens, body.challenge, 'SETUP');
    if ((await twoFactorRow(db, account.id))?.enabledAt) throw conflict('ALREADY_EXISTS', 'Two-factor sign-in is on already: sign in again');
    const secret = await startSetup(db, secondFactor, account.id);
    return { secret, otpauthUri: otpauthUri(secret, account.email) };
  },

  async confirmSecondFactorSetup({ db, tokens, config, secondFactor, body, request, record }) {
    const account = await challenged(db, tokens, body.challenge, 'SETUP');
    const row = await twoFactorRow(db, account.id);
    if (!row || row.enabledAt) throw noPendingSetup();
    const attempt = await countAttempt(db, secondFactorCounters(account.id, request.ip));
    if (!(await useCode(db, secondFactor, account.id, body.code, 'pending', request.log))) throw invalidCode(401);
    await attempt.succeeded();
    return db.transaction(async (tx) => {
      const recoveryCodes = await enable(tx, secondFactor, account.id);
      const user = personOf(account);
      await record({ kind: 'TWO_FACTOR', publisherId: null, zone: null, before: { user, enabled: false }, after: { user, enabled: true }, author: account });
      // Turning it on ends every other session of the user (issue 30), as on the security page; the owner is told.
      const validAfter = await refuseEarlierTokens(tx, account.id);
      await mailSecondFactorChange(tx, request, config, account, 'TURNED_ON');
      const jwt = await signIn(tx, tokens, account, clientOf(request), { notBefore: validAfter, secondFactor: true });
      return { jwt, recoveryCodes };
    });
  },
};
