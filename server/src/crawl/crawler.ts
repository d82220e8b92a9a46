// One crawl of one site's ads.txt or app-ads.txt (issue 27 item 1; IAB ads.txt 1.1 sections 3.1, 3.5, 3.6), and
// what it makes of the site's state. The fetching itself, with its address checks and limits, is fetcher.ts's.
// - https://{host}/{file} first; when that gets no HTTP answer at all (no connection, TLS failure, timeout) the
//   same over http://. Any HTTP answer of the https address is the answer.
// - Redirects within the host's root domain are followed (the fetcher's limit of 5 aside); one redirect to
//   another root domain is followed, a further one is refused (an error).
// - 200 with a text/plain body is the file; any other media type is NOT_TEXT (a served HTML page, even one that
//   contains the lines). 404 and 410 are NO_FILE: no authorised sellers. Anything else (5xx, 403, a refused
//   redirect, timeout, a body past 1 MiB) is a failure: the last good file stands for KEEP_LAST_GOOD_MS, then the
//   site is UNREACHABLE (its last good file kept to tell its age).
import { getDomain } from 'tldts';
import type { AdsTxtLine } from '../../../src/lib/adsTxt';
import type { AdsTxtFileKind } from '../../../src/lib/adsTxtParse';
import {
  DEFAULT_RECRAWL_MS,
  judgeFile,
  KEEP_LAST_GOOD_MS,
  recrawlDelayMs,
  RETRY_AFTER_FAILURE_MS,
  type FileJudgement,
  type MonitorStatus,
} from '../../../src/lib/adsTxtMonitor';
import { canonicalHostname } from '../../../src/lib/hosts';
import type { Fetcher, FetchFailure, RedirectPolicy } from './fetcher';

export type CrawlOutcome =
  | { result: 'FILE'; url: string; body: string; recrawlMs: number }
  | { result: 'NO_FILE'; url: string }
  | { result: 'NOT_TEXT'; url: string; contentType: string | null }
  | { result: 'FAILED'; url: string; failure: FetchFailure | `HTTP_${number}` };

/** Failures where https got no HTTP answer, so http:// is tried. */
const NO_ANSWER: ReadonlySet<FetchFailure> = new Set(['CONNECTION_FAILED', 'TIMEOUT', 'NOT_RESOLVED']);

/** The registrable domain of a host (public suffix list); the host itself when it has none. */
export function rootDomain(host: string): string {
  const canonical = canonicalHostname(host);
  return getDomain(canonical, { allowPrivateDomains: false }) ?? canonical;
}

/** Redirects within `root`, plus one hop to another root domain. */
export function rootDomainPolicy(root: string): RedirectPolicy {
  return (chain, next) => {
    const outside = [...chain.slice(1), next].filter((url) => rootDomain(url.hostname) !== root).length;
    return outside <= 1;
  };
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export async function crawlFile(fetcher: Fetcher, host: string, kind: AdsTxtFileKind, now = new Date()): Promise<CrawlOutcome> {
  const policy = rootDomainPolicy(rootDomain(host));
  let result = await fetcher.fetch(`https://${host}/${kind}`, { redirectPolicy: policy });
  if (!result.ok && NO_ANSWER.has(result.failure)) result = await fetcher.fetch(`http://${host}/${kind}`, { redirectPolicy: policy });
  if (!result.ok) return { result: 'FAILED', url: result.url, failure: result.failure };
  if (result.status === 404 || result.status === 410) return { result: 'NO_FILE', url: result.url };
  if (result.status !== 200) return { result: 'FAILED', url: result.url, failure: `HTTP_${result.status}` };
  if (mediaType(result.headers.contentType) !== 'text/plain') return { result: 'NOT_TEXT', url: result.url, contentType: result.headers.contentType };
  return { result: 'FILE', url: result.url, body: result.body, recrawlMs: recrawlDelayMs(result.headers, now) };
}

/** The last good file of a site. */
export interface GoodFile {
  body: string;
  url: string;
  fetchedAt: Date;
}

export interface SiteState {
  status: MonitorStatus;
  file: GoodFile | null;
  /** What went wrong at the last crawl (a FetchFailure, HTTP_503, NO_FILE, NOT_TEXT); null after a good one. */
  failure: string | null;
  /** The address last fetched. */
  url: string | null;
  nextCrawlAt: Date;
  /** The judgement of the file the status stands on (a kept file's while it stands); null without one. */
  judgement: FileJudgement | null;
}

/**
 * The site's state after a crawl. `recrawlMs` of a FILE outcome is taken from the answer's headers at crawl time;
 * `now` is the crawl's clock (tests give a fake one).
 */
export function afterCrawl(
  previous: GoodFile | null,
  outcome: CrawlOutcome,
  now: Date,
  kind: AdsTxtFileKind,
  required: readonly AdsTxtLine[],
): SiteState {
  const at = (ms: number) => new Date(now.getTime() + ms);
  switch (outcome.result) {
    case 'FILE': {
      const judgement = judgeFile(outcome.body, kind, required);
      return {
        status: judgement.status,
        file: { body: outcome.body, url: outcome.url, fetchedAt: now },
        failure: null,
        url: outcome.url,
        nextCrawlAt: at(outcome.recrawlMs),
        judgement,
      };
    }
    case 'NO_FILE':
    case 'NOT_TEXT':
      return { status: outcome.result, file: null, failure: outcome.result, url: outcome.url, nextCrawlAt: at(DEFAULT_RECRAWL_MS), judgement: null };
    case 'FAILED': {
      const stands = previous !== null && now.getTime() - previous.fetchedAt.getTime() <= KEEP_LAST_GOOD_MS;
      const judgement = stands ? judgeFile(previous.body, kind, required) : null;
      return {
        status: judgement?.status ?? 'UNREACHABLE',
        file: previous,
        failure: outcome.failure,
        url: outcome.url,
        nextCrawlAt: at(RETRY_AFTER_FAILURE_MS),
        judgement,
      };
    }
  }
}
