/**
 * Password rules (spec section 5) for the password-update page, the reset page and the login form.
 *
 * Message keys returned:
 * - validation.invalidPassword           login/forgot: password empty ('Invalid password')
 * - validation.password.invalidCurrent   current password empty ('Invalid current password value')
 * - validation.password.requirements     new password breaks a rule ('At least 8 characters, with one lower-case
 *                                         letter, one upper-case letter, one digit and one special character')
 * - validation.password.mustDiffer       new equals current ('Must differ from new password', spec wording kept)
 * - validation.password.confirmMismatch  confirmation differs ('Confirm Password does not match password')
 * - validation.password.rule.length      per-rule checklist, values { min: 8 } ('At least %{min} characters')
 * - validation.password.rule.lowercase   ('One lower-case letter')
 * - validation.password.rule.uppercase   ('One upper-case letter')
 * - validation.password.rule.digit       ('One digit')
 * - validation.password.rule.special     ('One special character')
 *
 * Choices where the spec is open:
 * - Length counts Unicode code points, not UTF-16 units.
 * - lower/upper-case are Unicode letter categories (Ll/Lu), digit is Unicode Nd, special is any character that
 *   is neither a letter, a number nor white space (so 'é' is lower-case and '!' or '€' is special).
 * - Passwords are compared exactly (no trimming, case-sensitive). A current password made only of white space
 *   counts as empty.
 * - Field precedence for `next`: the rules first, then 'must differ'. `confirm` is checked against `next` even
 *   when `next` itself is invalid, so both messages can show at once.
 */

import { MIN_NEW_PASSWORD_LENGTH } from './limits';

/** The contract's NewPassword minLength (spec section 9: 8), read from its generated rules. */
export const MIN_PASSWORD_LENGTH: number = MIN_NEW_PASSWORD_LENGTH;

export const PASSWORD_RULES = ['length', 'lowercase', 'uppercase', 'digit', 'special'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const PASSWORD_KEYS = {
  invalidPassword: 'validation.invalidPassword',
  invalidCurrent: 'validation.password.invalidCurrent',
  requirements: 'validation.password.requirements',
  mustDiffer: 'validation.password.mustDiffer',
  confirmMismatch: 'validation.password.confirmMismatch',
} as const;

export const PASSWORD_RULE_KEYS: Record<PasswordRule, string> = {
  length: 'validation.password.rule.length',
  lowercase: 'validation.password.rule.lowercase',
  uppercase: 'validation.password.rule.uppercase',
  digit: 'validation.password.rule.digit',
  special: 'validation.password.rule.special',
};

const RULE_TESTS: Record<PasswordRule, (password: string) => boolean> = {
  length: (password) => [...password].length >= MIN_PASSWORD_LENGTH,
  lowercase: (password) => /\p{Ll}/u.test(password),
  uppercase: (password) => /\p{Lu}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  special: (password) => /[^\p{L}\p{N}\s]/u.test(password),
};

/** The rules the password breaks, in the order of PASSWORD_RULES; empty when it satisfies all. */
export function passwordProblems(newPassword: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !RULE_TESTS[rule](newPassword));
}

/** Message (key + values) for one rule, for a checklist under the new-password field. */
export function passwordRuleMessage(rule: PasswordRule): { key: string; values?: { min: number } } {
  return rule === 'length'
    ? { key: PASSWORD_RULE_KEYS.length, values: { min: MIN_PASSWORD_LENGTH } }
    : { key: PASSWORD_RULE_KEYS[rule] };
}

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

export interface PasswordChangeErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

export function validatePasswordChange({ current, next, confirm }: PasswordChange): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (current.trim().length === 0) errors.current = PASSWORD_KEYS.invalidCurrent;
  if (passwordProblems(next).length > 0) errors.next = PASSWORD_KEYS.requirements;
  else if (next === current) errors.next = PASSWORD_KEYS.mustDiffer;
  if (confirm !== next) errors.confirm = PASSWORD_KEYS.confirmMismatch;
  return errors;
}

/** A first password (an invitation's new account): the rules and the confirmation, no current one. */
export function validateNewPassword({ next, confirm }: Pick<PasswordChange, 'next' | 'confirm'>): Pick<PasswordChangeErrors, 'next' | 'confirm'> {
  const errors: Pick<PasswordChangeErrors, 'next' | 'confirm'> = {};
  if (passwordProblems(next).length > 0) errors.next = PASSWORD_KEYS.requirements;
  if (confirm !== next) errors.confirm = PASSWORD_KEYS.confirmMismatch;
  return errors;
}

/** Submit is enabled only when this is true (spec: 'submit disabled until valid'). */
export function isPasswordChangeValid(change: PasswordChange): boolean {
  return Object.keys(validatePasswordChange(change)).length === 0;
}

/** Login and forgot forms: password must be non-empty (white space alone counts as empty). */
export function loginPasswordError(value: string): typeof PASSWORD_KEYS.invalidPassword | undefined {
  return value.trim().length === 0 ? PASSWORD_KEYS.invalidPassword : undefined;
}
