/**
 * Blocked URLs (asset URL filter patterns) of a zone: spec section 5 'Blocked URLs', section 3 entity.
 *
 * Message keys (exported; the functions return reasons and statuses, the screen maps them with these tables):
 * - validation.blockedUrl.notUrl        not a full http(s) URL ('Invalid URL', spec generic message)
 * - validation.blockedUrl.scheme        another scheme ('Only http and https URLs can be blocked')
 * - validation.blockedUrl.privateHost   host not public ('The URL must point to a public host')
 * - blocking.urls.duplicateInList       same URL twice in the paste ('No duplicate allowed', spec generic)
 * - blocking.urls.alreadyBlocked        URL matches an existing pattern ('URLs already blocked')
 * - blocking.urls.types.image           'Image URL'
 * - blocking.urls.types.page            'Page URL'
 *
 * Rules:
 * - Input is trimmed and must start with 'http://' or 'https://' (any case) and contain no white space and no
 *   user info; anything the WHATWG URL parser refuses, or a host name that is not valid DNS syntax
 *   ('ex*ample.com', 'a..b.com', '-a.com'), is 'notUrl', and so is a host typed without a scheme
 *   ('example.com/x', 'example.com:8080/x'). A URL with another scheme (any 'name://', or javascript:, data:,
 *   mailto:, file:, blob:, about:, tel:, vbscript:) is 'scheme'.
 * - The host must be public (hosts.ts): the parser first canonicalises every IPv4 notation (0x7f.1,
 *   2130706433, 0177.0.0.1, 127.1) so none can hide a private address; IPs must be ipaddr.js 'unicast'
 *   (IPv6 also inside 2000::/3); names need a known public suffix and a registrable domain and must not be
 *   localhost/.local/.internal/.lan/.home.arpa or other special-use names. Otherwise 'privateHost'.
 * - The accepted value is the canonical URL (lower-case scheme and host, punycode, IPv4 dotted quad, default
 *   port dropped, path percent-encoded), without the '/' the parser adds when the input had no path, so that
 *   the CONTAINS pattern stays as broad as typed.
 * - List comparison: case-insensitive on scheme and host (both lower-cased by the parser), exact on path,
 *   query and fragment. Existing patterns that are not valid URLs are compared as typed (trimmed).
 */
import { MAX_BLOCKED_URL_LENGTH } from './limits';
import { isPublicHost, isValidHostnameSyntax } from './hosts';

export const URL_TYPES = ['IMAGE', 'PAGE'] as const;
export type UrlType = (typeof URL_TYPES)[number];
export const URL_TYPE_LABEL_KEYS: Record<UrlType, string> = {
  IMAGE: 'blocking.urls.types.image',
  PAGE: 'blocking.urls.types.page',
};
/** Both URL types are evaluated with CONTAINS (REGEX exists in the API but is never created here). */
export const EVAL_TYPE = 'CONTAINS' as const;

export type BlockedUrlReason = 'notUrl' | 'scheme' | 'privateHost';
export const BLOCKED_URL_REASON_KEYS: Record<BlockedUrlReason, string> = {
  notUrl: 'validation.blockedUrl.notUrl',
  scheme: 'validation.blockedUrl.scheme',
  privateHost: 'validation.blockedUrl.privateHost',
};
export const BLOCKED_URL_LIST_KEYS = {
  duplicate: 'blocking.urls.duplicateInList',
  alreadyBlocked: 'blocking.urls.alreadyBlocked',
} as const;

export type BlockedUrlResult = { ok: true; value: string } | { ok: false; reason: BlockedUrlReason };

const HTTP_PREFIX = /^https?:\/\//i;
const OTHER_SCHEME_WITH_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\//i;
const OPAQUE_SCHEMES = new Set(['javascript:', 'data:', 'mailto:', 'file:', 'blob:', 'about:', 'tel:', 'vbscript:']);
/** Scheme, '//', then the authority up to the first '/', '?' or '#'. */
const AUTHORITY_THEN_SLASH = /^[a-z]+:\/\/[^/?#]*\//i;

export function validateBlockedUrl(input: string): BlockedUrlResult {
  const entry = input.trim();
  if (entry === '' || /\s/.test(entry)) return { ok: false, reason: 'notUrl' };
  if (!HTTP_PREFIX.test(entry)) return { ok: false, reason: hasOtherScheme(entry) ? 'scheme' : 'notUrl' };
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return { ok: false, reason: 'notUrl' };
  }
  if (url.username !== '' || url.password !== '' || !isValidHostnameSyntax(url.hostname)) {
    return { ok: false, reason: 'notUrl' };
  }
  if (!isPublicHost(url.hostname)) return { ok: false, reason: 'privateHost' };
  const typedPath = AUTHORITY_THEN_SLASH.test(entry);
  const value = url.pathname === '/' && !typedPath ? `${url.origin}${url.search}${url.hash}` : url.href;
  if (value.length > MAX_BLOCKED_URL_LENGTH) return { ok: false, reason: 'notUrl' };
  return { ok: true, value };
}

/**
 * 'scheme' is reported only when the input clearly names another scheme: 'name://...' or a well-known
 * non-hierarchical one. 'example.com:8080/x' also parses as a URL with scheme 'example.com:', but the user
 * simply left the scheme out, so that is 'notUrl'.
 */
function hasOtherScheme(entry: string): boolean {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return false;
  return OTHER_SCHEME_WITH_AUTHORITY.test(entry) || OPAQUE_SCHEMES.has(url.protocol);
}

/** Key used to compare a pasted URL with existing patterns (see header). */
export function blockedUrlKey(pattern: string): string {
  const result = validateBlockedUrl(pattern);
  return result.ok ? result.value : pattern.trim();
}

export type BlockedUrlLineStatus = 'ok' | 'invalid' | 'duplicate' | 'alreadyBlocked';

export interface BlockedUrlLine {
  /** 1-based line number in the pasted text (blank lines are skipped but counted). */
  line: number;
  /** The line as typed, trimmed. */
  input: string;
  status: BlockedUrlLineStatus;
  /** Set when status is 'invalid'. */
  reason?: BlockedUrlReason;
  /** Canonical URL; set for every status except 'invalid'. */
  value?: string;
}

/**
 * Per-line verdicts for a pasted list. The first occurrence of a URL is 'ok' or 'alreadyBlocked'; later
 * occurrences of the same URL are 'duplicate'. Only 'ok' lines are to be sent.
 */
export function parseBlockedUrlList(text: string, existingPatterns: readonly string[]): BlockedUrlLine[] {
  const existing = new Set(existingPatterns.map(blockedUrlKey));
  const seen = new Set<string>();
  const results: BlockedUrlLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const input = raw.trim();
    if (input === '') return;
    const line = index + 1;
    const result = validateBlockedUrl(input);
    if (!result.ok) {
      results.push({ line, input, status: 'invalid', reason: result.reason });
      return;
    }
    const value = result.value;
    const status = seen.has(value) ? 'duplicate' : existing.has(value) ? 'alreadyBlocked' : 'ok';
    seen.add(value);
    results.push({ line, input, status, value });
  });
  return results;
}

/** Body items for POST /zones/{id}/asset-url-filter-patterns/bulk. */
export function filterPatternParams(
  values: readonly string[],
  urlType: UrlType,
): { pattern: string; urlType: UrlType; evalType: typeof EVAL_TYPE }[] {
  return values.map((pattern) => ({ pattern, urlType, evalType: EVAL_TYPE }));
}
