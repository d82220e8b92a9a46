/**
 * E-mail format check for login and forgot-password (spec section 5: 'Invalid email').
 *
 * Message keys returned:
 * - validation.invalidEmail   ('Invalid email')
 *
 * The accepted form is a pragmatic subset of RFC 5322: a dot-atom local part (no quoted strings, no comments),
 * exactly one '@', and a domain of at least two labels ending in an alphabetic top-level label (or a punycode
 * one). IP-literal domains ([1.2.3.4]) and dotted IPs are refused. Internationalised domains are accepted and
 * checked in their punycode form. Lengths follow RFC 5321: local part <= 64, whole address <= 254.
 *
 * Deliberately no public-suffix lookup: this runs on the sign-in page, whose whole JavaScript budget is 140 KB
 * compressed, and the suffix list alone is ~110 KB. An address with an unknown suffix simply fails to sign in.
 */

export const INVALID_EMAIL_KEY = 'validation.invalidEmail';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function toAsciiDomain(domain: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length === 0 || email.length > 254) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = toAsciiDomain(email.slice(at + 1));
  if (local.length > 64 || !LOCAL_PART.test(local) || domain === null) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => ASCII_LABEL.test(label))) return false;
  return TOP_LEVEL_LABEL.test(labels[labels.length - 1] ?? '');
}

/** Form-validator shape: undefined when valid, else the message key. An empty value is invalid too. */
export function emailError(value: string): typeof INVALID_EMAIL_KEY | undefined {
  return isValidEmail(value) ? undefined : INVALID_EMAIL_KEY;
}
