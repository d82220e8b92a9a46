/**
 * A person's display name (issue 30): the name a new account chooses when it accepts an invitation, which the
 * portal then puts into e-mails sent from its own address ("Ana invites you to ..."). So it may hold no web
 * address: a name like "Visit https://evil.example/login" would be a phishing line signed by the portal.
 *
 * Message keys returned:
 * - errorMessages.required        (blank)
 * - validation.displayNameLength  (over 100 characters)
 * - validation.displayNameUrl     (looks like a web address)
 *
 * One rule for the console, the server and generated clients: the contract's `DisplayName` (openapi/portal.yaml),
 * read here from the generated rules of the invitation's acceptance (openapi/portal.rules.ts; the pattern the
 * contract adds to PlainText's, which refuses control characters before). It refuses a scheme and `//`
 * (`https://`, `hxxp://`), `www.`, a dot followed by letters and then `/` (`evil.example/login`), and a lower-case
 * word, a dot and two or more lower-case letters with no space (`evil.example`, `bit.ly`), which is how a host is
 * written; initials and titles (`J. R. Smith`, `Dr.Smith`, `St. John`) pass.
 */
import { acceptInvitation } from '../../openapi/portal.rules';

const RULE = acceptInvitation.body.name;
export const MAX_DISPLAY_NAME_LENGTH = RULE.maxLength;
/** The contract's own pattern of a display name (the last: PlainText's comes first). */
export const DISPLAY_NAME_PATTERN = RULE.patterns[RULE.patterns.length - 1]!;

// The `u` flag, as the server's validator reads the contract's patterns.
const PATTERNS = RULE.patterns.map((pattern) => new RegExp(pattern, 'u'));

/** The message key of what is wrong with a name as typed (it is sent trimmed), or undefined. */
export function displayNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'errorMessages.required';
  if (trimmed.length > MAX_DISPLAY_NAME_LENGTH) return 'validation.displayNameLength';
  return PATTERNS.every((pattern) => pattern.test(trimmed)) ? undefined : 'validation.displayNameUrl';
}

/**
 * The name as a mail may show it: names from before the rule (or set by staff) that break it are left out, and the
 * mail then names the person by e-mail address alone.
 */
export const mailableName = (name: string): string | null => (displayNameError(name) === undefined ? name.trim() : null);
