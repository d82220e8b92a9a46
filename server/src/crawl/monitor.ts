// The ads.txt monitor's schedule (issue 27 items 1 and 7): which sites to watch, and crawling the due ones once
// across instances. The sites are the root domains of every web zone's domains (ads.txt) and of every app zone's
// developer website (app-ads.txt), per publisher, plus the subdomains a root ads.txt declares with SUBDOMAIN=.
// Each tick syncs the sites with the zones, claims due sites in PostgreSQL (FOR UPDATE SKIP LOCKED, with a lease
// so a crashed instance's claim runs out) and crawls them; the schedule is the table, so it survives restarts.
import type { Db, Queryable } from '../db/db';
import { startRepeating, type JobLog } from '../jobs';
import { renderAdsTxtLine, type AdsTxtLine } from '../../../src/lib/adsTxt';
import type { AdsTxtFileKind } from '../../../src/lib/adsTxtParse';
import { requiredAdsTxtLines } from '../routes/account/account';
import { afterCrawl, crawlFile, rootDomain, type GoodFile, type SiteState } from './crawler';
import { raiseOrResolveAdsTxtAlert, resolveAlertsOfSites, sendAdsTxtAlertEmails, type AdsTxtMailContext } from '../alerts/adsTxtAlerts';
import type { Fetcher } from './fetcher';

/** How long a claim holds: past it, another crawl may take the site (the fetch itself is bounded at 5 s a try). */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** The advisory lock of the sites' sync (the server's other locks take other 727_0NN keys). */
const SYNC_LOCK_KEY = 727_027;
/** Sites one tick claims at most. */
export const CLAIM_BATCH = 200;

export interface ClaimedSite {
  id: number;
  publisherId: number;
  domain: string;
  kind: AdsTxtFileKind;
  file: GoodFile | null;
}

interface SiteRow {
  id: number;
  publisherId: number;
  domain: string;
  kind: AdsTxtFileKind;
  fileBody: string | null;
  fileUrl: string | null;
  fileFetchedAt: string | null;
}

const SITE_COLUMNS = `s.id, s.publisher_id AS "publisherId", s.domain, s.kind, s.file_body AS "fileBody", s.file_url AS "fileUrl",
       s.file_fetched_at AS "fileFetchedAt"`;

/** A site by id with its last good file, for a crawl outside the schedule ("Check now"). */
export async function siteForCrawl(db: Queryable, siteId: number): Promise<ClaimedSite | undefined> {
  const row = await db.one<SiteRow>(`SELECT ${SITE_COLUMNS} FROM ads_txt_sites s WHERE s.id = $1`, [siteId]);
  return row && claimed(row);
}

function claimed(row: SiteRow): ClaimedSite {
  const file = row.fileBody !== null && row.fileFetchedAt !== null ? { body: row.fileBody, url: row.fileUrl ?? '', fetchedAt: new Date(row.fileFetchedAt) } : null;
  return { id: row.id, publisherId: row.publisherId, domain: row.domain, kind: row.kind, file };
}

/**
 * Makes the watched sites follow the zones: adds new root domains, drops those no zone names any more (with the
 * subdomains they declared), and records which zones are on each site.
 */
export async function syncSites(db: Db, now: Date): Promise<void> {
  const sources = await db.query<{ publisherId: number; zoneId: number; host: string; kind: AdsTxtFileKind }>(
    `SELECT z.publisher_id AS "publisherId", z.tracking_id AS "zoneId", d.domain AS host, 'ads.txt' AS kind
       FROM zone_domains d JOIN zones z ON z.tracking_id = d.zone_id
      WHERE d.kind = 'web'
     UNION ALL
     SELECT z.publisher_id, z.tracking_id, z.developer_website, 'app-ads.txt' FROM zones z WHERE z.developer_website IS NOT NULL`,
  );
  const wanted = new Map<string, { publisherId: number; domain: string; kind: AdsTxtFileKind; zoneIds: Set<number> }>();
  for (const source of sources) {
    // Web zones keep their domains in wildcard form (*.example.com).
    const domain = rootDomain(source.host.replace(/^\*\./, ''));
    const key = `${source.publisherId}\n${domain}\n${source.kind}`;
    const site = wanted.get(key) ?? { publisherId: source.publisherId, domain, kind: source.kind, zoneIds: new Set<number>() };
    site.zoneIds.add(source.zoneId);
    wanted.set(key, site);
  }
  const sites = [...wanted.values()];
  await db.transaction(async (tx) => {
    // One sync at a time across instances: two rewriting the zones' links together could deadlock on PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SYNC_LOCK_KEY]);
    await tx.query(
      `INSERT INTO ads_txt_sites (publisher_id, domain, kind, next_crawl_at)
       SELECT p, d, k, $4 FROM unnest($1::int[], $2::text[], $3::text[]) AS w(p, d, k)
       ON CONFLICT (publisher_id, domain, kind) DO NOTHING`,
      [sites.map((s) => s.publisherId), sites.map((s) => s.domain), sites.map((s) => s.kind), now],
    );
    // A root site nobody names any more goes, and so do the subdomains it declared; their open alerts resolve.
    const gone = await tx.query<{ id: number }>(
      `SELECT s.id FROM ads_txt_sites s
        WHERE NOT EXISTS (SELECT 1 FROM unnest($1::int[], $2::text[], $3::text[]) AS w(publisher_id, domain, kind)
                           WHERE w.publisher_id = s.publisher_id AND w.domain = coalesce(s.declared_by, s.domain) AND w.kind = s.kind)
          FOR UPDATE`,
      [sites.map((s) => s.publisherId), sites.map((s) => s.domain), sites.map((s) => s.kind)],
    );
    if (gone.length > 0) {
      const ids = gone.map((row) => row.id);
      await resolveAlertsOfSites(tx, ids, now);
      await tx.query('DELETE FROM ads_txt_sites WHERE id = ANY($1::int[])', [ids]);
    }
    const links = sites.flatMap((s) => [...s.zoneIds].map((zoneId) => [s.publisherId, s.domain, s.kind, zoneId] as const));
    await tx.query('DELETE FROM ads_txt_site_zones');
    await tx.query(
      `INSERT INTO ads_txt_site_zones (site_id, zone_id)
       SELECT s.id, l.zone_id
         FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS l(publisher_id, domain, kind, zone_id)
         JOIN ads_txt_sites s ON s.publisher_id = l.publisher_id AND s.domain = l.domain AND s.kind = l.kind
       ON CONFLICT DO NOTHING`,
      [links.map((l) => l[0]), links.map((l) => l[1]), links.map((l) => l[2]), links.map((l) => l[3])],
    );
  });
}

/** Takes up to `limit` due sites for this crawl; another instance's claim is skipped, not waited for. */
export async function claimDueSites(db: Db, now: Date, limit = CLAIM_BATCH): Promise<ClaimedSite[]> {
  const rows = await db.query<SiteRow>(
    `UPDATE ads_txt_sites s SET claimed_until = $2
      WHERE s.id IN (SELECT id FROM ads_txt_sites
                      WHERE next_crawl_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
                      ORDER BY next_crawl_at, id
                      LIMIT $3
                        FOR UPDATE SKIP LOCKED)
      RETURNING ${SITE_COLUMNS}`,
    [now, new Date(now.getTime() + CLAIM_LEASE_MS), limit],
  );
  return rows.map(claimed);
}

/** The required lines of each publisher, read once per tick. */
export function requiredLinesCache(db: Queryable): (publisherId: number) => Promise<AdsTxtLine[]> {
  const cache = new Map<number, Promise<AdsTxtLine[]>>();
  return (publisherId) => {
    let lines = cache.get(publisherId);
    if (!lines) {
      lines = db
        .one<{ businessUnitId: number }>('SELECT business_unit_id AS "businessUnitId" FROM publishers WHERE id = $1', [publisherId])
        .then((row) => requiredAdsTxtLines(db, publisherId, row ? [row.businessUnitId] : []));
      cache.set(publisherId, lines);
    }
    return lines;
  };
}

/** The required lines a site lacks in this state: the judged file's missing and wrong ones, or all without a file. */
export function lackingLines(state: SiteState, required: readonly AdsTxtLine[]): string[] {
  if (state.judgement) return [...state.judgement.missing, ...state.judgement.wrong.map((line) => line.expected)];
  return required.map(renderAdsTxtLine);
}

/**
 * Stores a crawl's outcome and the subdomains a root ads.txt declares; releases the claim. A change of status or
 * of the lines the site lacks is kept in ads_txt_site_changes; a site that was all authorised and is no longer
 * raises an alert, one authorised again resolves its open one (alerts/adsTxtAlerts.ts), in the same transaction.
 */
export async function storeCrawl(db: Db, site: ClaimedSite, state: SiteState, now: Date, required: readonly AdsTxtLine[]): Promise<void> {
  const lacking = lackingLines(state, required);
  await db.transaction(async (tx) => {
    const before = await tx.one<{ status: string; lacking: string[] }>('SELECT status, lacking_lines AS lacking FROM ads_txt_sites WHERE id = $1 FOR UPDATE', [site.id]);
    if (!before) return;
    const lost = lacking.filter((line) => !before.lacking.includes(line));
    const regained = before.lacking.filter((line) => !lacking.includes(line));
    if (before.status !== state.status || lost.length > 0 || regained.length > 0) {
      const change = await tx.one<{ id: number }>(
        `INSERT INTO ads_txt_site_changes (site_id, at, status_before, status_after, lines_lost, lines_regained) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [site.id, now, before.status, state.status, lost, regained],
      );
      await raiseOrResolveAdsTxtAlert(tx, site, { id: change!.id, statusBefore: before.status, statusAfter: state.status, linesLost: lost }, now);
    }
    await tx.query('UPDATE ads_txt_sites SET lacking_lines = $2 WHERE id = $1', [site.id, lacking]);
    await tx.query(
      `UPDATE ads_txt_sites
          SET status = $2, failure = $3, fetched_url = $4, last_crawl_at = $5, next_crawl_at = $6, claimed_until = NULL,
              file_body = $7, file_url = $8, file_fetched_at = $9, owner_domain = $10
        WHERE id = $1`,
      [
        site.id,
        state.status,
        state.failure,
        state.url,
        now,
        state.nextCrawlAt,
        state.file?.body ?? null,
        state.file?.url ?? null,
        state.file?.fetchedAt ?? null,
        state.judgement?.variables.ownerDomain ?? null,
      ],
    );
    // SUBDOMAIN= counts in a root ads.txt only, and only for hosts under that root. A failing site keeps its list.
    const isRoot = site.kind === 'ads.txt' && rootDomain(site.domain) === site.domain;
    if (!isRoot || (state.judgement === null && state.status !== 'NO_FILE' && state.status !== 'NOT_TEXT')) return;
    const subdomains = (state.judgement?.variables.subdomains ?? []).filter((host) => host !== site.domain && rootDomain(host) === site.domain);
    await tx.query(
      `INSERT INTO ads_txt_sites (publisher_id, domain, kind, declared_by, next_crawl_at)
       SELECT $1, d, 'ads.txt', $2, $4 FROM unnest($3::text[]) AS d
       ON CONFLICT (publisher_id, domain, kind) DO NOTHING`,
      [site.publisherId, site.domain, subdomains, now],
    );
    await tx.query(`DELETE FROM ads_txt_sites WHERE publisher_id = $1 AND declared_by = $2 AND NOT (domain = ANY($3::text[]))`, [
      site.publisherId,
      site.domain,
      subdomains,
    ]);
  });
}

/** Crawls one site now and stores the outcome; answers its new state. */
export async function crawlSite(
  db: Db,
  fetcher: Fetcher,
  site: ClaimedSite,
  now: Date,
  required: (publisherId: number) => Promise<AdsTxtLine[]> = requiredLinesCache(db),
): Promise<SiteState> {
  const outcome = await crawlFile(fetcher, site.domain, site.kind, now);
  const lines = await required(site.publisherId);
  const state = afterCrawl(site.file, outcome, now, site.kind, lines);
  await storeCrawl(db, site, state, now, lines);
  return state;
}

/** One tick: sync, then claim and crawl due sites until none is left. Answers how many were crawled. */
export async function crawlDueSites(db: Db, fetcher: Fetcher, clock: () => Date = () => new Date()): Promise<number> {
  await syncSites(db, clock());
  const required = requiredLinesCache(db);
  let crawled = 0;
  for (;;) {
    const now = clock();
    const sites = await claimDueSites(db, now);
    if (sites.length === 0) return crawled;
    await Promise.all(sites.map((site) => crawlSite(db, fetcher, site, now, required)));
    crawled += sites.length;
  }
}

/** How often an instance looks for due sites. */
export const MONITOR_TICK_MS = 60_000;

/**
 * Crawls the due sites now and every minute until stopped (each instance; the claims share the work), then sends
 * the e-mails of the ads.txt alerts raised (alerts/adsTxtAlerts.ts).
 */
export function startAdsTxtMonitor(db: Db, fetcher: Fetcher, log: JobLog, mail: AdsTxtMailContext): () => Promise<void> {
  return startRepeating(
    'ads-txt-monitor',
    async () => {
      const crawled = await crawlDueSites(db, fetcher);
      const mails = crawled > 0 ? await sendAdsTxtAlertEmails(db, mail) : 0;
      if (crawled > 0) log.info(`ads.txt monitor: ${crawled} sites crawled, ${mails} alert e-mails`);
    },
    log,
    MONITOR_TICK_MS,
  );
}
