// The ads.txt monitor's demo sites (issue 27 item 8): Atlas News' root domains with fixed ids, each served by the
// development ads.txt sites (server/src/crawl/devSites.ts) in one state, so `npm start` shows every status once its
// first crawl has run: authorised, missing lines, wrong lines, no file, not a text file, unreachable, and one site
// whose first crawl is planned days ahead (Not crawled yet). The crawl's sync links them to the zones; the seed
// links them too, as the sync would, so that the seed's run of the revenue alerts' detection sees them.
//
// One site has a past: atlasnews.co.uk was all authorised when the monitor first crawled it, weeks ago, and lost
// the first of the network's lines early on the day of the demo's revenue drop (reports.ts DEMO_ALERT). Its state
// is that crawl's (what its development site still serves), so the revenue alert's explanation names the lost line
// next to the block, as a crawl on that day would have made it (issue 27 item 5). The seed raises no ads.txt alert
// for it: the demo's alerts are the detection's (DEMO.alerts); Check now after fixing it records its recovery.
import type { Queryable } from '../db';
import { renderAdsTxt, type AdsTxtLine } from '../../../../src/lib/adsTxt';
import { afterCrawl, rootDomain } from '../../crawl/crawler';
import { lackingLines } from '../../crawl/monitor';
import { requiredAdsTxtLines } from '../../routes/account/account';
import { DEMO } from './demoIds';
import { insertRows, syncSequence } from './insert';
import { DEMO_ALERT } from './reports';

/** What the development site serves for a domain's ads.txt. */
export type DevSiteAnswer = 'good' | 'missing' | 'wrong' | 'notFound' | 'html' | 'error';

const S = DEMO.adsTxtSites;

/** Atlas News' root domains (their zones' sites, server/src/db/seed/demoZones.ts): id, domain, what it serves. */
export const ATLAS_DEV_SITES: readonly { id: number; domain: string; answer: DevSiteAnswer }[] = [
  { id: S.atlasAuthorised, domain: 'atlasnews.com', answer: 'good' },
  { id: S.atlasMissing, domain: 'atlasnews.co.uk', answer: 'missing' },
  { id: S.atlasWrong, domain: 'atlasnews.com.au', answer: 'wrong' },
  { id: S.atlasNoFile, domain: 'atlasweather.com', answer: 'notFound' },
  { id: S.atlasNotText, domain: 'atlas-tech-review.io', answer: 'html' },
  { id: S.atlasUnreachable, domain: 'atlasgames.net', answer: 'error' },
  { id: S.atlasAuthorisedToo, domain: 'atlasnews-politics.com', answer: 'good' },
  { id: S.atlasNotCrawled, domain: 'atlas-kitchen.co', answer: 'good' },
];

/** How far ahead the not-crawled site's first crawl is planned. */
const NOT_CRAWLED_DELAY_MS = 3 * 86_400_000;

/** The ads.txt a development site serves when it serves a file: these lines. */
export const devSiteFile = (lines: readonly AdsTxtLine[]) => `# Development ads.txt site\n${renderAdsTxt(lines)}\n`;

/** atlasnews.co.uk's two crawls before the seeding day: the first one, and the one that found a line gone. */
const LOST_LINE_SITE = S.atlasMissing;
const FIRST_CRAWL_DAYS_AGO = 40;
/** Early on the day of the demo's drop, before its block (DEMO_ALERT.blockedAtHour). */
const LOST_LINE_HOUR = 3;

export async function seedAdsTxtSites(db: Queryable, today: Date): Promise<void> {
  const due = (id: number) => new Date(today.getTime() + (id === S.atlasNotCrawled ? NOT_CRAWLED_DELAY_MS : 0)).toISOString();
  await insertRows(
    db,
    'ads_txt_sites',
    ['id', 'publisher_id', 'domain', 'kind', 'next_crawl_at'],
    ATLAS_DEV_SITES.map((site) => [site.id, DEMO.publishers.atlasNews, site.domain, 'ads.txt', due(site.id)]),
  );
  await syncSequence(db, 'ads_txt_sites');
  await linkZones(db);
  await seedLostLine(db, today);
}

/** The zones on each site, as the crawl's sync records them (monitor.ts syncSites): web domains by root domain. */
async function linkZones(db: Queryable): Promise<void> {
  const domains = await db.query<{ zoneId: number; domain: string }>(
    `SELECT d.zone_id AS "zoneId", d.domain FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id
      WHERE z.publisher_id = $1 AND d.kind = 'web'`,
    [DEMO.publishers.atlasNews],
  );
  const siteOf = new Map(ATLAS_DEV_SITES.map((site) => [site.domain, site.id]));
  const links = new Set<string>();
  for (const { zoneId, domain } of domains) {
    const siteId = siteOf.get(rootDomain(domain.replace(/^\*\./, '')));
    if (siteId !== undefined) links.add(`${siteId},${zoneId}`);
  }
  await insertRows(db, 'ads_txt_site_zones', ['site_id', 'zone_id'], [...links].map((link) => link.split(',').map(Number)));
}

/** atlasnews.co.uk: authorised at its first crawl, the first required line gone on the day of the demo's drop. */
async function seedLostLine(db: Queryable, today: Date): Promise<void> {
  const publisher = (await db.one<{ businessUnitId: number }>('SELECT business_unit_id AS "businessUnitId" FROM publishers WHERE id = $1', [DEMO.publishers.atlasNews]))!;
  const required = await requiredAdsTxtLines(db, DEMO.publishers.atlasNews, [publisher.businessUnitId]);
  const site = ATLAS_DEV_SITES.find((each) => each.id === LOST_LINE_SITE)!;
  const daysAgo = (days: number, hour: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, hour));
  const crawl = (body: string, at: Date) =>
    afterCrawl(null, { result: 'FILE', url: `https://${site.domain}/ads.txt`, body, recrawlMs: 86_400_000 }, at, 'ads.txt', required);
  const firstAt = daysAgo(FIRST_CRAWL_DAYS_AGO, LOST_LINE_HOUR);
  const lostAt = daysAgo(DEMO_ALERT.blockedDaysAgo, LOST_LINE_HOUR);
  const first = crawl(devSiteFile(required), firstAt);
  const lost = crawl(devSiteFile(required.slice(1)), lostAt);
  const lacking = lackingLines(lost, required);
  if (first.status !== 'AUTHORISED' || lost.status !== 'MISSING_LINES' || lacking.length !== 1) throw new Error('seed: atlasnews.co.uk’s crawls are not as planned');
  await insertRows(
    db,
    'ads_txt_site_changes',
    ['site_id', 'at', 'status_before', 'status_after', 'lines_lost', 'lines_regained'],
    [
      [site.id, firstAt.toISOString(), 'NOT_CRAWLED', 'AUTHORISED', [], []],
      [site.id, lostAt.toISOString(), 'AUTHORISED', 'MISSING_LINES', lacking, []],
    ],
  );
  // The state that crawl left (its first crawl since then is due at once, and finds the same file).
  await db.query(
    `UPDATE ads_txt_sites SET status = $2, fetched_url = $3, last_crawl_at = $4, file_body = $5, file_url = $3, file_fetched_at = $4, lacking_lines = $6
      WHERE id = $1`,
    [site.id, lost.status, lost.url, lostAt.toISOString(), lost.file!.body, lacking],
  );
}
