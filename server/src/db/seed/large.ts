// The large data set for benchmarks: 100,000+ zones over ~500 publishers, plus 'Atlas Network Large' (~10,000
// zones) shared with the demo user multi@publisher.example. It goes on top of the demo seed and leaves it intact.
//
// Speed matters (100k zones on PGlite in seconds), so only the text a person reads is made in JS, with the same
// generators as the demo (zone names, site domains, the shared normalisation rule); every number, flag, service
// and slot is derived in SQL from a hash of the zone id and inserted with INSERT ... SELECT in a few statements.
//
// Blocking (largeBlocking.ts): 500,000 global advertisers in all, report rows and long blocklists. History
// (largeHistory.ts): 1,000,000 change-history entries, a quarter of them the big publisher's. Revenue alerts
// (largeAlerts.ts): report rows for the ordinary publishers' first zones, drops in them and in the big publisher's,
// and the alerts the detection finds over every day the rows allow.
//
// Creatives (largeCreatives.ts): 200,000 with a year of daily rows, most of them Atlas Network Large's.
//
// Run directly (`npm run seed:large [-- --zones=N --publishers=N --big-zones=N --advertisers=N --history-entries=N --creatives=N]`) it opens the
// database the server would open (DATA_DIR or DATABASE_URL; a fresh one is migrated and demo-seeded first) and
// seeds it unless the large data is already there. Importing the module has no side effects.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isValidStoreUrl, normalizeWebDomain } from '../../../../src/lib/domains';
import { loadConfig } from '../../config';
import type { Queryable } from '../db';
import { openDatabase } from '../open';
import { DEMO } from './demo';
import { insertRows, syncSequence } from './insert';
import { seedLargeReports } from './largeReports';
import { REPORT_DAYS } from './reports';
import { mulberry32, randomInt, siteDomain, zoneName, type Rng } from './data/names';
import { seedLargeBlocking, type LargeBlockingOptions, type LargeBlockingResult } from './largeBlocking';
import { seedLargeHistory } from './largeHistory';
import { detectLargeAlerts, seedLargeAlertData } from './largeAlerts';
import { buildCreativeRollups, seedLargeCreatives, type LargeCreativesResult } from './largeCreatives';
import { BUSINESS_UNIT_IDS, FLEX_SLOT_SIZE_ID, PLATFORM_TYPE_IDS, PRODUCT_IDS } from './data/reference';

/** Fixed ids, far above the demo's, so benchmarks can name them and the demo can grow without collisions. */
export const LARGE = {
  bigPublisherId: 100_000,
  bigPublisherName: 'Atlas Network Large',
  /** Ordinary large publishers are firstPublisherId, firstPublisherId + 1, ...; each has one user of the same id. */
  firstPublisherId: 100_001,
  firstUserId: 100_001,
  /** Zones are numbered from here: the big publisher's first, then the others' in publisher order. */
  firstZoneId: 1_000_001,
} as const;

export const LARGE_DEFAULTS = { zones: 100_000, publishers: 500, bigPublisherZones: 10_000 } as const;

export interface LargeSeedOptions extends LargeBlockingOptions {
  /** Zones spread over the ordinary publishers (the big publisher's come on top). */
  zones?: number;
  publishers?: number;
  bigPublisherZones?: number;
  /** Zones of the big publisher with 180 days of report rows (default LARGE_REPORT_ZONES). */
  reportZones?: number;
  /** Change-history entries (default LARGE_HISTORY_DEFAULTS.entries), a quarter of them the big publisher's. */
  historyEntries?: number;
  /** Zones per ordinary publisher with the report rows the revenue alerts' job judges (default LARGE_ALERTS.zonesPerPublisher). */
  alertZonesPerPublisher?: number;
  /** Creatives of the ad review center with a year of daily rows (default LARGE_CREATIVES.count; largeCreatives.ts). */
  creatives?: number;
}

export interface LargeSeedResult {
  publishers: number;
  users: number;
  zones: number;
  bigPublisherZones: number;
  zoneDomains: number;
  zoneServices: number;
  slots: number;
  reportRows: number;
  /** The ordinary publishers' report rows (largeAlerts.ts). */
  alertReportRows: number;
  blocking: LargeBlockingResult;
  historyEntries: number;
  historyMs: number;
  creatives: LargeCreativesResult;
  ms: number;
}

const SEED = 0x1a_26e;
/** Rows per INSERT of the JS-made text columns: large enough to be few statements, small enough for one message. */
const CHUNK = 20_000;
const APP_ZONE_PERCENT = 8;

const PUBLISHER_BRANDS = [
  'Atlas', 'Harbor', 'Summit', 'Meadow', 'Copper', 'Lantern', 'Willow', 'Granite', 'Beacon', 'Orchard', 'Falcon',
  'Maple', 'Cobalt', 'Prairie', 'Juniper', 'Tidal', 'Ember', 'Quarry', 'Aspen', 'Marble', 'Kestrel', 'Saffron',
  'Driftwood', 'Thistle', 'Osprey', 'Fjord', 'Bramble', 'Cedar', 'Heron', 'Indigo', 'Lumen', 'Nimbus',
] as const;
const PUBLISHER_NOUNS = [
  'Media', 'Digital', 'Publishing', 'News Group', 'Network', 'Interactive', 'Press', 'Studios', 'Online', 'Daily',
  'Journal', 'Broadcasting', 'Magazines', 'Apps', 'Games', 'Post',
] as const;
const REGIONS = [BUSINESS_UNIT_IDS.US, BUSINESS_UNIT_IDS.UK, BUSINESS_UNIT_IDS.EU, BUSINESS_UNIT_IDS.CAN,
  BUSINESS_UNIT_IDS.AUS, BUSINESS_UNIT_IDS.JAP] as const;

/** Distinct for distinct i: brand x noun first, then the same pairs numbered. */
function publisherName(i: number): string {
  const pairs = PUBLISHER_BRANDS.length * PUBLISHER_NOUNS.length;
  const brand = PUBLISHER_BRANDS[i % PUBLISHER_BRANDS.length] ?? 'Atlas';
  const noun = PUBLISHER_NOUNS[Math.floor(i / PUBLISHER_BRANDS.length) % PUBLISHER_NOUNS.length] ?? 'Media';
  return i < pairs ? `${brand} ${noun}` : `${brand} ${noun} ${Math.floor(i / pairs) + 1}`;
}

/** Zone counts per publisher: a long tail (a few big, many small) that sums to `total`, at least 1 each. */
export function zoneCounts(total: number, publishers: number): number[] {
  const weights = Array.from({ length: publishers }, (_, k) => 1 / (k + 1) ** 0.9);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w / sum) * total)));
  let rest = total - counts.reduce((a, b) => a + b, 0);
  // Rounding leaves a remainder (or, with the minimum of 1, an excess): settle it from the front.
  for (let k = 0; rest !== 0; k = (k + 1) % publishers) {
    const count = counts[k] ?? 0;
    if (rest > 0) { counts[k] = count + 1; rest--; } else if (count > 1) { counts[k] = count - 1; rest++; }
  }
  return counts;
}

/** Stable per-zone pseudo-random number in [0, 2^31) from the zone id and a salt; one SQL expression. */
const h = (expression: string, salt: number) => `(hashint8((${expression})::bigint * 64 + ${salt}) & 2147483647)`;

interface ZoneText {
  ids: number[];
  publisherIds: number[];
  userIds: number[];
  names: string[];
  types: number[];
  domainZoneIds: number[];
  domains: string[];
  kinds: string[];
}

function storeUrl(rng: Rng, zoneId: number): string {
  const app = `news${zoneId.toString(36)}`;
  const url = [
    `https://apps.apple.com/us/app/${app}/id${1_400_000_000 + zoneId}`,
    `https://play.google.com/store/apps/details?id=com.example.${app}`,
    `https://www.amazon.com/dp/B0${zoneId.toString(36).toUpperCase().padStart(8, '0')}`,
  ][randomInt(rng, 0, 2)] ?? '';
  if (!isValidStoreUrl(url)) throw new Error(`large seed made an invalid store URL: ${url}`);
  return url;
}

/** Names, types and domains of one publisher's zones (the only per-zone values that are not hashes). */
function addPublisherZones(text: ZoneText, publisherId: number, userId: number, firstZoneId: number, count: number, domainIndex: { next: number }): void {
  const rng = mulberry32(SEED ^ publisherId);
  for (let local = 0; local < count; local++) {
    const id = firstZoneId + local;
    const app = randomInt(rng, 0, 99) < APP_ZONE_PERCENT;
    text.ids.push(id);
    text.publisherIds.push(publisherId);
    text.userIds.push(userId);
    text.names.push(zoneName(rng, local));
    text.types.push(app ? PLATFORM_TYPE_IDS.app : PLATFORM_TYPE_IDS.website);
    const domains = app ? [storeUrl(rng, id)] : Array.from({ length: randomInt(rng, 1, 3) }, () => {
      const normalized = normalizeWebDomain(siteDomain(rng, domainIndex.next++));
      if (!normalized.ok) throw new Error(`large seed made an invalid domain: ${normalized.input}`);
      return normalized.value;
    });
    for (const domain of domains) {
      text.domainZoneIds.push(id);
      text.domains.push(domain);
      text.kinds.push(app ? 'app' : 'web');
    }
  }
}

/** Slot count per zone: about a third without slots, apps fewer; the flex slot only on some web zones. */
const SLOT_COUNT_SQL = `CASE WHEN t.type_id = ${PLATFORM_TYPE_IDS.app} THEN ${h('t.id', 1)} % 4
  ELSE (ARRAY[0,0,0,1,1,2,2,2,3,3,4,5,6])[1 + ${h('t.id', 1)} % 13] END`;

async function insertZones(db: Queryable, text: ZoneText): Promise<void> {
  for (let start = 0; start < text.ids.length; start += CHUNK) {
    const end = start + CHUNK;
    await db.query(
      `INSERT INTO zones (tracking_id, publisher_id, user_id, name, enabled, type_id, vertical_id, zone_grade_id,
                          msa_start_date, number_of_slots, created_at)
       SELECT t.id, t.publisher_id, t.user_id, t.name, ${h('t.id', 2)} % 20 <> 0, t.type_id,
              CASE WHEN ${h('t.id', 3)} % 10 < 6 THEN 1 + ${h('t.id', 4)} % 12 END,
              CASE WHEN ${h('t.id', 5)} % 2 = 0 THEN 1 + ${h('t.id', 6)} % 3 END,
              CASE WHEN ${h('t.id', 7)} % 10 < 3 THEN date '2019-01-01' + ${h('t.id', 8)} % 2000 END,
              ${SLOT_COUNT_SQL},
              timestamptz '2018-01-01 00:00:00+00' + (${h('t.id', 9)} % 2900) * interval '1 day'
         FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[]) AS t(id, publisher_id, user_id, name, type_id)`,
      [text.ids.slice(start, end), text.publisherIds.slice(start, end), text.userIds.slice(start, end),
        text.names.slice(start, end), text.types.slice(start, end)],
    );
  }
  for (let start = 0; start < text.domains.length; start += CHUNK) {
    const end = start + CHUNK;
    await db.query(
      `INSERT INTO zone_domains (zone_id, domain, kind) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
      [text.domainZoneIds.slice(start, end), text.domains.slice(start, end), text.kinds.slice(start, end)],
    );
  }
}

/**
 * Services: in-slot exactly when the zone has slots; the others by share, app zones only those allowed for apps;
 * a zone with neither slots nor a drawn product gets the basic one (in-image on the web, video in apps).
 */
async function insertServices(db: Queryable): Promise<void> {
  const p = PRODUCT_IDS;
  await db.query(
    `INSERT INTO zone_services (zone_id, service_id, enabled, implementation_type_id)
     SELECT z.tracking_id, s.id, ${h('z.tracking_id', 20)} % 25 <> 0,
            CASE WHEN s.id = ${p.inSlot} THEN 1 + ${h('z.tracking_id', 21)} % 2 END
       FROM zones z JOIN services s ON s.allowed_for_apps OR z.type_id = ${PLATFORM_TYPE_IDS.website}
      WHERE z.tracking_id >= $1
        AND CASE s.id
              WHEN ${p.inSlot} THEN z.number_of_slots > 0
              WHEN ${p.inImage} THEN ${h('z.tracking_id', 22)} % 100 < 55 OR z.number_of_slots = 0
              WHEN ${p.inContent} THEN ${h('z.tracking_id', 23)} % 100 < 35
              WHEN ${p.inScreen} THEN ${h('z.tracking_id', 24)} % 100 < 20
              WHEN ${p.inVideo} THEN ${h('z.tracking_id', 25)} % 100 < 12
              WHEN ${p.video} THEN ${h('z.tracking_id', 26)} % 100 < 10 OR (z.type_id = ${PLATFORM_TYPE_IDS.app} AND z.number_of_slots = 0)
              ELSE false
            END`,
    [LARGE.firstZoneId],
  );
}

/**
 * number_of_slots real slot rows per zone, named by the console's rule (src/lib/slots.ts nameSlotRows): the
 * first slot of a size takes the size's base name, later ones '-1', '-2', ... in id order. Sizes lean to
 * 300x250; slot 1 of one web zone in ten is the flex size, so no zone has two.
 */
async function insertSlots(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO slots (zone_id, name, slot_size_id, implementation_type_id, placement_id, enabled)
     SELECT d.zone_id,
            regexp_replace(ss.name, '\\s+', '', 'g') || CASE WHEN d.repeat = 0 THEN '' ELSE '-' || d.repeat END,
            d.size_id, d.implementation_type_id, d.placement_id, d.enabled
       FROM (SELECT c.*, row_number() OVER (PARTITION BY c.zone_id, c.size_id ORDER BY c.k) - 1 AS repeat
               FROM (SELECT z.tracking_id AS zone_id, k,
                            CASE WHEN k = 1 AND z.type_id = ${PLATFORM_TYPE_IDS.website} AND ${h('z.tracking_id', 30)} % 10 = 0
                                 THEN ${FLEX_SLOT_SIZE_ID}
                                 ELSE (ARRAY[4,4,4,4,1,1,2,3,5,6,7,8])[1 + ${h('z.tracking_id * 8 + k', 31)} % 12] END AS size_id,
                            1 + ${h('z.tracking_id * 8 + k', 32)} % 4 AS implementation_type_id,
                            CASE WHEN ${h('z.tracking_id * 8 + k', 33)} % 3 = 0 THEN 1 + ${h('z.tracking_id * 8 + k', 34)} % 5 END AS placement_id,
                            ${h('z.tracking_id * 8 + k', 35)} % 30 <> 0 AS enabled
                       FROM zones z CROSS JOIN LATERAL generate_series(1, z.number_of_slots) AS k
                      WHERE z.tracking_id >= $1) c) d
       JOIN slot_sizes ss ON ss.id = d.size_id
      ORDER BY d.zone_id, d.k`,
    [LARGE.firstZoneId],
  );
}

async function countFrom(db: Queryable, sql: string): Promise<number> {
  const row = await db.one<{ n: number }>(sql, [LARGE.firstZoneId]);
  return row?.n ?? 0;
}

/** True when the large data set is already in the database. */
export async function hasLargeSeed(db: Queryable): Promise<boolean> {
  return (await db.one('SELECT 1 FROM publishers WHERE id = $1', [LARGE.bigPublisherId])) !== undefined;
}

/**
 * Seeds the large data set into a database that holds the demo seed. Not idempotent: check hasLargeSeed first.
 * Takes a Queryable, so the caller decides on the transaction (the script runs it in one).
 */
export async function seedLarge(db: Queryable, options: LargeSeedOptions = {}): Promise<LargeSeedResult> {
  const started = Date.now();
  const zones = options.zones ?? LARGE_DEFAULTS.zones;
  const publishers = options.publishers ?? LARGE_DEFAULTS.publishers;
  const bigZones = options.bigPublisherZones ?? LARGE_DEFAULTS.bigPublisherZones;
  if (!Number.isInteger(publishers) || publishers < 1 || !Number.isInteger(zones) || zones < publishers || !Number.isInteger(bigZones) || bigZones < 0) {
    throw new RangeError(`seedLarge needs integer publishers >= 1, zones >= publishers and bigPublisherZones >= 0 (got ${publishers}, ${zones}, ${bigZones})`);
  }
  const multi = await db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [DEMO.users.multi]);
  if (!multi) throw new Error('seedLarge runs on top of the demo seed, and the demo user multi is missing');

  // Every large publisher's user signs in with the demo password: the hash is copied, not recomputed.
  const publisherRows: unknown[][] = [[LARGE.bigPublisherId, LARGE.bigPublisherName, BUSINESS_UNIT_IDS.US, '2020-02-03T09:00:00.000Z']];
  const userRows: unknown[][] = [];
  const links: unknown[][] = [[DEMO.users.multi, LARGE.bigPublisherId]];
  for (let k = 0; k < publishers; k++) {
    const id = LARGE.firstPublisherId + k;
    const userId = LARGE.firstUserId + k;
    const created = new Date(Date.UTC(2017, 0, 1) + ((k * 7919) % 2900) * 86_400_000).toISOString();
    publisherRows.push([id, publisherName(k), REGIONS[k % REGIONS.length], created]);
    userRows.push([userId, `publisher-${id}@large.example`, `${publisherName(k)} Admin`, multi.password_hash]);
    links.push([userId, id]);
  }
  await insertRows(db, 'publishers', ['id', 'name', 'business_unit_id', 'created_at'], publisherRows);
  await insertRows(db, 'users', ['id', 'email', 'name', 'password_hash'], userRows);
  await insertRows(db, 'user_publishers', ['user_id', 'publisher_id'], links);

  const text: ZoneText = { ids: [], publisherIds: [], userIds: [], names: [], types: [], domainZoneIds: [], domains: [], kinds: [] };
  const domainIndex = { next: 0 };
  addPublisherZones(text, LARGE.bigPublisherId, DEMO.users.multi, LARGE.firstZoneId, bigZones, domainIndex);
  let nextZoneId = LARGE.firstZoneId + bigZones;
  zoneCounts(zones, publishers).forEach((count, k) => {
    addPublisherZones(text, LARGE.firstPublisherId + k, LARGE.firstUserId + k, nextZoneId, count, domainIndex);
    nextZoneId += count;
  });
  await insertZones(db, text);
  await insertServices(db);
  await insertSlots(db);
  const reportPairs = await seedLargeReports(db, LARGE.bigPublisherId, new Date(), options.reportZones);
  const alertReportRows = await seedLargeAlertData(
    db,
    { bigPublisherId: LARGE.bigPublisherId, firstPublisherId: LARGE.firstPublisherId, zonesPerPublisher: options.alertZonesPerPublisher },
    new Date(),
  );
  for (const table of ['publishers', 'users']) await syncSequence(db, table);
  await syncSequence(db, 'zones', 'tracking_id');
  const blocking = await seedLargeBlocking(db, { bigPublisherId: LARGE.bigPublisherId, benchPublisherId: LARGE.firstPublisherId }, options);
  await syncSequence(db, 'restrictions');
  const historyStarted = Date.now();
  const historyEntries = await seedLargeHistory(
    db,
    {
      bigPublisherId: LARGE.bigPublisherId,
      firstZoneId: LARGE.firstZoneId,
      bigZones,
      ordinaryZones: text.ids.length - bigZones,
      firstPublisherId: LARGE.firstPublisherId,
      firstUserId: LARGE.firstUserId,
    },
    options.historyEntries,
  );
  const historyMs = Date.now() - historyStarted;
  const creatives = await seedLargeCreatives(
    db,
    { bigPublisherId: LARGE.bigPublisherId, firstZoneId: LARGE.firstZoneId, bigZones, ordinaryZones: text.ids.length - bigZones },
    new Date(),
    options.creatives,
  );

  return {
    publishers: publishers + 1,
    users: publishers,
    zones: text.ids.length,
    bigPublisherZones: bigZones,
    zoneDomains: text.domains.length,
    zoneServices: await countFrom(db, 'SELECT count(*)::int AS n FROM zone_services WHERE zone_id >= $1'),
    slots: await countFrom(db, 'SELECT count(*)::int AS n FROM slots WHERE zone_id >= $1'),
    reportRows: reportPairs * REPORT_DAYS,
    alertReportRows,
    blocking,
    historyEntries,
    historyMs,
    creatives,
    ms: Date.now() - started,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      zones: { type: 'string' },
      publishers: { type: 'string' },
      'big-zones': { type: 'string' },
      advertisers: { type: 'string' },
      'history-entries': { type: 'string' },
      creatives: { type: 'string' },
    },
  });
  const number = (raw: string | undefined) => (raw === undefined ? undefined : Number(raw));
  const config = loadConfig();
  const opened = Date.now();
  const db = await openDatabase(config, (message) => console.log(message));
  // openDatabase logs above when it migrated or demo-seeded a fresh database.
  console.log(`Opened ${config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}`} in ${Date.now() - opened} ms`);
  try {
    if (await hasLargeSeed(db)) {
      const row = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM zones');
      console.log(`The large seed is already present (${row?.n ?? 0} zones in total); nothing to do.`);
      return;
    }
    const result = await db.transaction((tx) =>
      seedLarge(tx, {
        zones: number(values.zones),
        publishers: number(values.publishers),
        bigPublisherZones: number(values['big-zones']),
        advertisers: number(values.advertisers),
        historyEntries: number(values['history-entries']),
        creatives: number(values.creatives),
      }),
    );
    console.log(`Seeded the large data in ${result.ms} ms: ${result.publishers} publishers (incl. '${LARGE.bigPublisherName}' #${LARGE.bigPublisherId}` +
      ` with ${result.bigPublisherZones} zones), ${result.users} users, ${result.zones} zones, ${result.zoneDomains} zone domains,` +
      ` ${result.zoneServices} zone services, ${result.slots} slots, ${result.reportRows} report rows` +
      ` (and ${result.alertReportRows} of the ordinary publishers);` +
      ` ${result.blocking.advertisers} more advertisers with ${result.blocking.reportRows} report rows, ${result.blocking.blocks} blocks,` +
      ` ${result.historyEntries} history entries (${result.historyMs} ms),` +
      ` ${result.creatives.creatives} creatives with ${result.creatives.dailyRows} daily rows (${result.creatives.ms} ms)`);
    // The ad review list's rollups as of yesterday (migration 0022), so the first visitor of the day does not
    // build them: every publisher with creatives, each period.
    const rolled = Date.now();
    const built = await db.transaction((tx) => buildCreativeRollups(tx, new Date()));
    console.log(`Creative list rollups of ${built.publishers} publishers (${built.rows} rows) in ${Date.now() - rolled} ms`);
    // PGlite never vacuums or analyses by itself: without statistics and a visibility map the planner cannot
    // use index-only scans, and the zones list is several times slower on the freshly seeded data.
    const analysed = Date.now();
    await db.exec('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE in ${Date.now() - analysed} ms`);
    // The alerts of every judged day (the daily job looks at the last 14 only): months of them for the alerts page.
    const detected = Date.now();
    const alerts = await detectLargeAlerts(db, new Date());
    console.log(`Revenue alerts over the ${alerts.publishers} publishers and ${alerts.zones} zones with report rows: ${alerts.raised} raised in ${Date.now() - detected} ms`);
  } finally {
    await db.close();
  }
}

function runDirectly(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (runDirectly()) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
