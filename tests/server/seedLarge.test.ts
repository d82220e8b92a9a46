// The benchmark seed at a small size, on copies of the suite's demo-seeded template (seeding the demo afresh for
// each of three databases cost more than the rest of the file): counts, the zone invariants, determinism, and that
// the demo stays intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { openPglite, type Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { DEMO } from '../../server/src/db/seed/demo';
import { LARGE, hasLargeSeed, seedLarge, zoneCounts, type LargeSeedResult } from '../../server/src/db/seed/large';
import { LARGE_BLOCKING } from '../../server/src/db/seed/largeBlocking';
import { LARGE_ALERTS, detectLargeAlerts } from '../../server/src/db/seed/largeAlerts';
import { LARGE_CREATIVES } from '../../server/src/db/seed/largeCreatives';
import { cloneDatabase, testConfig } from '../support/serverHarness';
import { isValidAdvertiserDomain } from '../../src/lib/advertiserDomains';
import { signIn } from '../../server/src/auth/sessions';
import {
  appZonesWithWebServices,
  duplicateZoneNames,
  invalidZoneDomains,
  misnamedSlots,
  slotCountMismatches,
  zonesWithSeveralFlexSlots,
} from '../support/seedInvariants';

const SIZE = {
  zones: 500,
  publishers: 20,
  bigPublisherZones: 150,
  reportZones: 6,
  advertisers: 6000,
  bigPublisherBlocks: 400,
  benchPublisherDomains: 100,
  historyEntries: 4000,
  creatives: 3000,
};

let db: Db;
let result: LargeSeedResult;
let demoCounts: { users: number; publishers: number; zones: number };

async function countDemo(target: Db) {
  const row = await target.one<{ users: number; publishers: number; zones: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE id < $1) AS users,
            (SELECT count(*)::int FROM publishers WHERE id < $2) AS publishers,
            (SELECT count(*)::int FROM zones WHERE tracking_id < $3) AS zones`,
    [LARGE.firstUserId, LARGE.bigPublisherId, LARGE.firstZoneId],
  );
  return row!;
}

beforeAll(async () => {
  db = await cloneDatabase();
  demoCounts = await countDemo(db);
  expect(await hasLargeSeed(db)).toBe(false);
  result = await db.transaction((tx) => seedLarge(tx, SIZE));
});
afterAll(() => db.close());

describe('seedLarge', () => {
  it('adds the requested zones over the requested publishers, plus the big shared publisher', async () => {
    expect(result).toMatchObject({ zones: SIZE.zones + SIZE.bigPublisherZones, publishers: SIZE.publishers + 1, users: SIZE.publishers });
    const perPublisher = await db.query<{ publisher_id: number; zones: number }>(
      'SELECT publisher_id, count(*)::int AS zones FROM zones WHERE tracking_id >= $1 GROUP BY publisher_id ORDER BY publisher_id',
      [LARGE.firstZoneId],
    );
    expect(perPublisher).toHaveLength(SIZE.publishers + 1);
    expect(perPublisher[0]).toEqual({ publisher_id: LARGE.bigPublisherId, zones: SIZE.bigPublisherZones });
    expect(perPublisher.slice(1).map((p) => p.zones)).toEqual(zoneCounts(SIZE.zones, SIZE.publishers));
    expect(await hasLargeSeed(db)).toBe(true);
  });

  it('gives the big publisher 180 days of report rows on its own zones, rolled up per publisher, zone and advertiser', async () => {
    const rows = await db.one<{ rows: number; zones: number; days: number; foreign: number; rollup: number; daily: number; raw: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT r.zone_id)::int AS zones, count(DISTINCT r.day)::int AS days,
              count(*) FILTER (WHERE z.publisher_id <> r.publisher_id)::int AS foreign,
              (SELECT sum(revenue)::float8 FROM report_zone_daily WHERE publisher_id = $1) AS rollup,
              (SELECT sum(revenue)::float8 FROM report_publisher_daily WHERE publisher_id = $1) AS daily, sum(r.revenue)::float8 AS raw
         FROM report_daily r JOIN zones z ON z.tracking_id = r.zone_id WHERE r.publisher_id = $1`,
      [LARGE.bigPublisherId],
    );
    // The blocking part adds 35 days on the first LARGE_BLOCKING.reportZones zones for other advertisers.
    expect(rows).toMatchObject({ rows: result.reportRows + result.blocking.reportRows, days: 180, foreign: 0 });
    expect(rows!.zones).toBeGreaterThanOrEqual(Math.max(SIZE.reportZones, LARGE_BLOCKING.reportZones));
    expect(rows!.rollup).toBeCloseTo(rows!.raw, 4);
    expect(rows!.daily).toBeCloseTo(rows!.raw, 4);
  });

  it('gives the ordinary publishers the report rows the alerts job judges, with drops it finds in them and in the big publisher', async () => {
    const rows = await db.one<{ rows: number; publishers: number; days: number; maxZones: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT publisher_id)::int AS publishers, count(DISTINCT day)::int AS days,
              (SELECT max(n)::int FROM (SELECT count(DISTINCT zone_id) AS n FROM report_daily WHERE publisher_id >= $1 GROUP BY publisher_id) p) AS "maxZones"
         FROM report_daily WHERE publisher_id >= $1`,
      [LARGE.firstPublisherId],
    );
    expect(rows).toMatchObject({ rows: result.alertReportRows, publishers: SIZE.publishers, days: LARGE_ALERTS.days, maxZones: LARGE_ALERTS.zonesPerPublisher });
    const found = await detectLargeAlerts(db, new Date());
    expect(found.raised).toBeGreaterThan(0);
    const alerts = await db.one<{ ordinaryZones: number; bigZones: number; bigDays: number }>(
      `SELECT count(*) FILTER (WHERE publisher_id >= $1 AND zone_id IS NOT NULL)::int AS "ordinaryZones",
              count(*) FILTER (WHERE publisher_id = $2 AND zone_id IS NOT NULL)::int AS "bigZones",
              count(DISTINCT day) FILTER (WHERE publisher_id = $2)::int AS "bigDays"
         FROM revenue_alerts`,
      [LARGE.firstPublisherId, LARGE.bigPublisherId],
    );
    // About one zone in ten of the ordinary publishers falls in the last fortnight; the big publisher's over months.
    expect(alerts!.ordinaryZones).toBeGreaterThan(SIZE.publishers);
    expect(alerts!.bigZones).toBeGreaterThan(0);
    expect(alerts!.bigDays).toBeGreaterThan(1);
    expect((await detectLargeAlerts(db, new Date())).raised).toBe(0);
  });

  it('spreads zones unevenly, as real publishers are, without leaving any publisher empty', () => {
    const counts = zoneCounts(100_000, 500);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    expect(counts[0]).toBeGreaterThan(20 * (counts[499] ?? 0));
  });

  it('keeps number_of_slots equal to the real slot rows, with at most one flex slot and console-style names', async () => {
    expect(result.slots).toBeGreaterThan(result.zones);
    expect(await slotCountMismatches(db)).toEqual([]);
    expect(await zonesWithSeveralFlexSlots(db)).toEqual([]);
    expect(await misnamedSlots(db, LARGE.firstZoneId)).toEqual([]);
    const flexZones = await db.one<{ n: number }>(
      'SELECT count(DISTINCT zone_id)::int AS n FROM slots WHERE slot_size_id = 9 AND zone_id >= $1',
      [LARGE.firstZoneId],
    );
    expect(flexZones?.n).toBeGreaterThan(0);
  });

  it('stores web domains normalised and app-store URLs valid, with app zones only on app services', async () => {
    expect(result.zoneDomains).toBeGreaterThanOrEqual(result.zones);
    expect(await invalidZoneDomains(db, LARGE.firstZoneId)).toEqual([]);
    expect(await appZonesWithWebServices(db, LARGE.firstZoneId)).toEqual([]);
    expect(await duplicateZoneNames(db)).toEqual([]);
  });

  it('enables in-slot exactly on the zones with slots, and gives every zone a product', async () => {
    const wrong = await db.query(
      `SELECT z.tracking_id FROM zones z
        WHERE z.tracking_id >= $1
          AND ((z.number_of_slots > 0) <> EXISTS (SELECT 1 FROM zone_services zs WHERE zs.zone_id = z.tracking_id AND zs.service_id = 13)
               OR NOT EXISTS (SELECT 1 FROM zone_services zs WHERE zs.zone_id = z.tracking_id))`,
      [LARGE.firstZoneId],
    );
    expect(wrong).toEqual([]);
  });

  it('grows the global advertisers to the requested count, with unique names and domains and an IAB category each', async () => {
    const row = await db.one<{ all: number; large: number; names: number; domains: number; uncategorised: number }>(
      `SELECT (SELECT count(*)::int FROM advertisers) AS all,
              count(*)::int AS large, count(DISTINCT name)::int AS names, count(DISTINCT domain)::int AS domains,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM iab_categories c WHERE c.id = a.iab_sub_category_id AND c.parent_id = a.iab_category_id))::int AS uncategorised
         FROM advertisers a WHERE a.id >= $1`,
      [LARGE_BLOCKING.firstAdvertiserId],
    );
    expect(row).toEqual({ all: SIZE.advertisers, large: result.blocking.advertisers, names: result.blocking.advertisers, domains: result.blocking.advertisers, uncategorised: 0 });
    const sample = await db.query<{ domain: string }>('SELECT domain FROM advertisers WHERE id >= $1 LIMIT 200', [LARGE_BLOCKING.firstAdvertiserId]);
    expect(sample.filter((a) => !isValidAdvertiserDomain(a.domain))).toEqual([]);
  });

  it('gives the big publisher 35 days of report rows, long blocklists, and never reports an advertiser it blocks', async () => {
    expect(result.blocking.reportRows).toBeGreaterThan(0);
    const blocks = await db.query<{ publisher_id: number; type: string; n: number }>(
      `SELECT publisher_id, restriction_type AS type, count(*)::int AS n FROM restrictions WHERE publisher_id >= $1
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [LARGE.bigPublisherId],
    );
    expect(blocks).toEqual([
      { publisher_id: LARGE.bigPublisherId, type: 'advertiser', n: SIZE.bigPublisherBlocks },
      { publisher_id: LARGE.bigPublisherId, type: 'advertiser_domain', n: SIZE.bigPublisherBlocks },
      { publisher_id: LARGE.firstPublisherId, type: 'advertiser_domain', n: SIZE.benchPublisherDomains },
    ]);
    const reported = await db.query(
      `SELECT 1 FROM report_daily r JOIN advertisers a ON a.id = r.advertiser_id
        WHERE r.publisher_id = $1 AND EXISTS (SELECT 1 FROM restrictions b WHERE b.publisher_id = $1
          AND ((b.restriction_type = 'advertiser' AND b.value = a.id::text) OR (b.restriction_type = 'advertiser_domain' AND b.value = '*.' || a.domain)))
        LIMIT 1`,
      [LARGE.bigPublisherId],
    );
    expect(reported).toEqual([]);
  });

  it('adds history entries, a quarter for the big publisher, ranked as the server ranks them and listed with exact totals', async () => {
    expect(result.historyEntries).toBe(SIZE.historyEntries);
    const shares = await db.one<{ all: number; big: number; badRanks: number; authors: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE publisher_id = $1)::int AS big,
              count(*) FILTER (WHERE publisher_rank <> p OR kind_rank <> k OR author_rank <> a OR zone_rank IS DISTINCT FROM z)::int AS "badRanks",
              count(DISTINCT author_id) FILTER (WHERE publisher_id = $1)::int AS authors
         FROM (SELECT h.*, row_number() OVER (PARTITION BY publisher_id ORDER BY at, id) AS p,
                      row_number() OVER (PARTITION BY publisher_id, kind ORDER BY at, id) AS k,
                      row_number() OVER (PARTITION BY publisher_id, author_id ORDER BY at, id) AS a,
                      CASE WHEN zone_id IS NOT NULL THEN row_number() OVER (PARTITION BY zone_id ORDER BY at, id) END AS z
                 FROM history h WHERE publisher_id >= $1) ranked`,
      [LARGE.bigPublisherId],
    );
    expect(shares).toEqual({ all: SIZE.historyEntries, big: SIZE.historyEntries / 4, badRanks: 0, authors: 2 });
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await app.ready();
    try {
      const token = await signIn(db, app.services.tokens, { id: DEMO.users.staff, email: 'staff@adnetwork.example', name: 'Sam Staff', enabled: true, roles: [], isInternal: true }, { userAgent: 'bench', address: '127.0.0.1' });
      const page = async (query: string) =>
        (await app.inject({ method: 'GET', url: `/external/publishers/${LARGE.bigPublisherId}/history?${query}`, headers: { 'x-app': 'PC', authorization: `Bearer ${token}` } })).json();
      expect((await page('size=5')).totalElements).toBe(SIZE.historyEntries / 4);
      const blocks = await db.one<{ n: number }>("SELECT count(*)::int AS n FROM history WHERE publisher_id = $1 AND kind = 'BLOCKS'", [LARGE.bigPublisherId]);
      expect((await page('kind=BLOCKS')).totalElements).toBe(blocks!.n);
    } finally {
      await app.close();
    }
  });

  it('adds creatives living days to weeks on a few of their own publisher\'s zones, most of them the big publisher\'s', async () => {
    expect(result.creatives).toMatchObject({ creatives: SIZE.creatives, dailyRows: expect.any(Number) });
    const shape = await db.one<{
      creatives: number; big: number; publishers: number; advertisers: number; sharedAdvertisers: number; sensitive: number;
      medianDays: number; maxDays: number; lateLast: number; maxZones: number; foreignZones: number; wrongDays: number; oldest: number; rows: number;
    }>(
      `WITH c AS (SELECT c.*, (SELECT count(DISTINCT d.zone_id) FROM creative_daily d WHERE d.creative_id = c.id)::int AS zones,
                         (c.last_seen_at::date - c.first_seen_at::date + 1) AS days
                    FROM creatives c WHERE c.id >= $2)
       SELECT count(*)::int AS creatives, count(*) FILTER (WHERE publisher_id = $1)::int AS big,
              count(DISTINCT publisher_id)::int AS publishers, count(DISTINCT advertiser_id)::int AS advertisers,
              (SELECT count(*)::int FROM (SELECT advertiser_id FROM c GROUP BY 1 HAVING count(*) >= 5) s) AS "sharedAdvertisers",
              count(*) FILTER (WHERE iab_categories && ARRAY['IAB8-5', 'IAB9-9', 'IAB11-4', 'IAB8-18'])::int AS sensitive,
              percentile_disc(0.5) WITHIN GROUP (ORDER BY days)::int AS "medianDays", max(days)::int AS "maxDays",
              count(*) FILTER (WHERE last_seen_at >= current_date)::int AS "lateLast", max(zones)::int AS "maxZones",
              (SELECT count(*)::int FROM creative_daily d JOIN zones z ON z.tracking_id = d.zone_id JOIN creatives k ON k.id = d.creative_id
                WHERE d.creative_id >= $2 AND (z.publisher_id <> k.publisher_id OR d.publisher_id <> k.publisher_id)) AS "foreignZones",
              (SELECT count(*)::int FROM creative_daily d JOIN creatives k ON k.id = d.creative_id
                WHERE d.creative_id >= $2 AND d.day NOT BETWEEN k.first_seen_at::date AND k.last_seen_at::date) AS "wrongDays",
              min(first_seen_at::date - current_date)::int AS oldest,
              (SELECT count(*)::int FROM creative_daily WHERE creative_id >= $2) AS rows
         FROM c`,
      [LARGE.bigPublisherId, LARGE_CREATIVES.firstId],
    );
    const s = shape!;
    expect(s.creatives).toBe(SIZE.creatives);
    expect(s.rows).toBe(result.creatives.dailyRows);
    // Most on the big publisher, the rest spread over the ordinary ones.
    expect(s.big / s.creatives).toBeGreaterThan(0.5);
    expect(s.big / s.creatives).toBeLessThan(0.7);
    expect(s.publishers).toBeGreaterThan(SIZE.publishers / 2);
    // Days to weeks, not a year each; over the whole year; never today or later.
    expect(s.medianDays).toBeLessThanOrEqual(14);
    expect(s.maxDays).toBeLessThanOrEqual(90);
    expect(s.oldest).toBeLessThan(-300);
    expect(s.lateLast).toBe(0);
    expect(s.maxZones).toBeLessThanOrEqual(3);
    expect(s.foreignZones).toBe(0);
    expect(s.wrongDays).toBe(0);
    // Some advertisers with several creatives, a few creatives in sensitive categories.
    expect(s.sharedAdvertisers).toBeGreaterThan(10);
    expect(s.sensitive).toBeGreaterThan(0);
    expect(s.sensitive / s.creatives).toBeLessThan(0.1);
  });

  it('leaves the demo data as it was and gives the big publisher to the demo user multi', async () => {
    expect(await countDemo(db)).toEqual(demoCounts);
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await app.ready();
    try {
      const user = await db.one<{ id: number; email: string; name: string; enabled: boolean; roles: string[]; is_internal: boolean }>(
        'SELECT id, email, name, enabled, roles, is_internal FROM users WHERE id = $1',
        [DEMO.users.multi],
      );
      const token = await signIn(db, app.services.tokens, { ...user!, isInternal: user!.is_internal }, { userAgent: 'bench', address: '127.0.0.1' });
      const res = await app.inject({
        method: 'GET',
        url: '/external/publishers/simple-search',
        headers: { 'x-app': 'PC', authorization: `Bearer ${token}` },
      });
      expect(res.json().map((p: { name: string }) => p.name)).toEqual([LARGE.bigPublisherName, 'Atlas News', 'Premium Classic', 'Sakura Press']);
    } finally {
      await app.close();
    }
  });

  it('is deterministic: the same options give the same zones, domains and slots', async () => {
    const small = { zones: 120, publishers: 6, bigPublisherZones: 50, reportZones: 2, advertisers: 3500, bigPublisherBlocks: 50, benchPublisherDomains: 20, historyEntries: 200, creatives: 200 };
    const digest = (target: Db) =>
      target.one<{ d: string }>(
        `SELECT md5(string_agg(z.tracking_id || z.name || z.number_of_slots || coalesce(z.vertical_id, 0)
                || (SELECT coalesce(string_agg(domain, ',' ORDER BY domain), '') FROM zone_domains d WHERE d.zone_id = z.tracking_id)
                || (SELECT coalesce(string_agg(name, ',' ORDER BY id), '') FROM slots s WHERE s.zone_id = z.tracking_id),
                '|' ORDER BY z.tracking_id)) AS d
           FROM zones z WHERE z.tracking_id >= $1`,
        [LARGE.firstZoneId],
      );
    const [a, b] = await Promise.all([cloneDatabase(), cloneDatabase()]);
    try {
      await seedLarge(a, small);
      await seedLarge(b, small);
      expect((await digest(a))?.d).toBe((await digest(b))?.d);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses sizes it cannot honour and a database without the demo seed', async () => {
    await expect(seedLarge(db, { zones: 3, publishers: 5 })).rejects.toThrow(RangeError);
    const empty = await openPglite();
    try {
      await migrate(empty);
      await expect(seedLarge(empty, { zones: 10, publishers: 1 })).rejects.toThrow(/demo/);
    } finally {
      await empty.close();
    }
  });
});
