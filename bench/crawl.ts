// The ads.txt monitor's crawl at scale (npm run bench:crawl): N sites (10,000 by default) served by one local
// fixture server on loopback, mapped through CRAWL_HOSTS as a development run maps them, crawled by the real path:
// zones' domains synced into the schedule, due sites claimed in the database (FOR UPDATE SKIP LOCKED), fetched by
// the guarded fetcher at the configured concurrency (one request at a time per host), judged against the
// publisher's required lines, stored.
//
//   npm run bench:crawl                                  # 10,000 sites, concurrency 8 (CRAWL_CONCURRENCY's default)
//   npm run bench:crawl -- --sites 500 --concurrency 32
//
// The database is an in-memory PGlite with the demo seed (one publisher gets every zone). The sites answer a ~60-line
// ads.txt (the network's lines among others'); one in ten answers 404 and one in twenty 503, so every branch runs.
// Reported: sites per second over the whole crawl, the sync's and the crawl's durations, peak RSS and heap (sampled
// every 50 ms), and the statuses stored. Results: stdout and bench/results/crawl.json (gitignored).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../server/src/db/db';
import { migrate } from '../server/src/db/migrate';
import { seedDemoIfEmpty, DEMO } from '../server/src/db/seed/demo';
import { createFetcher } from '../server/src/crawl/fetcher';
import { claimDueSites, crawlSite, requiredLinesCache, syncSites } from '../server/src/crawl/monitor';
import { requiredAdsTxtLines } from '../server/src/routes/account/account';
import { renderAdsTxt } from '../src/lib/adsTxt';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
  },
});
const SITES = Number(values.sites);
const CONCURRENCY = Number(values.concurrency);
if (!Number.isInteger(SITES) || SITES < 1 || !Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) throw new Error('--sites and --concurrency take positive integers');

const domainOf = (index: number) => `bench-site-${index}.com`;

async function main(): Promise<void> {
  const db = await openPglite();
  await migrate(db);
  await seedDemoIfEmpty(db, { passwordHashing: 'unsafe-fast-for-tests' });
  const publisherId = DEMO.publishers.soloMedia;
  const businessUnit = (await db.one<{ id: number }>('SELECT business_unit_id AS id FROM publishers WHERE id = $1', [publisherId]))!.id;
  const required = await requiredAdsTxtLines(db, publisherId, [businessUnit]);
  const others = Array.from({ length: 55 }, (_, i) => `ssp-${i}.example, ${10_000 + i}, ${i % 3 ? 'RESELLER' : 'DIRECT'}`).join('\n');
  const body = `# ads.txt\n${others}\n${renderAdsTxt(required)}\nCONTACT=ads@site.example\n`;

  // Only the benchmark's sites are watched.
  await db.query('DELETE FROM zone_domains');
  const zone = (await db.one<{ id: number }>(
    `INSERT INTO zones (publisher_id, user_id, name, type_id) VALUES ($1, $2, 'Bench', 1) RETURNING tracking_id AS id`,
    [publisherId, DEMO.users.staff],
  ))!.id;
  const domains = Array.from({ length: SITES }, (_, i) => domainOf(i));
  await db.query(`INSERT INTO zone_domains (zone_id, domain, kind) SELECT $1, '*.' || d, 'web' FROM unnest($2::text[]) AS d`, [zone, domains]);

  const server = http.createServer((req, res) => {
    const index = Number(/bench-site-(\d+)/.exec(req.headers.host ?? '')?.[1] ?? -1);
    if (index % 10 === 9) res.writeHead(404).end();
    else if (index % 20 === 4) res.writeHead(503).end();
    else res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=172800' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const hosts = new Map(domains.map((domain) => [domain, { host: '127.0.0.1', port }]));
  const fetcher = createFetcher({ hosts, userAgent: 'PublisherPortal-AdsTxtCrawler/1.0 (+bench)', concurrency: CONCURRENCY });

  const peak = { rss: 0, heap: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heap = Math.max(peak.heap, usage.heapUsed);
  };
  const sampler = setInterval(sample, 50);

  const started = performance.now();
  const now = new Date();
  await syncSites(db, now);
  const synced = performance.now();
  const lines = requiredLinesCache(db);
  let crawled = 0;
  for (;;) {
    const batch = await claimDueSites(db, now);
    if (batch.length === 0) break;
    await Promise.all(batch.map((site) => crawlSite(db, fetcher, site, now, lines)));
    crawled += batch.length;
  }
  const finished = performance.now();
  clearInterval(sampler);
  sample();

  const statuses = Object.fromEntries(
    (await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM ads_txt_sites GROUP BY status ORDER BY status')).map((r) => [r.status, r.n]),
  );
  const result = {
    sites: SITES,
    crawled,
    concurrency: CONCURRENCY,
    syncMs: Math.round(synced - started),
    crawlMs: Math.round(finished - synced),
    sitesPerSecond: Math.round((crawled / (finished - started)) * 1000 * 10) / 10,
    peakRssMiB: Math.round(peak.rss / 1048576),
    peakHeapMiB: Math.round(peak.heap / 1048576),
    statuses,
    node: process.version,
    at: new Date().toISOString(),
  };
  console.table([{ sites: result.sites, concurrency: result.concurrency, 'sites/s': result.sitesPerSecond, 'sync ms': result.syncMs, 'crawl ms': result.crawlMs, 'peak RSS MiB': result.peakRssMiB, 'peak heap MiB': result.peakHeapMiB }]);
  console.log('statuses', statuses);
  const dir = path.join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'crawl.json'), `${JSON.stringify(result, null, 2)}\n`);
  server.close();
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
