// The ads.txt monitor's sites (issue 27 items 3 and 4): a publisher's list ranked by revenue at stake, one site
// with its file and the lines to fix, "Check now", and the network-wide list of failing sites for staff.
import { publisherFor } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Db, Queryable } from '../../db/db';
import { ApiError, forbidden, notFound } from '../../http/errors';
import type { Handlers, QueryParams } from '../../http/handlers';
import { limitOffset, pageOf, pageRequest, type Page, type PageRequest } from '../../http/paging';
import { afterCrawl, crawlFile } from '../../crawl/crawler';
import { requiredLinesCache, siteForCrawl, storeCrawl } from '../../crawl/monitor';
import { sendAdsTxtAlertEmails } from '../../alerts/adsTxtAlerts';
import { revenueWindow } from '../blocking/revenueAtStake';
import { judgeFile } from '../../../../src/lib/adsTxtMonitor';
import { parseAdsTxt } from '../../../../src/lib/adsTxtParse';
import type { components } from '../../../../openapi/portal';
import { sellersJsonDomain } from './sellersJson';

type AdsTxtSite = components['schemas']['AdsTxtSite'];
type AdsTxtSiteDetail = components['schemas']['AdsTxtSiteDetail'];
type SiteStatus = components['schemas']['AdsTxtSiteStatus'];

/** "Check now": this many checks per user and hour (and one per site every config.checkNowIntervalSeconds). */
export const CHECKS_PER_USER_HOUR = 30;

/** The statuses by severity: DESC puts the worse first. */
const SEVERITY = `CASE s.status WHEN 'NO_FILE' THEN 6 WHEN 'UNREACHABLE' THEN 5 WHEN 'NOT_TEXT' THEN 4 WHEN 'WRONG_LINES' THEN 3
                  WHEN 'MISSING_LINES' THEN 2 WHEN 'NOT_CRAWLED' THEN 1 ELSE 0 END`;
const SORTS = {
  revenueAtStake: 'revenue',
  domain: 'domain',
  status: 'severity',
  lastCrawlAt: 'last_crawl_at',
} as const;

interface ListFilter {
  publisherId: number | null;
  failingOnly: boolean;
  searchTerm: string;
  statuses: readonly SiteStatus[];
  sortBy: keyof typeof SORTS;
  direction: 'ASC' | 'DESC';
}

/** A list's search, status filter and order from the query (both lists take the same parameters). */
const listOptions = (query: QueryParams<'listAdsTxtSites'>): Omit<ListFilter, 'publisherId' | 'failingOnly'> => ({
  searchTerm: query.searchTerm ?? '',
  statuses: query.status ?? [],
  sortBy: query.sortBy ?? 'revenueAtStake',
  direction: query.direction ?? (query.sortBy === 'domain' ? 'ASC' : 'DESC'),
});

const SITE_SELECT = `json_build_object(
    'id', s.id, 'publisher', json_build_object('id', p.id, 'name', p.name), 'domain', s.domain, 'kind', s.kind, 'status', s.status,
    'declaredBy', s.declared_by, 'lastCrawlAt', s.last_crawl_at, 'nextCrawlAt', s.next_crawl_at, 'lastGoodFileAt', s.file_fetched_at,
    'failure', s.failure, 'revenueAtStake', s.revenue, 'zoneCount', s.zone_count)`;

/** The sites with their revenue at stake ($1 window start, $2 end) and zone count, as `s`. */
const SITES_WITH_REVENUE = `
  SELECT s.*, ${SEVERITY} AS severity,
         coalesce((SELECT sum(r.revenue) FROM ads_txt_site_zones sz
                     JOIN report_zone_daily r ON r.zone_id = sz.zone_id AND r.publisher_id = s.publisher_id
                    WHERE sz.site_id = s.id AND r.day BETWEEN $1::date AND $2::date), 0)::float8 AS revenue,
         (SELECT count(*) FROM ads_txt_site_zones sz WHERE sz.site_id = s.id)::int AS zone_count
    FROM ads_txt_sites s`;

async function listSites(db: Queryable, filter: ListFilter, page: PageRequest): Promise<Page<AdsTxtSite>> {
  const { from, to } = revenueWindow();
  const [limit, offset] = limitOffset(page);
  const direction = filter.direction === 'ASC' ? 'ASC' : 'DESC';
  const sort = SORTS[filter.sortBy];
  const term = filter.searchTerm.trim().toLowerCase();
  const rows = await db.query<{ site: AdsTxtSite; total: number }>(
    `SELECT ${SITE_SELECT} AS site, count(*) OVER ()::int AS total
       FROM (${SITES_WITH_REVENUE}) s JOIN publishers p ON p.id = s.publisher_id
      WHERE ($3::int IS NULL OR s.publisher_id = $3)
        AND (NOT $4::boolean OR s.status NOT IN ('AUTHORISED', 'NOT_CRAWLED'))
        AND ($5 = '' OR position($5 IN s.domain) > 0 OR ($4::boolean AND position($5 IN lower(p.name)) > 0))
        AND (cardinality($6::text[]) = 0 OR s.status = ANY($6::text[]))
      ORDER BY s.${sort} ${direction}, s.domain, s.id
      LIMIT $7 OFFSET $8`,
    [from, to, filter.publisherId, filter.failingOnly, term, filter.statuses, limit, offset],
  );
  // A page past the end still tells how many there are.
  const total = rows[0]?.total ?? (offset === 0 ? 0 : (await listSites(db, filter, { page: 0, size: 1 })).totalElements);
  return pageOf(rows.map((row) => row.site), total, page);
}

async function siteOf(db: Queryable, publisherId: number, siteId: number): Promise<AdsTxtSite> {
  const { from, to } = revenueWindow();
  const row = await db.one<{ site: AdsTxtSite }>(
    `SELECT ${SITE_SELECT} AS site FROM (${SITES_WITH_REVENUE} WHERE s.id = $3 AND s.publisher_id = $4) s JOIN publishers p ON p.id = s.publisher_id`,
    [from, to, siteId, publisherId],
  );
  if (!row) throw notFound('Site not found');
  return row.site;
}

/** The site as the detail shows it: its last good file judged against the lines the network requires today. */
async function detailOf(db: Queryable, publisherId: number, siteId: number): Promise<AdsTxtSiteDetail> {
  const site = await siteOf(db, publisherId, siteId);
  const stored = await db.one<{ url: string | null; ownerDomain: string | null; body: string | null; fileUrl: string | null; fetchedAt: string | null }>(
    `SELECT fetched_url AS url, owner_domain AS "ownerDomain", file_body AS body, file_url AS "fileUrl", file_fetched_at AS "fetchedAt"
       FROM ads_txt_sites WHERE id = $1`,
    [siteId],
  );
  const ownerDomain = stored?.ownerDomain ?? null;
  const sellersDomain = await sellersJsonDomain(db, publisherId);
  const base = {
    site,
    url: stored?.url ?? null,
    ownerDomain,
    sellersJsonDomain: sellersDomain,
    ownerDomainMatches: ownerDomain === null || sellersDomain === null ? null : ownerDomain === sellersDomain,
    file: null,
    missingLines: [],
    problemLines: [],
    linesToAdd: '',
  };
  if (!stored?.body || stored.fetchedAt === null) return base;
  const required = await requiredLinesCache(db)(publisherId);
  const judgement = judgeFile(stored.body, site.kind, required);
  const problemLines: AdsTxtSiteDetail['problemLines'] = [
    ...judgement.wrong.map((line) => ({ line: line.line, text: line.text, problem: 'WRONG' as const, expected: line.expected })),
    ...judgement.malformedNetworkLines.map((line) => ({ line: line.line, text: line.text, problem: 'MALFORMED' as const })),
  ].sort((a, b) => a.line - b.line);
  return {
    ...base,
    file: { text: stored.body, url: stored.fileUrl ?? '', fetchedAt: stored.fetchedAt, lineCount: parseAdsTxt(stored.body, site.kind).lineCount },
    missingLines: judgement.missing.slice(0, 1000),
    problemLines: problemLines.slice(0, 1000),
    linesToAdd: judgement.linesToAdd,
  };
}

const tooManyChecks = (retryAfterSeconds: number, message: string) =>
  new ApiError(429, 'TOO_MANY_CHECKS', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * Takes one "Check now" of the site for the user, or refuses it with 429: the user's 30 an hour first (nothing
 * counted when refused), then the site's one per `intervalSeconds` (config.checkNowIntervalSeconds: 30 s), taken by
 * a conditional update so that two instances cannot both pass.
 */
async function takeCheck(db: Queryable, principal: Principal, siteId: number, now: Date, intervalSeconds: number): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const used = await db.one<{ count: number; oldest: string | null }>(
    'SELECT count(*)::int AS count, min(checked_at) AS oldest FROM ads_txt_manual_checks WHERE user_id = $1 AND checked_at > $2',
    [principal.id, hourAgo],
  );
  if (used && used.count >= CHECKS_PER_USER_HOUR && used.oldest) {
    throw tooManyChecks((Date.parse(used.oldest) + 3_600_000 - now.getTime()) / 1000, `At most ${CHECKS_PER_USER_HOUR} checks an hour. Please try again later.`);
  }
  const taken = await db.one<{ id: number }>(
    `UPDATE ads_txt_sites SET checked_by_user_at = $2
      WHERE id = $1 AND (checked_by_user_at IS NULL OR checked_by_user_at <= $3) RETURNING id`,
    [siteId, now, new Date(now.getTime() - intervalSeconds * 1000)],
  );
  if (!taken) {
    const last = await db.one<{ at: string }>('SELECT checked_by_user_at AS at FROM ads_txt_sites WHERE id = $1', [siteId]);
    const wait = last ? (Date.parse(last.at) + intervalSeconds * 1000 - now.getTime()) / 1000 : intervalSeconds;
    throw tooManyChecks(wait, 'This site was checked a moment ago. Please try again in a few seconds.');
  }
  await db.query('DELETE FROM ads_txt_manual_checks WHERE user_id = $1 AND checked_at <= $2', [principal.id, hourAgo]);
  await db.query('INSERT INTO ads_txt_manual_checks (user_id, checked_at) VALUES ($1, $2)', [principal.id, now]);
}

export const siteHandlers: Handlers = {
  async listAdsTxtSites({ db, principal, params, query }) {
    await publisherFor(db, principal, params.publisherId);
    return listSites(db, { publisherId: params.publisherId, failingOnly: false, ...listOptions(query) }, pageRequest(query));
  },

  async getAdsTxtSite({ db, principal, params }) {
    await publisherFor(db, principal, params.publisherId);
    return detailOf(db, params.publisherId, params.siteId);
  },

  async checkAdsTxtSite({ db, crawler, principal, params, config, request }) {
    await publisherFor(db, principal, params.publisherId);
    await siteOf(db, params.publisherId, params.siteId);
    const now = new Date();
    await takeCheck(db, principal, params.siteId, now, config.checkNowIntervalSeconds);
    const site = await siteForCrawl(db, params.siteId);
    if (!site) throw notFound('Site not found');
    const outcome = await crawlFile(crawler, site.domain, site.kind, now);
    // A write that records nothing runs outside a transaction (history/operations.ts): `db` is the pool.
    const required = await requiredLinesCache(db)(site.publisherId);
    const state = afterCrawl(site.file, outcome, now, site.kind, required);
    await storeCrawl(db as Db, site, state, now, required);
    // An alert this check raised is e-mailed now, as the schedule's would be.
    await sendAdsTxtAlertEmails(db as Db, { config, log: request.log }, now, site.publisherId);
    return detailOf(db, params.publisherId, params.siteId);
  },

  async listFailingAdsTxtSites({ db, principal, query }) {
    if (!principal.isInternal || principal.apiKey) throw forbidden('Only network staff see every publisher’s sites');
    return listSites(db, { publisherId: null, failingOnly: true, ...listOptions(query) }, pageRequest(query));
  },
};
