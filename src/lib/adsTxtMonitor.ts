/**
 * The ads.txt monitor's rules (issue 27 items 1 and 3), pure: what a fetched file says against the lines the network
 * requires of the publisher (the ads.txt lines page's own lines), when to fetch it again, and how long a site's
 * last good file still counts when the site fails. Built on the checker (adsTxtCheck.ts), which gives the line
 * numbers. Returns codes, no message keys.
 *
 * Status of a fetched file, the worse first:
 * - WRONG_LINES: a required line is there in a wrong form (same ad system and account, another relationship or
 *   certification id; or a near miss of the account id: the checker's 'wrong'), or a line naming one of the
 *   network's ad systems is malformed;
 * - MISSING_LINES: some required lines are absent (listed);
 * - AUTHORISED: every required line is present.
 * The crawler adds NO_FILE (404/410), NOT_TEXT (an answer that is not text/plain), UNREACHABLE (no answer, or an
 * error answer, for longer than KEEP_LAST_GOOD_MS since the last good file) and NOT_CRAWLED (not fetched yet).
 */
import type { AdsTxtLine } from './adsTxt';
import { checkParsedAdsTxt, type AdsTxtCheck, type WrongField } from './adsTxtCheck';
import { parseAdsTxt, type AdsTxtFileKind } from './adsTxtParse';

export const MONITOR_STATUSES = ['AUTHORISED', 'MISSING_LINES', 'WRONG_LINES', 'NO_FILE', 'NOT_TEXT', 'UNREACHABLE', 'NOT_CRAWLED'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
/** The statuses a fetched file can have on its own. */
export type FileStatus = Extract<MonitorStatus, 'AUTHORISED' | 'MISSING_LINES' | 'WRONG_LINES'>;

const DAY_MS = 86_400_000;
export const MIN_RECRAWL_MS = DAY_MS;
export const MAX_RECRAWL_MS = 7 * DAY_MS;
/** Without usable expiry headers a file is fetched again daily (as Google Ad Manager does). */
export const DEFAULT_RECRAWL_MS = DAY_MS;
/** After a temporary failure (5xx, timeout, refused connection) the site is tried again sooner. */
export const RETRY_AFTER_FAILURE_MS = 3_600_000;
/** How long the last good file stands for a site that fails (Google Ad Manager keeps it 5 days). */
export const KEEP_LAST_GOOD_MS = 5 * DAY_MS;

export interface WrongLine {
  line: number;
  text: string;
  /** The line as the network requires it. */
  expected: string;
  fields: WrongField[];
}

export interface FileVariables {
  /** SUBDOMAIN= values (lower-cased), in file order, each once. */
  subdomains: string[];
  /** The first OWNERDOMAIN= (the only one that counts), lower-cased. */
  ownerDomain: string | null;
  managerDomains: string[];
  inventoryPartnerDomains: string[];
}

export interface FileJudgement {
  status: FileStatus;
  /** Required lines absent from the file, as the network renders them. */
  missing: string[];
  wrong: WrongLine[];
  /** Malformed lines that name one of the network's ad systems. */
  malformedNetworkLines: { line: number; text: string }[];
  /** What to paste: the missing lines and the right form of the wrong ones, one per line. */
  linesToAdd: string;
  variables: FileVariables;
  check: AdsTxtCheck;
}

function variablesOf(parsed: ReturnType<typeof parseAdsTxt>): FileVariables {
  const variables: FileVariables = { subdomains: [], ownerDomain: null, managerDomains: [], inventoryPartnerDomains: [] };
  for (const entry of parsed.entries) {
    if (entry.kind !== 'variable') continue;
    const value = entry.value.toLowerCase();
    if (entry.name === 'SUBDOMAIN' && !variables.subdomains.includes(value)) variables.subdomains.push(value);
    if (entry.name === 'OWNERDOMAIN') variables.ownerDomain ??= value;
    if (entry.name === 'MANAGERDOMAIN') variables.managerDomains.push(value.split(',')[0]?.trim() ?? value);
    if (entry.name === 'INVENTORYPARTNERDOMAIN') variables.inventoryPartnerDomains.push(value);
  }
  return variables;
}

export function judgeFile(text: string, kind: AdsTxtFileKind, required: readonly AdsTxtLine[]): FileJudgement {
  const parsed = parseAdsTxt(text, kind);
  const check = checkParsedAdsTxt(parsed, required);
  const networkDomains = new Set(required.map((line) => line.exchangeDomain.trim().toLowerCase()));
  const malformedNetworkLines = check.malformed
    .filter((problem) => networkDomains.has((problem.text.split('#')[0] ?? '').split(',')[0]?.trim().toLowerCase() ?? ''))
    .map(({ line, text: lineText }) => ({ line, text: lineText }));
  const missing: string[] = [];
  const wrong: WrongLine[] = [];
  for (const result of check.required) {
    if (result.status === 'missing') missing.push(result.expected);
    if (result.status === 'wrong') wrong.push({ line: result.line, text: result.text, expected: result.expected, fields: result.fields });
  }
  const status: FileStatus = wrong.length > 0 || malformedNetworkLines.length > 0 ? 'WRONG_LINES' : missing.length > 0 ? 'MISSING_LINES' : 'AUTHORISED';
  return {
    status,
    missing,
    wrong,
    malformedNetworkLines,
    linesToAdd: [...missing, ...wrong.map((line) => line.expected)].join('\n'),
    variables: variablesOf(parsed),
    check,
  };
}

/** Seconds of `max-age` (or `s-maxage`) in a Cache-Control header; null when it gives none. */
function maxAgeSeconds(cacheControl: string): number | null {
  if (/(?:^|,)\s*(?:no-store|no-cache)\s*(?:,|$)/i.test(cacheControl)) return 0;
  const match = /(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/**
 * When to fetch a file again after a good answer: Cache-Control's max-age, else Expires (against the answer's
 * Date, else now), honoured when it falls within [1 day, 7 days]; anything else (absent, shorter, longer, a
 * date that does not parse) means the daily default.
 */
export function recrawlDelayMs(headers: { cacheControl: string | null; expires: string | null; date: string | null }, now: Date): number {
  let delay: number | null = null;
  const maxAge = headers.cacheControl ? maxAgeSeconds(headers.cacheControl) : null;
  if (maxAge !== null) delay = maxAge * 1000;
  else if (headers.expires) {
    const expires = Date.parse(headers.expires);
    const served = headers.date ? Date.parse(headers.date) : NaN;
    if (Number.isFinite(expires)) delay = expires - (Number.isFinite(served) ? served : now.getTime());
  }
  return delay !== null && delay >= MIN_RECRAWL_MS && delay <= MAX_RECRAWL_MS ? delay : DEFAULT_RECRAWL_MS;
}
