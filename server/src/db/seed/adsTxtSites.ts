// The ads.txt monitor's demo sites (issue 27 item 8): Atlas News' root domains with fixed ids, each served by the
// development ads.txt sites (server/src/crawl/devSites.ts) in one state, so `npm start` shows every status once its
// first crawl has run: authorised, missing lines, wrong lines, no file, not a text file, unreachable, and one site
// whose first crawl is planned days ahead (Not crawled yet). The crawl's sync links them to the zones.
import type { Queryable } from '../db';
import { DEMO } from './demoIds';
import { insertRows, syncSequence } from './insert';

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

export async function seedAdsTxtSites(db: Queryable, today: Date): Promise<void> {
  const due = (id: number) => new Date(today.getTime() + (id === S.atlasNotCrawled ? NOT_CRAWLED_DELAY_MS : 0)).toISOString();
  await insertRows(
    db,
    'ads_txt_sites',
    ['id', 'publisher_id', 'domain', 'kind', 'next_crawl_at'],
    ATLAS_DEV_SITES.map((site) => [site.id, DEMO.publishers.atlasNews, site.domain, 'ads.txt', due(site.id)]),
  );
  await syncSequence(db, 'ads_txt_sites');
}
