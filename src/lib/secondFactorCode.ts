/**
 * The second-factor code formats, once: the contract's TotpCode (6 digits of the authenticator app) and
 * RecoveryCode (`xxxxx-xxxxx`, case and the hyphen free) patterns, read from the generated rules
 * (openapi/portal.rules.ts) of the sign-in's code step. Every code field of the console checks with these
 * before it sends; only this operation's rules are loaded (the sign-in page stays small).
 */
import { verifySecondFactor } from '../../openapi/portal.rules';

// The `u` flag, as the server's validator reads the contract's patterns.
const APP_CODE = new RegExp(verifySecondFactor.body.code.patterns[0], 'u');
const RECOVERY_CODE = new RegExp(verifySecondFactor.body.recoveryCode.patterns[0], 'u');

/** A code of the authenticator app as the contract takes it. */
export const isAppCode = (typed: string): boolean => APP_CODE.test(typed);
/** A one-time recovery code as the contract takes it. */
export const isRecoveryCode = (typed: string): boolean => RECOVERY_CODE.test(typed);
/** Either (the fields that take both: turning two-factor sign-in off, new recovery codes, a renewed session). */
export const isAppOrRecoveryCode = (typed: string): boolean => isAppCode(typed) || isRecoveryCode(typed);

/** The code as it is sent: the spaces typed or pasted in it dropped. */
export const codeAsSent = (typed: string): string => typed.replace(/\s/g, '');

/**
 * A code field's validator (react-admin's and the sign-in kit's shape): the spec's 'That code is not right' unless
 * the code, without its spaces, is one `accepts` takes (isAppCode, isAppOrRecoveryCode).
 */
export const codeValidator =
  (accepts: (code: string) => boolean) =>
  (value: unknown): string | undefined =>
    accepts(codeAsSent(typeof value === 'string' ? value : '')) ? undefined : 'auth.invalidCode';
