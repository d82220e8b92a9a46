/**
 * E-mail format check for login and forgot-password (spec section 5: 'Invalid email'), and the form in which the
 * console sends an address.
 *
 * Message keys returned:
 * - validation.invalidEmail   ('Invalid email')
 *
 * One rule for the console, the server and generated clients: EMAIL_PATTERN is the contract's `Email` pattern
 * (openapi/portal.yaml, read from its generated rules; tests/unit/lib/email.test.ts checks it on a table of
 * addresses, tests/server/auth.test.ts the server's answers). A pragmatic subset of RFC 5322 / 5321: a dot-atom
 * local part of at most 64 characters (no quoted strings, no comments), exactly one '@', and a domain of at least
 * two labels (letters, digits, inner hyphens; at most 63 characters each) ending in an alphabetic top-level label
 * or a punycode one (xn--...). IP-literal domains ([1.2.3.4]) and dotted IPs are refused; so is a domain without
 * a dot (`v@io`), which JSON Schema's `email` format would take. At most 254 characters in all.
 *
 * The API takes addresses in ASCII: the console trims what was typed and writes an internationalised domain in its
 * punycode form (toAsciiEmail) before checking and sending it.
 *
 * Deliberately no public-suffix lookup: this runs on the sign-in page, whose whole JavaScript budget is 140 KB
 * compressed, and the suffix list alone is ~110 KB. An address with an unknown suffix simply fails to sign in.
 */

import { CONTRACT_EMAIL_MAX_LENGTH, CONTRACT_EMAIL_PATTERN } from './limits';

export const INVALID_EMAIL_KEY = 'validation.invalidEmail';

/**
 * The contract's Email pattern and length, read from its generated rules (openapi/portal.rules.ts; only the
 * sign-in's rules are loaded, the sign-in page stays small). The pattern is in the subset of regular expressions
 * JSON Schema recommends (a lookahead for the local part's length, no flags: both cases written out), so any
 * client's engine reads it the same.
 */
export const EMAIL_PATTERN: string = CONTRACT_EMAIL_PATTERN;
export const EMAIL_MAX_LENGTH: number = CONTRACT_EMAIL_MAX_LENGTH;

const EMAIL = new RegExp(EMAIL_PATTERN);

/**
 * The address as the console sends it: trimmed, and a domain typed in another script in its punycode form
 * (`user@bücher.de` -> `user@xn--bcher-kva.de`). Anything that is no plain domain is left as typed (and fails).
 */
export function toAsciiEmail(value: string): string {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  // eslint-disable-next-line no-control-regex
  if (at < 0 || /^[\x00-\x7f]*$/.test(domain) || /[\s:/?#[\]@%\\]/.test(domain)) return email;
  try {
    return `${email.slice(0, at + 1)}${new URL(`http://${domain}`).hostname}`;
  } catch {
    return email;
  }
}

export function isValidEmail(value: string): boolean {
  const email = toAsciiEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email);
}

/** Form-validator shape: undefined when valid, else the message key. An empty value is invalid too. */
export function emailError(value: string): typeof INVALID_EMAIL_KEY | undefined {
  return isValidEmail(value) ? undefined : INVALID_EMAIL_KEY;
}
