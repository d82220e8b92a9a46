// The ads.txt monitor's crawler against a local fixture site (no internet) on a fake clock: each status, the
// redirect, 404/5xx/timeout, media type, expiry and SUBDOMAIN rules, and two instances sharing the schedule.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher, type FetchResult } from '../../server/src/crawl/fetcher';
import { crawlDueSites, syncSites } from '../../server/src/crawl/monitor';
import { crawlFile } from '../../server/src/crawl/crawler';
import { requiredAdsTxtLines } from '../../server/src/routes/account/account';
import { DEMO } from '../../server/src/db/seed/demo';
import { publisherAdsTxtLine } from '../../server/src/db/seed/adsTxt';
import { renderAdsTxt, type AdsTxtLine } from '../../src/lib/adsTxt';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { startFixtureSite, type FixtureSite } from '../support/crawlFixtures';
import { APP, insertZone } from '../support/zoneFixtures';
import { entriesOf, entryOf, undo } from '../support/history';
import { insertReportRow } from '../support/publisherFixtures';

const SOLO = DEMO.publishers.soloMedia;
const ATLAS = DEMO.publishers.atlasNews;
const SAKURA = DEMO.publishers.sakuraPress;
const DAY = 86_400_000;
const SITES = [
  'monitor-ok.com', 'monitor-missing.com', 'monitor-wrong.com', 'monitor-nofile.com', 'monitor-html.com', 'monitor-down.com',
  'monitor-flaky.com', 'monitor-slow.com', 'monitor-moved.com', 'www.monitor-moved.com', 'monitor-away.com', 'cdn-host.net',
  'monitor-far.com', 'hop-one.net', 'hop-two.net', 'monitor-cache.com', 'monitor-expires.com', 'monitor-parent.com',
  'news.monitor-parent.com', 'monitor-app-dev.com', 'atlas-first.com', 'atlas-second.com', 'atlas-third.com',
];

let site: FixtureSite;
let t: TestApp;
let fetcher: Fetcher;
let required: AdsTxtLine[];
let authorised: string;
let clock: Date;
const tick = () => crawlDueSites(t.db, fetcher, () => clock);
const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } });

async function siteRow(domain: string, kind = 'ads.txt') {
  return t.db.one<{ status: string; failure: string | null; nextCrawlAt: string; lastCrawlAt: string | null; fileFetchedAt: string | null; ownerDomain: string | null; declaredBy: string | null }>(
    `SELECT status, failure, next_crawl_at AS "nextCrawlAt", last_crawl_at AS "lastCrawlAt", file_fetched_at AS "fileFetchedAt",
            owner_domain AS "ownerDomain", declared_by AS "declaredBy"
       FROM ads_txt_sites WHERE publisher_id = $1 AND domain = $2 AND kind = $3`,
    [SOLO, domain, kind],
  );
}

async function addWebZone(...domains: string[]) {
  return addZoneOf(SOLO, ...domains);
}

async function addZoneOf(publisherId: number, ...domains: string[]) {
  const zoneId = await insertZone(t.db, { publisherId, name: `Zone ${domains[0]}` });
  for (const domain of domains) await t.db.query(`INSERT INTO zone_domains (zone_id, domain, kind) VALUES ($1, $2, 'web')`, [zoneId, domain]);
  return zoneId;
}

beforeAll(async () => {
  site = await startFixtureSite();
  t = await createTestApp({ CRAWL_HOSTS: site.crawlHosts(SITES) });
  fetcher = createFetcher({ hosts: t.config.crawlHosts, userAgent: 'test crawler', timeoutMs: 1500 });
  // Only this file's sites are watched.
  await t.db.query('DELETE FROM zone_domains');
  required = await requiredAdsTxtLines(t.db, SOLO, [(await t.db.one<{ b: number }>('SELECT business_unit_id AS b FROM publishers WHERE id = $1', [SOLO]))!.b]);
  expect(required.length).toBeGreaterThanOrEqual(2);
  authorised = `# Our sellers\n${renderAdsTxt(required)}\nother-ssp.example, 42, RESELLER\nCONTACT=ads@monitor.example\n`;
  clock = new Date('2026-12-01T08:00:00Z');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});
beforeEach(() => {
  site.seen.length = 0;
});

describe('status per site', () => {
  it('is Not crawled yet until the first crawl, then each status from what the site answers', async () => {
    const [first] = required as [AdsTxtLine];
    site.routes.set('monitor-ok.com/ads.txt', text(authorised));
    site.routes.set('monitor-missing.com/ads.txt', text(renderAdsTxt(required.slice(1))));
    site.routes.set('monitor-wrong.com/ads.txt', text(renderAdsTxt([{ ...first, accountType: first.accountType === 'DIRECT' ? 'RESELLER' : 'DIRECT' }, ...required.slice(1)])));
    site.routes.set('monitor-html.com/ads.txt', { body: `<html><body><pre>${authorised}</pre></body></html>`, headers: { 'content-type': 'text/html' } });
    site.routes.set('monitor-down.com/ads.txt', { status: 500, body: 'oops' });
    await addWebZone('www.monitor-ok.com', 'blog.monitor-ok.com');
    await addWebZone('monitor-missing.com');
    await addWebZone('monitor-wrong.com');
    await addWebZone('monitor-nofile.com');
    await addWebZone('monitor-html.com');
    await addWebZone('monitor-down.com');

    await syncSites(t.db, clock);
    expect(await siteRow('monitor-ok.com')).toMatchObject({ status: 'NOT_CRAWLED', lastCrawlAt: null });
    expect(await siteRow('www.monitor-ok.com')).toBeUndefined();

    expect(await tick()).toBe(6);
    expect(await siteRow('monitor-ok.com')).toMatchObject({ status: 'AUTHORISED', failure: null, lastCrawlAt: clock.toISOString() });
    expect(await siteRow('monitor-missing.com')).toMatchObject({ status: 'MISSING_LINES' });
    expect(await siteRow('monitor-wrong.com')).toMatchObject({ status: 'WRONG_LINES' });
    expect(await siteRow('monitor-nofile.com')).toMatchObject({ status: 'NO_FILE', failure: 'NO_FILE' });
    expect(await siteRow('monitor-html.com')).toMatchObject({ status: 'NOT_TEXT' });
    expect(await siteRow('monitor-down.com')).toMatchObject({ status: 'UNREACHABLE', failure: 'HTTP_500', fileFetchedAt: null });
    // The root domain's file, over https first (mapped to plain HTTP), once per site.
    expect(site.seen.filter((r) => r.host === 'monitor-ok.com').map((r) => r.path)).toEqual(['/ads.txt']);
  });
});

describe('failures keep the last good file for 5 days', () => {
  it('judges a site by its last good file through 5xx and timeouts, then calls it unreachable', async () => {
    clock = new Date('2026-12-01T09:00:00Z');
    site.routes.set('monitor-flaky.com/ads.txt', text(authorised));
    site.routes.set('monitor-slow.com/ads.txt', text(renderAdsTxt(required.slice(1))));
    await addWebZone('monitor-flaky.com');
    await addWebZone('monitor-slow.com');
    await tick();
    const goodAt = clock.toISOString();
    expect(await siteRow('monitor-flaky.com')).toMatchObject({ status: 'AUTHORISED', fileFetchedAt: goodAt });

    site.routes.set('monitor-flaky.com/ads.txt', { status: 503 });
    site.routes.set('monitor-slow.com/ads.txt', { hang: true });
    clock = new Date(clock.getTime() + 4 * DAY);
    await tick();
    expect(await siteRow('monitor-flaky.com')).toMatchObject({ status: 'AUTHORISED', failure: 'HTTP_503', fileFetchedAt: goodAt });
    expect(await siteRow('monitor-slow.com')).toMatchObject({ status: 'MISSING_LINES', failure: 'TIMEOUT', fileFetchedAt: goodAt });
    // A failure is tried again within the hour.
    expect(Date.parse((await siteRow('monitor-flaky.com'))!.nextCrawlAt)).toBe(clock.getTime() + 3_600_000);

    clock = new Date(Date.parse(goodAt) + 5 * DAY + 60_000);
    await tick();
    expect(await siteRow('monitor-flaky.com')).toMatchObject({ status: 'UNREACHABLE', failure: 'HTTP_503', fileFetchedAt: goodAt });
    expect(await siteRow('monitor-slow.com')).toMatchObject({ status: 'UNREACHABLE', failure: 'TIMEOUT', fileFetchedAt: goodAt });
    site.routes.set('monitor-slow.com/ads.txt', { status: 404 });

    // A 404 is no failure: no file at all, at once.
    site.routes.set('monitor-flaky.com/ads.txt', { status: 404 });
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    await tick();
    expect(await siteRow('monitor-flaky.com')).toMatchObject({ status: 'NO_FILE', fileFetchedAt: null });

    // Each change of status or of the lines lacking is kept, with the lines lost and regained.
    const changes = await t.db.query<{ at: string; statusBefore: string; statusAfter: string; lost: string[]; regained: string[] }>(
      `SELECT c.at, c.status_before AS "statusBefore", c.status_after AS "statusAfter", c.lines_lost AS lost, c.lines_regained AS regained
         FROM ads_txt_site_changes c JOIN ads_txt_sites s ON s.id = c.site_id WHERE s.domain = 'monitor-flaky.com' ORDER BY c.id`,
    );
    const all = required.map((line) => renderAdsTxt([line]));
    expect(changes.map(({ statusBefore, statusAfter, lost, regained }) => ({ statusBefore, statusAfter, lost, regained }))).toEqual([
      { statusBefore: 'NOT_CRAWLED', statusAfter: 'AUTHORISED', lost: [], regained: [] },
      { statusBefore: 'AUTHORISED', statusAfter: 'UNREACHABLE', lost: all, regained: [] },
      { statusBefore: 'UNREACHABLE', statusAfter: 'NO_FILE', lost: [], regained: [] },
    ]);
    expect(changes[1]!.at).toBe(new Date(Date.parse(goodAt) + 5 * DAY + 60_000).toISOString());
  });
});

describe('redirects', () => {
  it('follows redirects within the root domain and one hop away from it, never two', async () => {
    clock = new Date('2026-12-10T08:00:00Z');
    site.routes.set('monitor-moved.com/ads.txt', { status: 301, headers: { location: 'https://www.monitor-moved.com/ads.txt' } });
    site.routes.set('www.monitor-moved.com/ads.txt', text(authorised));
    site.routes.set('monitor-away.com/ads.txt', { status: 302, headers: { location: 'https://cdn-host.net/files/ads.txt' } });
    site.routes.set('cdn-host.net/files/ads.txt', text(authorised));
    site.routes.set('monitor-far.com/ads.txt', { status: 302, headers: { location: 'https://hop-one.net/ads.txt' } });
    site.routes.set('hop-one.net/ads.txt', { status: 302, headers: { location: 'https://hop-two.net/ads.txt' } });
    site.routes.set('hop-two.net/ads.txt', text(authorised));
    await addWebZone('monitor-moved.com');
    await addWebZone('monitor-away.com');
    await addWebZone('monitor-far.com');
    await tick();
    expect(await siteRow('monitor-moved.com')).toMatchObject({ status: 'AUTHORISED' });
    expect(await siteRow('monitor-away.com')).toMatchObject({ status: 'AUTHORISED' });
    expect(await siteRow('monitor-far.com')).toMatchObject({ status: 'UNREACHABLE', failure: 'REDIRECT_REFUSED' });
    expect(site.seen.some((r) => r.host === 'hop-two.net')).toBe(false);
  });
});

describe('expiry', () => {
  it('honours Cache-Control and Expires within [1 day, 7 days], else crawls daily', async () => {
    clock = new Date('2026-12-12T08:00:00Z');
    site.routes.set('monitor-cache.com/ads.txt', { ...text(authorised), headers: { 'content-type': 'text/plain', 'cache-control': 'public, max-age=259200' } });
    site.routes.set('monitor-expires.com/ads.txt', {
      ...text(authorised),
      headers: { 'content-type': 'text/plain', date: clock.toUTCString(), expires: new Date(clock.getTime() + 2 * DAY).toUTCString() },
    });
    await addWebZone('monitor-cache.com');
    await addWebZone('monitor-expires.com');
    await tick();
    expect(Date.parse((await siteRow('monitor-cache.com'))!.nextCrawlAt)).toBe(clock.getTime() + 3 * DAY);
    expect(Date.parse((await siteRow('monitor-expires.com'))!.nextCrawlAt)).toBe(clock.getTime() + 2 * DAY);

    // Not due yet: nothing is fetched.
    clock = new Date(clock.getTime() + 1.5 * DAY);
    site.routes.set('monitor-cache.com/ads.txt', { ...text(authorised), headers: { 'content-type': 'text/plain', 'cache-control': 'max-age=60' } });
    site.seen.length = 0;
    await tick();
    expect(site.seen.filter((r) => r.host === 'monitor-cache.com')).toHaveLength(0);

    clock = new Date(clock.getTime() + 2 * DAY);
    await tick();
    expect(Date.parse((await siteRow('monitor-cache.com'))!.nextCrawlAt)).toBe(clock.getTime() + DAY);
    site.routes.set('monitor-cache.com/ads.txt', { ...text(authorised), headers: { 'content-type': 'text/plain', 'cache-control': 'max-age=2592000' } });
    clock = new Date(clock.getTime() + DAY);
    await tick();
    expect(Date.parse((await siteRow('monitor-cache.com'))!.nextCrawlAt)).toBe(clock.getTime() + DAY);
  });
});

describe('variables', () => {
  it('crawls the subdomains a root file declares with SUBDOMAIN= and reads OWNERDOMAIN', async () => {
    clock = new Date('2026-12-20T08:00:00Z');
    site.routes.set('monitor-parent.com/ads.txt', text(`${authorised}SUBDOMAIN=news.monitor-parent.com\nSUBDOMAIN=elsewhere.com\nOWNERDOMAIN=Monitor-Parent.com\nOWNERDOMAIN=second.com\n`));
    site.routes.set('news.monitor-parent.com/ads.txt', text(renderAdsTxt(required.slice(1))));
    await addWebZone('www.monitor-parent.com');
    await tick();
    expect(await siteRow('monitor-parent.com')).toMatchObject({ status: 'AUTHORISED', ownerDomain: 'monitor-parent.com', declaredBy: null });
    expect(await siteRow('news.monitor-parent.com')).toMatchObject({ status: 'MISSING_LINES', declaredBy: 'monitor-parent.com' });
    expect(await siteRow('elsewhere.com')).toBeUndefined();

    // Dropped from the root file: no longer watched.
    site.routes.set('monitor-parent.com/ads.txt', text(authorised));
    clock = new Date(clock.getTime() + 2 * DAY);
    await tick();
    expect(await siteRow('news.monitor-parent.com')).toBeUndefined();
  });
});

describe('https first', () => {
  it('falls back to http only when https gives no answer', async () => {
    const answers: Record<string, FetchResult> = {
      'https://a.com/ads.txt': { ok: false, failure: 'CONNECTION_FAILED', url: 'https://a.com/ads.txt', chain: [] },
      'http://a.com/ads.txt': { ok: true, status: 200, url: 'http://a.com/ads.txt', chain: [], body: 'x, 1, DIRECT', headers: { contentType: 'text/plain', cacheControl: null, expires: null, date: null } },
      'https://b.com/ads.txt': { ok: true, status: 404, url: 'https://b.com/ads.txt', chain: [], body: '', headers: { contentType: 'text/html', cacheControl: null, expires: null, date: null } },
    };
    const asked: string[] = [];
    const stub: Fetcher = {
      fetch: async (url) => {
        asked.push(url);
        return answers[url] ?? { ok: false, failure: 'NOT_RESOLVED', url, chain: [] };
      },
    };
    expect(await crawlFile(stub, 'a.com', 'ads.txt')).toMatchObject({ result: 'FILE', url: 'http://a.com/ads.txt' });
    expect(await crawlFile(stub, 'b.com', 'ads.txt')).toMatchObject({ result: 'NO_FILE' });
    expect(asked).toEqual(['https://a.com/ads.txt', 'http://a.com/ads.txt', 'https://b.com/ads.txt']);
  });
});

describe('several instances', () => {
  it('crawls each due site once when two instances tick together', async () => {
    clock = new Date('2027-01-15T08:00:00Z');
    site.seen.length = 0;
    const other = createFetcher({ hosts: t.config.crawlHosts, userAgent: 'second instance', timeoutMs: 1500 });
    const [a, b] = await Promise.all([tick(), crawlDueSites(t.db, other, () => clock)]);
    const due = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM ads_txt_sites'))!.n;
    expect(a + b).toBe(due);
    const perHost = new Map<string, number>();
    for (const request of site.seen) perHost.set(request.host, (perHost.get(request.host) ?? 0) + 1);
    // One https request per site (none fails without an answer), whichever instance made it.
    for (const domain of ['monitor-ok.com', 'monitor-missing.com', 'monitor-cache.com', 'monitor-parent.com']) expect(perHost.get(domain)).toBe(1);
  });
});

describe('the API', () => {
  let atlasLines: AdsTxtLine[];
  const ids = new Map<string, number>();
  const sitesPath = (publisherId: number) => `/external/publishers/${publisherId}/ads-txt-sites`;

  beforeAll(async () => {
    clock = new Date();
    atlasLines = await requiredAdsTxtLines(t.db, ATLAS, [(await t.db.one<{ b: number }>('SELECT business_unit_id AS b FROM publishers WHERE id = $1', [ATLAS]))!.b]);
    const [first, ...rest] = atlasLines as [AdsTxtLine, ...AdsTxtLine[]];
    site.routes.set('atlas-first.com/ads.txt', text(`# Atlas\n${renderAdsTxt(rest)}\n${first.exchangeDomain}, ${first.sellerAccountId}, ${first.accountType === 'DIRECT' ? 'RESELLER' : 'DIRECT'}\nOWNERDOMAIN=atlas-second.com\n`));
    site.routes.set('atlas-second.com/ads.txt', { status: 404 });
    site.routes.set('atlas-third.com/ads.txt', text(renderAdsTxt(atlasLines)));
    const small = await addZoneOf(ATLAS, 'www.atlas-first.com');
    const big = await addZoneOf(ATLAS, 'atlas-second.com');
    const other = await addZoneOf(ATLAS, '*.atlas-third.com');
    const advertiserId = (await t.db.one<{ id: number }>('SELECT min(id) AS id FROM advertisers'))!.id;
    // Last 30 days: second 300, first 100 (+ today's, which does not count), third 20.
    await insertReportRow(t.db, { publisherId: ATLAS, zoneId: big, advertiserId, daysAgo: 3, impressions: 1000, revenue: 300 });
    await insertReportRow(t.db, { publisherId: ATLAS, zoneId: small, advertiserId, daysAgo: 10, impressions: 1000, revenue: 100 });
    await insertReportRow(t.db, { publisherId: ATLAS, zoneId: small, advertiserId, daysAgo: 0, impressions: 1000, revenue: 5000 });
    await insertReportRow(t.db, { publisherId: ATLAS, zoneId: other, advertiserId, daysAgo: 31, impressions: 1000, revenue: 9000 });
    await insertReportRow(t.db, { publisherId: ATLAS, zoneId: other, advertiserId, daysAgo: 30, impressions: 1000, revenue: 20 });
    await tick();
    const res = await t.call({ method: 'GET', url: sitesPath(ATLAS), as: 'viewer' });
    for (const row of res.json().content as { id: number; domain: string }[]) ids.set(row.domain, row.id);
  });

  it('lists a publisher’s sites ranked by revenue at stake, filtered by status and domain, paged by the server', async () => {
    const res = await t.call({ method: 'GET', url: sitesPath(ATLAS), as: 'viewer' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content.map((s: { domain: string; status: string; revenueAtStake: number; zoneCount: number }) => [s.domain, s.status, s.revenueAtStake, s.zoneCount])).toEqual([
      ['atlas-second.com', 'NO_FILE', 300, 1],
      ['atlas-first.com', 'WRONG_LINES', 100, 1],
      ['atlas-third.com', 'AUTHORISED', 20, 1],
    ]);
    expect(body.content[0]).toMatchObject({ publisher: { id: ATLAS, name: 'Atlas News' }, kind: 'ads.txt', failure: 'NO_FILE', declaredBy: null, lastGoodFileAt: null });
    const filtered = await t.call({ method: 'GET', url: `${sitesPath(ATLAS)}?status=NO_FILE&status=WRONG_LINES&sortBy=domain&direction=ASC`, as: 'viewer' });
    expect(filtered.json().content.map((s: { domain: string }) => s.domain)).toEqual(['atlas-first.com', 'atlas-second.com']);
    const searched = await t.call({ method: 'GET', url: `${sitesPath(ATLAS)}?searchTerm=THIRD`, as: 'viewer' });
    expect(searched.json()).toMatchObject({ totalElements: 1, content: [{ domain: 'atlas-third.com' }] });
    const paged = await t.call({ method: 'GET', url: `${sitesPath(ATLAS)}?size=1&page=1`, as: 'viewer' });
    expect(paged.json()).toMatchObject({ totalElements: 3, totalPages: 3, page: 1, size: 1, content: [{ domain: 'atlas-first.com' }] });
    expect((await t.call({ method: 'GET', url: `${sitesPath(ATLAS)}?status=SOMETHING`, as: 'viewer' })).statusCode).toBe(400);
  });

  it('shows one site’s file with the problem lines and the lines to add', async () => {
    const [first] = atlasLines as [AdsTxtLine];
    const res = await t.call({ method: 'GET', url: `${sitesPath(ATLAS)}/${ids.get('atlas-first.com')}`, as: 'viewer' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const wrongLine = atlasLines.length + 1;
    expect(body.site).toMatchObject({ domain: 'atlas-first.com', status: 'WRONG_LINES' });
    expect(body.url).toBe('https://atlas-first.com/ads.txt');
    expect(body.file).toMatchObject({ url: 'https://atlas-first.com/ads.txt', lineCount: wrongLine + 1 });
    // OWNERDOMAIN should name the publisher's sellers.json domain (its site with the most zones, then by name).
    expect(body).toMatchObject({ ownerDomain: 'atlas-second.com', sellersJsonDomain: 'atlas-first.com', ownerDomainMatches: false });
    expect(body.problemLines).toEqual([{ line: wrongLine, text: expect.stringContaining(first.sellerAccountId), problem: 'WRONG', expected: renderAdsTxt([first]) }]);
    expect(body.missingLines).toEqual([]);
    expect(body.linesToAdd).toBe(renderAdsTxt([first]));
  });

  it('checks a site now for an editor, answering the new status, at most once per site every 30 s', async () => {
    const url = `${sitesPath(ATLAS)}/${ids.get('atlas-first.com')}/check`;
    site.routes.set('atlas-first.com/ads.txt', text(`${renderAdsTxt(atlasLines)}\nOWNERDOMAIN=Atlas-First.com\n`));
    const res = await t.call({ method: 'POST', url, as: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ site: { status: 'AUTHORISED' }, problemLines: [], linesToAdd: '', ownerDomain: 'atlas-first.com', ownerDomainMatches: true });
    const [change] = await t.db.query<{ statusBefore: string; regained: string[] }>(
      `SELECT status_before AS "statusBefore", lines_regained AS regained FROM ads_txt_site_changes WHERE site_id = $1 ORDER BY id DESC LIMIT 1`,
      [ids.get('atlas-first.com')],
    );
    expect(change).toEqual({ statusBefore: 'WRONG_LINES', regained: [renderAdsTxt([atlasLines[0]!])] });
    const again = await t.call({ method: 'POST', url, as: 'multi' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ code: 'TOO_MANY_CHECKS', message: expect.any(String) });
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('allows 30 checks per user and hour', async () => {
    const editor = DEMO.users.editor;
    await t.db.query(`INSERT INTO ads_txt_manual_checks (user_id, checked_at) SELECT $1, now() - interval '10 minutes' FROM generate_series(1, 30)`, [editor]);
    const res = await t.call({ method: 'POST', url: `${sitesPath(ATLAS)}/${ids.get('atlas-third.com')}/check`, as: 'editor' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_CHECKS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(40 * 60);
    // Nothing was crawled: the site keeps its last crawl.
    await t.db.query('DELETE FROM ads_txt_manual_checks WHERE user_id = $1', [editor]);
  });

  it('refuses a viewer’s check (403) and answers another publisher’s site as a missing one (404)', async () => {
    const id = ids.get('atlas-second.com');
    const viewer = await t.call({ method: 'POST', url: `${sitesPath(ATLAS)}/${id}/check`, as: 'viewer' });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('ROLE_NOT_ALLOWED');
    for (const [as, publisherId] of [['solo', ATLAS], ['multi', SAKURA], ['solo', SOLO]] as const) {
      const check = await t.call({ method: 'POST', url: `${sitesPath(publisherId)}/${id}/check`, as });
      expect(check.statusCode).toBe(404);
      expect(check.json().code).toBe('NOT_FOUND');
      expect((await t.call({ method: 'GET', url: `${sitesPath(publisherId)}/${id}`, as })).statusCode).toBe(404);
    }
    expect((await t.call({ method: 'GET', url: sitesPath(ATLAS), as: 'solo' })).statusCode).toBe(404);
  });

  it('lists every publisher’s failing sites for staff only', async () => {
    const res = await t.call({ method: 'GET', url: '/external/ads-txt-sites/failing?size=100', as: 'staff' });
    expect(res.statusCode).toBe(200);
    const content = res.json().content as { domain: string; status: string; publisher: { id: number }; revenueAtStake: number }[];
    expect(content.every((s) => s.status !== 'AUTHORISED' && s.status !== 'NOT_CRAWLED')).toBe(true);
    expect(content[0]).toMatchObject({ domain: 'atlas-second.com', publisher: { id: ATLAS }, revenueAtStake: 300 });
    expect(content.some((s) => s.publisher.id === SOLO)).toBe(true);
    expect(content.some((s) => s.domain === 'atlas-first.com')).toBe(false);
    const byName = await t.call({ method: 'GET', url: '/external/ads-txt-sites/failing?searchTerm=atlas%20news', as: 'staff' });
    expect(byName.json().content.map((s: { domain: string }) => s.domain)).toEqual(['atlas-second.com']);
    const member = await t.call({ method: 'GET', url: '/external/ads-txt-sites/failing', as: 'multi' });
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('FORBIDDEN');
  });

  it('publishes sellers.json 1.0, without the name and domain of a confidential seller', async () => {
    const res = await t.call({ method: 'GET', url: '/sellers.json', as: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.0', contact_email: expect.stringContaining('@'), identifiers: [] });
    const own = publisherAdsTxtLine(ATLAS);
    const atlas = body.sellers.find((s: { seller_id: string }) => s.seller_id === own.sellerAccountId);
    expect(atlas).toEqual({ seller_id: own.sellerAccountId, seller_type: 'PUBLISHER', is_confidential: 0, name: 'Atlas News', domain: expect.stringMatching(/^atlas-/) });
    for (const seller of body.sellers) expect(['PUBLISHER', 'INTERMEDIARY', 'BOTH']).toContain(seller.seller_type);

    // An admin makes Atlas News confidential: recorded, and undone.
    const setting = `/external/publishers/${ATLAS}/sellers-json-setting`;
    expect((await t.call({ method: 'GET', url: setting, as: 'viewer' })).json()).toEqual({ confidential: false });
    const editor = await t.call({ method: 'PUT', url: setting, as: 'editor', payload: { confidential: true } });
    expect(editor.statusCode).toBe(403);
    expect(editor.json().code).toBe('ROLE_NOT_ALLOWED');
    expect((await t.call({ method: 'PUT', url: setting, as: 'solo', payload: { confidential: true } })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url: setting, as: 'multi', payload: { confidential: 'yes' } })).statusCode).toBe(400);
    const entry = await entryOf(t, 200, () => t.call({ method: 'PUT', url: setting, as: 'multi', payload: { confidential: true } }));
    expect(entry).toMatchObject({ kind: 'TEAM_SETTINGS', publisherId: ATLAS, before: { sellersJsonConfidential: false }, after: { sellersJsonConfidential: true } });
    expect((await t.call({ method: 'GET', url: setting, as: 'viewer' })).json()).toEqual({ confidential: true });
    const hidden = (await t.call({ method: 'GET', url: '/sellers.json', as: null })).json();
    expect(hidden.sellers.find((s: { seller_id: string }) => s.seller_id === own.sellerAccountId)).toEqual({ seller_id: own.sellerAccountId, seller_type: 'PUBLISHER', is_confidential: 1 });

    const undone = await undo(t, ATLAS, entry.id, 'multi');
    expect(undone.statusCode, undone.body).toBe(201);
    expect((await t.call({ method: 'GET', url: setting, as: 'multi' })).json()).toEqual({ confidential: false });
    const shown = (await t.call({ method: 'GET', url: '/sellers.json', as: null })).json();
    expect(shown.sellers.find((s: { seller_id: string }) => s.seller_id === own.sellerAccountId)).toMatchObject({ is_confidential: 0, name: 'Atlas News' });
  });
});

describe('app zones: the developer website', () => {
  const put = (zoneId: number, developerWebsite: string | undefined, typeId: number, as: 'solo' | 'staff' = 'solo') =>
    t.call({ method: 'PUT', url: `/external/zones/${zoneId}`, as, payload: { name: `Zone ${zoneId}`, typeId, enabled: true, ...(developerWebsite === undefined ? {} : { developerWebsite }) } });

  it('takes a bare public domain for an app zone, recorded with undo, and crawls app-ads.txt at its root domain', async () => {
    clock = new Date();
    const zoneId = await insertZone(t.db, { publisherId: SOLO, name: 'Solo app', typeId: APP });
    for (const bad of ['https://monitor-app-dev.com/', 'monitor-app-dev.com/apps', 'localhost', '10.0.0.1', 'not a domain', 'dev.monitor.internal']) {
      const entries = await entriesOf(t, 400, () => put(zoneId, bad, APP));
      expect(entries).toEqual([]);
    }
    const refused = await put(zoneId, 'nope', APP);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '/body/developerWebsite' }] });
    expect((await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'solo' })).json().developerWebsite).toBeNull();

    const entry = await entryOf(t, 200, () => put(zoneId, ' Apps.Monitor-App-Dev.com ', APP));
    expect(entry).toMatchObject({ kind: 'ZONE', zoneId, before: { developerWebsite: null }, after: { developerWebsite: 'apps.monitor-app-dev.com' } });
    expect((await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'solo' })).json().developerWebsite).toBe('apps.monitor-app-dev.com');

    site.routes.set('monitor-app-dev.com/app-ads.txt', text(authorised));
    await tick();
    expect(await siteRow('monitor-app-dev.com', 'app-ads.txt')).toMatchObject({ status: 'AUTHORISED' });
    expect(site.seen.filter((r) => r.host === 'monitor-app-dev.com').map((r) => r.path)).toEqual(['/app-ads.txt']);

    // Leaving it out keeps it; undo takes it away, and the site with it.
    expect((await put(zoneId, undefined, APP)).json().developerWebsite).toBe('apps.monitor-app-dev.com');
    const undone = await undo(t, SOLO, entry.id, 'solo');
    expect(undone.statusCode, undone.body).toBe(201);
    expect((await t.call({ method: 'GET', url: `/external/zones/${zoneId}`, as: 'solo' })).json().developerWebsite).toBeNull();
    await tick();
    expect(await siteRow('monitor-app-dev.com', 'app-ads.txt')).toBeUndefined();
  });

  it('refuses one for a web zone', async () => {
    const zoneId = await addWebZone('monitor-webzone.com');
    const res = await put(zoneId, 'monitor-app-dev.com', 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '/body/developerWebsite', message: expect.stringContaining('app zones') }] });
    expect((await put(zoneId, '', 1)).statusCode).toBe(200);
  });
});
