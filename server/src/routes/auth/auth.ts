// Auth service: sign-in, the forgot-password e-mail, the reset link and the password change (contract tag auth).
// No password, token, reset link or temporary password is ever logged or put in an error; the outbox (read through
// the development mailbox) is the one place a temporary password and a link appear (mail/outbox.ts).
import { accountById, accountByEmail, replacePassword, samePassword, upgradeHash, type Account } from '../../auth/accounts';
import { decoyHash, hashBelow, hashPassword, verifyPassword } from '../../auth/passwords';
import { consumeLink, insertLink, linkInvalid, newLinkToken, openLink, resetSecret, temporaryPassword } from '../../auth/resets';
import { isKnownDevice, knownDeviceCookie } from '../../auth/knownDevices';
import { cachedSecret } from '../../auth/tokens';
import { clientOf, reissue, signIn } from '../../auth/sessions';
import { requiringPublishers, twoFactorRow } from '../../auth/twoFactor';
import { clearAttempts, countAttempt, LIMITS, passwordCounters, throttleKey } from '../../auth/throttle';
import { accountLocked, badRequest, forbidden, invalidCredentials, unauthorized } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { sendMail, type Mail } from '../../mail/outbox';
import { paths } from '../../../../src/routes';

const PASSWORD_CHANGED = { code: 'PASSWORD_CHANGED', message: 'Your password has been changed' } as const;
const TEMP_PASSWORD_SENT = {
  code: 'TEMP_PASSWORD_SENT',
  message: 'If the e-mail belongs to an account, a temporary password and a reset link have been sent to it',
} as const;

const mustDiffer = () =>
  badRequest('The new password must differ from the current one', [
    { field: '/body/newPassword', message: 'must differ from the current password' },
  ]);

function resetMail(publicUrl: string, account: Account, token: string, temporary: string, expiresAt: number): Mail {
  const link = `${publicUrl}${paths.reset}?tk=${token}&ts=${expiresAt}&ue=${encodeURIComponent(account.email)}`;
  const text = [
    `Hello ${account.name},`,
    '',
    'We received a request to reset the password of your publisher portal account.',
    '',
    `Temporary password: ${temporary}`,
    `Choose a new password here: ${link}`,
    '',
    `The link works once and expires on ${new Date(expiresAt).toUTCString()}.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  return { to: account.email, subject: 'Your temporary password for the publisher portal', text, link };
}

export const authHandlers: Handlers = {
  async login({ db, config, tokens, body, request, reply }) {
    const account = await accountByEmail(db, body.email);
    const deviceSecret = await cachedSecret(db, 'known-device');
    const knownDevice = isKnownDevice(deviceSecret, request.headers.cookie, account);
    const attempt = await countAttempt(db, passwordCounters(body.email, request.ip, knownDevice));
    // An unknown e-mail is checked against a real hash too, so it fails as slowly as a wrong password.
    const valid = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash(config.passwordHashing)));
    if (!account || !valid) throw invalidCredentials();
    await attempt.succeeded();
    if (hashBelow(account.passwordHash, config.passwordHashing)) {
      await upgradeHash(db, account, await hashPassword(body.password, config.passwordHashing));
    }
    // "Locked" is told only to whoever knows the password: answering it before the check would show anyone
    // guessing which e-mails belong to (disabled) accounts, and the notice is meant for the account's owner.
    if (!account.enabled) throw accountLocked();
    const secure = config.mode === 'production' || request.protocol === 'https';
    reply.header('set-cookie', knownDeviceCookie(deviceSecret, request.headers.cookie, account, secure));
    // The second step, when the account has two-factor sign-in, or when a team of its requires it (then its set-up).
    const secondFactor = (await twoFactorRow(db, account.id))?.enabledAt ? 'VERIFY' : null;
    const mode = secondFactor ?? (!account.isInternal && (await requiringPublishers(db, account.id)).length ? 'SETUP' : null);
    if (mode) return { challenge: { mode, ...(await tokens.issueChallenge({ userId: account.id, mode, notBefore: account.tokensValidAfter })) } };
    return { jwt: await signIn(db, tokens, account, clientOf(request), { notBefore: account.tokensValidAfter }) };
  },

  async forgetPassword({ db, config, body, request }) {
    // Every request counts, sent or not, so the limit answers alike for every e-mail (mail bombing).
    await countAttempt(db, [
      { key: throttleKey.resetMail(body.email), limit: LIMITS.resetMail },
      { key: throttleKey.resetMailIp(request.ip), limit: LIMITS.resetMailAddress },
    ]);
    const account = await accountByEmail(db, body.email);
    const token = newLinkToken();
    const temporary = temporaryPassword(await resetSecret(db), token);
    // Hashed whether or not a mail goes out, so an unknown e-mail is answered as slowly as a known one.
    const temporaryHash = await hashPassword(temporary, config.passwordHashing);
    if (account?.enabled) {
      await db.transaction(async (tx) => {
        const expiresAt = await insertLink(tx, account.id, token, temporaryHash);
        await sendMail(tx, request.log, config, resetMail(config.publicUrl, account, token, temporary, expiresAt));
      });
    }
    return TEMP_PASSWORD_SENT;
  },

  async validateResetLink({ db, body }) {
    const link = await openLink(db, body.tk, body.ue);
    return { response: { email: link.email, pwd: temporaryPassword(await resetSecret(db), body.tk) } };
  },

  async resetPassword({ db, config, body, request, record }) {
    const link = await openLink(db, body.tk, body.ue);
    if (samePassword(body.newPassword, body.password)) throw mustDiffer();
    // Temporary-password guesses count per link, not per e-mail: whoever holds the account's sign-in by
    // guessing must not also block its owner's way back in.
    const attempt = await countAttempt(db, [
      { key: throttleKey.resetLink(link.id), limit: LIMITS.resetLink, onSuccess: 'clear' },
      { key: throttleKey.ip(request.ip), limit: LIMITS.address },
    ]);
    if (!(await verifyPassword(body.password, link.tempPasswordHash))) throw invalidCredentials();
    await attempt.succeeded();
    const passwordHash = await hashPassword(body.newPassword, config.passwordHashing);
    await db.transaction(async (tx) => {
      if (!(await consumeLink(tx, link.id))) throw linkInvalid();
      await replacePassword(tx, link.userId, passwordHash);
      const account = await accountById(tx, link.userId);
      if (!account) throw linkInvalid();
      await record({ kind: 'PASSWORD', publisherId: null, zone: null, before: null, after: null, author: account });
    });
    // The owner proved access to the mailbox: failures counted against the account as a whole, and the owner's
    // own from this address and network, no longer hold it.
    await clearAttempts(db, throttleKey.email(link.email));
    await clearAttempts(db, throttleKey.emailFromNetwork(link.email, request.ip));
    await clearAttempts(db, throttleKey.emailFromIp(link.email, request.ip));
    return PASSWORD_CHANGED;
  },

  async changePassword({ db, config, tokens, principal, body, request, record }) {
    // Only one's own password: staff guide a client to "Forgot password" instead (spec section 6).
    if (body.email.toLowerCase() !== principal.email.toLowerCase()) {
      throw forbidden('You can change only your own password; others can use "Forgot password"');
    }
    if (samePassword(body.newPassword, body.password)) throw mustDiffer();
    const attempt = await countAttempt(db, passwordCounters(principal.email, request.ip));
    const account = await accountById(db, principal.id);
    if (!account || !(await verifyPassword(body.password, account.passwordHash))) throw invalidCredentials();
    await attempt.succeeded();
    const passwordHash = await hashPassword(body.newPassword, config.passwordHashing);
    // Every other session ends; this one goes on with the fresh token answered.
    const jwt = await db.transaction(async (tx) => {
      const after = await replacePassword(tx, account.id, passwordHash, principal.sessionId);
      await record({ kind: 'PASSWORD', publisherId: null, zone: null, before: null, after: null });
      return reissue(tx, tokens, account, principal.sessionId, after, principal.authTime);
    });
    return { ...PASSWORD_CHANGED, jwt };
  },

  /**
   * A fresh token for the caller, whose own token authenticate() has already accepted (not expired, not issued
   * before a password change, account enabled). The session keeps its sign-in time, and no session outlives
   * SESSION_MAX_SECONDS from it: past that, the user signs in again (issue 21).
   */
  async renewToken({ db, tokens, principal }) {
    if (Date.now() / 1000 >= tokens.sessionEnd(principal.authTime)) throw unauthorized('The session has ended; sign in again');
    const account = await accountById(db, principal.id);
    if (!account) throw unauthorized();
    return { jwt: await reissue(db, tokens, account, principal.sessionId, account.tokensValidAfter, principal.authTime) };
  },
};
