// The demo seed as callers see it: the sizes and flags the screens rely on (through the API), the fixed DEMO ids,
// and the rules every seeded row must keep (through SQL, over the whole data set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed/demo';
import { planDemoZones } from '../../server/src/db/seed/demoZones';
import { LEDGER_MONTHS } from '../../server/src/db/seed/payments';
import { REPORT_DAYS, REPORT_PROFILES } from '../../server/src/db/seed/reports';
import { requiredAdsTxtLines } from '../../server/src/routes/account/account';
import { renderAdsTxt, renderAdsTxtLine, type AdsTxtLine } from '../../src/lib/adsTxt';
import { checkAdsTxt } from '../../src/lib/adsTxtCheck';
import { isValidAdvertiserDomain } from '../../src/lib/advertiserDomains';
import { validateBlockedUrl } from '../../src/lib/blockedUrls';
import { appStoreOf } from '../../src/lib/domains';
import { createTestApp, type TestApp } from '../support/serverHarness';
import {
  appZonesWithWebServices,
  duplicateZoneNames,
  invalidZoneDomains,
  misnamedSlots,
  slotCountMismatches,
  zonesWithSeveralFlexSlots,
} from '../support/seedInvariants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const P = DEMO.publishers;
const Z = DEMO.zones;

async function searchZones(publisherId: number, query = '') {
  const res = await t.call({ method: 'POST', url: `/external/publishers/${publisherId}/zones/search?size=20${query}`, as: 'multi' });
  expect(res.statusCode).toBe(200);
  return res.json() as { content: { trackingId: number; name: string }[]; totalElements: number; totalPages: number };
}

describe('demo publishers through the API', () => {
  it('gives Atlas News enough zones for real paging, and several that a search for one word finds', async () => {
    const all = await searchZones(P.atlasNews);
    expect(all.totalElements).toBeGreaterThanOrEqual(130);
    expect(all.totalElements).toBeLessThanOrEqual(140);
    expect(all.totalPages).toBeGreaterThanOrEqual(7);
    const sports = await searchZones(P.atlasNews, '&names=Sports');
    expect(sports.totalElements).toBeGreaterThanOrEqual(3);
    expect(sports.content.every((zone) => /sports/i.test(zone.name))).toBe(true);
  });

  it('flags Atlas News with slot revenue, a passback advertiser with campaigns and in-video zones, and Solo Media with none', async () => {
    const atlas = (await t.call({ method: 'GET', url: `/external/publishers/${P.atlasNews}`, as: 'multi' })).json();
    expect(atlas).toMatchObject({ name: 'Atlas News', businessUnit: { id: 1 }, hasSlotRevenue: true, hasInVideoZones: true, passbackAdvertiser: { id: 1001 } });
    expect(atlas.passbackCampaigns).toBeGreaterThan(0);
    const solo = (await t.call({ method: 'GET', url: `/external/publishers/${P.soloMedia}`, as: 'solo' })).json();
    expect(solo).toMatchObject({ hasSlotRevenue: false, hasInVideoZones: false, passbackAdvertiser: null });
  });

  it('shows the first Atlas zone with its normalised domains and console-named slots', async () => {
    const zone = (await t.call({ method: 'GET', url: `/external/zones/${Z.atlas}`, as: 'multi' })).json();
    expect(zone).toMatchObject({ publisherId: P.atlasNews, typeId: 1, domains: ['*.atlasnews.com', '*.sports.atlasnews.com'], appStoreUrls: [], numberOfSlots: 3 });
    const slots = (await t.call({ method: 'GET', url: `/external/zones/${Z.atlas}/slots`, as: 'multi' })).json() as { name: string }[];
    expect(slots.map((s) => s.name)).toEqual(['300x250', '728x90', '300x250-1']);
  });

  it("makes Sakura Press' advertiser clusivity INCLUDE, with its included advertisers listed", async () => {
    const res = await t.call({ method: 'GET', url: `/external/publisher/${P.sakuraPress}/restrictions?restrictionType=advertiser`, as: 'multi' });
    const groups = res.json() as { restrictionType: string; clusivity: string | null; restrictions: { id: number }[] }[];
    const advertisers = groups.find((g) => g.restrictionType === 'advertiser');
    expect(advertisers?.clusivity).toBe('INCLUDE');
    expect(advertisers?.restrictions.map((r) => r.id)).toContain(DEMO.restrictions.sakuraInclude);
  });

  it("lists Atlas News' global blocks, and shows them tagged Global beside the zone's own", async () => {
    const global = (await t.call({ method: 'GET', url: `/external/publisher/${P.atlasNews}/restrictions`, as: 'multi' })).json() as {
      restrictionType: string; restrictions: { advertisingRestrictionId: string; parentId: string | null }[];
    }[];
    const byType = (type: string) => global.find((g) => g.restrictionType === type)?.restrictions ?? [];
    // Eight, and the block behind the demo's revenue alert (DEMO.restrictions.atlasAlertBlock).
    expect(byType('advertiser')).toHaveLength(9);
    expect(byType('advertiser_domain')).toHaveLength(6);
    const iab = byType('iab_category');
    expect(iab.map((r) => r.advertisingRestrictionId)).toContain('IAB25');
    expect(iab.filter((r) => r.parentId === 'IAB7').length).toBeGreaterThanOrEqual(2);
    const zone = (await t.call({ method: 'GET', url: `/external/zone/${Z.atlas}/restrictions`, as: 'multi' })).json() as {
      restrictions: { tag: string | null }[];
    }[];
    const rows = zone.flatMap((g) => g.restrictions);
    expect(rows.filter((r) => r.tag === 'Global').length).toBe(9 + 6 + 5);
    expect(rows.filter((r) => r.tag === null).length).toBe(4);
  });

  it('publishes a DIRECT line of its own per publisher, and the Japanese lines only for the Japanese unit', async () => {
    const lines = async (publisherId: number) =>
      ((await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${publisherId}`, as: 'multi' })).json() as { sellerAccountId: string }[])
        .map((l) => l.sellerAccountId);
    const sakura = await lines(P.sakuraPress);
    expect(sakura).toEqual(expect.arrayContaining([`pub-${P.sakuraPress}`, 'jp-50211']));
    const atlas = await lines(P.atlasNews);
    expect(atlas).toContain(`pub-${P.atlasNews}`);
    expect(atlas).not.toContain('jp-50211');
    expect(atlas).not.toContain(`pub-${P.sakuraPress}`);
  });

  it("answers lines that make a valid ads.txt: the console's text passes the shared checker whole", async () => {
    for (const publisherId of [P.atlasNews, P.sakuraPress, P.premiumClassic]) {
      const lines = (await t.call({ method: 'GET', url: `/external/ads-txt?publisherId=${publisherId}`, as: 'multi' })).json() as AdsTxtLine[];
      const check = checkAdsTxt(renderAdsTxt(lines), lines);
      expect(check.counts, `publisher ${publisherId}`).toEqual({
        required: lines.length,
        present: lines.length,
        wrong: 0,
        missing: 0,
        malformed: 0,
        duplicates: 0,
        warnings: 0,
      });
    }
  });

  it('has two years of payment history for Atlas News', async () => {
    const res = await t.call({ method: 'GET', url: `/external/publishers/${P.atlasNews}/payment-ledger?page=0&size=10`, as: 'multi' });
    expect(res.json().totalElements).toBeGreaterThanOrEqual(LEDGER_MONTHS);
    // Every line is a standard one the console words in the user's language, payments with their reference.
    for (const row of res.json().content as { descriptionKey: string | null; reference: string | null; kind: string }[]) {
      expect(row.descriptionKey).not.toBeNull();
      expect(row.reference === null).toBe(row.kind !== 'payment');
    }
  });

  it('shows a slot awaiting approval on Sports Scores Sidebar, and every other demo slot approved', async () => {
    const rows = await t.db.query<{ zone: string; approved: boolean }>(
      `SELECT z.name AS zone, s.approved_at IS NOT NULL AS approved FROM slots s JOIN zones z ON z.tracking_id = s.zone_id WHERE NOT (s.approved_at IS NOT NULL)`,
    );
    expect(rows).toEqual([{ zone: 'Sports Scores Sidebar', approved: false }]);
  });
});

describe('fixed DEMO ids', () => {
  it('name zones of the right publisher and kind', async () => {
    const rows = await t.db.query<{ id: number; publisher_id: number; type_id: number; name: string; slots: number; flex: number; services: number[]; domains: string[] }>(
      `SELECT z.tracking_id AS id, z.publisher_id, z.type_id, z.name, z.number_of_slots AS slots,
              (SELECT count(*)::int FROM slots s WHERE s.zone_id = z.tracking_id AND s.slot_size_id = 9) AS flex,
              (SELECT array_agg(service_id ORDER BY service_id) FROM zone_services zs WHERE zs.zone_id = z.tracking_id) AS services,
              (SELECT array_agg(domain ORDER BY id) FROM zone_domains d WHERE d.zone_id = z.tracking_id) AS domains
         FROM zones z WHERE z.tracking_id = ANY($1::int[])`,
      [Object.values(Z)],
    );
    const zone = (id: number) => rows.find((row) => row.id === id)!;
    expect(rows).toHaveLength(Object.values(Z).length);
    expect(zone(Z.solo).publisher_id).toBe(P.soloMedia);
    expect(zone(Z.sakura)).toMatchObject({ publisher_id: P.sakuraPress });
    expect(zone(Z.sakura).name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(zone(Z.premium).publisher_id).toBe(P.premiumClassic);
    expect(zone(Z.locked).publisher_id).toBe(P.lockedOutlet);
    expect(zone(Z.atlasFlex)).toMatchObject({ publisher_id: P.atlasNews, type_id: 1, flex: 1 });
    expect(zone(Z.atlasInVideo).services).toContain(15);
    expect(zone(Z.atlasNoSlots)).toMatchObject({ type_id: 1, slots: 0 });
    const stores = [Z.atlasApp, Z.atlasPlayApp, Z.atlasAmazonApp].map((id) => zone(id));
    expect(stores.map((z) => z.type_id)).toEqual([3, 3, 3]);
    expect(stores.map((z) => appStoreOf(z.domains[0] ?? ''))).toEqual(['apple', 'googlePlay', 'amazon']);
    const untouched = await t.db.one<{ urls: number; blocks: number }>(
      `SELECT (SELECT count(*)::int FROM asset_url_filter_patterns WHERE zone_id = $1) AS urls,
              (SELECT count(*)::int FROM restrictions WHERE entity_type = 'zone' AND entity_id = $1) AS blocks`,
      [Z.atlasNoSlots],
    );
    expect(untouched).toEqual({ urls: 0, blocks: 0 });
  });

  it('name zone domains with and without self identifiers', async () => {
    const rows = await t.db.query<{ id: number; zone_id: number; domain: string; ids: number[] | null }>(
      `SELECT d.id, d.zone_id, d.domain, (SELECT array_agg(self_identifier_id ORDER BY 1) FROM zone_domain_self_identifiers s WHERE s.zone_domain_id = d.id) AS ids
         FROM zone_domains d WHERE d.id = ANY($1::int[]) ORDER BY d.id`,
      [Object.values(DEMO.zoneDomains)],
    );
    expect(rows).toEqual([
      { id: DEMO.zoneDomains.solo, zone_id: Z.solo, domain: '*.solomedia.net', ids: [1, 3] },
      { id: DEMO.zoneDomains.atlas, zone_id: Z.atlas, domain: '*.atlasnews.com', ids: [1, 2, 6] },
      { id: DEMO.zoneDomains.atlasPlain, zone_id: Z.atlas, domain: '*.sports.atlasnews.com', ids: null },
    ]);
  });

  it('name restrictions of the right owner and type', async () => {
    const r = DEMO.restrictions;
    const rows = await t.db.query<{ id: number; entity_type: string; entity_id: number; restriction_type: string; value: string; clusivity: string }>(
      'SELECT id, entity_type, entity_id, restriction_type, value, clusivity FROM restrictions WHERE id = ANY($1::int[])',
      [Object.values(r)],
    );
    const row = (id: number) => rows.find((x) => x.id === id);
    expect(row(r.atlasAdvertiser)).toMatchObject({ entity_type: 'publisher', entity_id: P.atlasNews, restriction_type: 'advertiser', clusivity: 'EXCLUDE' });
    expect(row(r.atlasDomain)).toMatchObject({ entity_id: P.atlasNews, restriction_type: 'advertiser_domain' });
    expect(row(r.atlasIabParent)).toMatchObject({ entity_id: P.atlasNews, value: 'IAB25' });
    expect(row(r.atlasIabChild)).toMatchObject({ entity_id: P.atlasNews, value: 'IAB7-17' });
    expect(row(r.atlasZoneAdvertiser)).toMatchObject({ entity_type: 'zone', entity_id: Z.atlas, restriction_type: 'advertiser' });
    expect(row(r.atlasZoneDomain)).toMatchObject({ entity_type: 'zone', entity_id: Z.atlas, restriction_type: 'advertiser_domain' });
    expect(row(r.atlasZoneIab)).toMatchObject({ entity_type: 'zone', entity_id: Z.atlas, restriction_type: 'iab_category' });
    expect(row(r.soloAdvertiser)).toMatchObject({ entity_id: P.soloMedia, restriction_type: 'advertiser' });
    expect(row(r.soloDomain)).toMatchObject({ entity_id: P.soloMedia, restriction_type: 'advertiser_domain' });
    expect(row(r.sakuraInclude)).toMatchObject({ entity_id: P.sakuraPress, restriction_type: 'advertiser', clusivity: 'INCLUDE' });
    expect(row(r.atlasAlertBlock)).toMatchObject({ entity_type: 'publisher', entity_id: P.atlasNews, restriction_type: 'advertiser', clusivity: 'EXCLUDE' });
  });

  it("name the revenue alerts the seed's detection raises: Atlas News' revenue and RPM, from the day of its block", async () => {
    const rows = await t.db.query<{ id: number; publisher_id: number; zone_id: number | null; metric: string; day: string }>(
      'SELECT id, publisher_id, zone_id, metric, day FROM revenue_alerts ORDER BY id',
    );
    const blockedOn = (await t.db.one<{ day: string }>("SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM restrictions WHERE id = $1", [
      DEMO.restrictions.atlasAlertBlock,
    ]))!.day;
    expect(rows).toEqual([
      { id: DEMO.alerts.atlasRevenue, publisher_id: P.atlasNews, zone_id: null, metric: 'REVENUE', day: blockedOn },
      { id: DEMO.alerts.atlasRpm, publisher_id: P.atlasNews, zone_id: null, metric: 'RPM', day: blockedOn },
    ]);
  });
  it('explain the revenue drop by the block first, and by the ads.txt line atlasnews.co.uk lost early that day', async () => {
    const answer = await t.call({ method: 'GET', url: `/external/publishers/${P.atlasNews}/alerts/${DEMO.alerts.atlasRevenue}`, as: 'multi' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { alert, causes } = answer.json() as {
      alert: { day: string };
      causes: { effect: string; revenueAtStake: number; adsTxtChange: { siteId: number; domain: string; at: string; statusBefore: string; statusAfter: string; linesLost: string[] } | null }[];
    };
    expect(causes[0]).toMatchObject({ effect: 'BLOCK', adsTxtChange: null });
    // The first of the lines the network requires of Atlas News (of business unit 1), as the network renders it.
    const firstLine = renderAdsTxtLine((await requiredAdsTxtLines(t.db, P.atlasNews, [1]))[0]!);
    const adsTxt = causes.filter((cause) => cause.adsTxtChange !== null);
    expect(adsTxt).toEqual([
      expect.objectContaining({
        effect: 'ADS_TXT_LINES_LOST',
        adsTxtChange: expect.objectContaining({
          siteId: DEMO.adsTxtSites.atlasMissing,
          domain: 'atlasnews.co.uk',
          statusBefore: 'AUTHORISED',
          statusAfter: 'MISSING_LINES',
          linesLost: [firstLine],
        }),
      }),
    ]);
    expect(adsTxt[0]!.adsTxtChange!.at.slice(0, 10)).toBe(alert.day);
    expect(adsTxt[0]!.revenueAtStake).toBeGreaterThan(0);
    expect(adsTxt[0]!.revenueAtStake).toBeLessThan(causes[0]!.revenueAtStake);
    // The site as that crawl left it, before any crawl of this start.
    const site = (await t.call({ method: 'GET', url: `/external/publishers/${P.atlasNews}/ads-txt-sites/${DEMO.adsTxtSites.atlasMissing}`, as: 'multi' })).json();
    expect(site).toMatchObject({ site: { status: 'MISSING_LINES' }, missingLines: [firstLine] });
  });
});

describe('rules every seeded row keeps', () => {
  it('keeps zones consistent: slot counts, one flex slot at most, console names, normalised domains, app services', async () => {
    expect(await slotCountMismatches(t.db)).toEqual([]);
    expect(await zonesWithSeveralFlexSlots(t.db)).toEqual([]);
    expect(await misnamedSlots(t.db)).toEqual([]);
    expect(await invalidZoneDomains(t.db)).toEqual([]);
    expect(await appZonesWithWebServices(t.db)).toEqual([]);
    expect(await duplicateZoneNames(t.db)).toEqual([]);
    const flexZones = await t.db.one<{ n: number }>('SELECT count(DISTINCT zone_id)::int AS n FROM slots WHERE slot_size_id = 9');
    expect(flexZones?.n).toBeGreaterThan(1);
  });

  it('uses every implementation type and has app zones in all three stores', async () => {
    const types = await t.db.query<{ id: number }>('SELECT DISTINCT implementation_type_id AS id FROM slots ORDER BY 1');
    expect(types.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    const urls = await t.db.query<{ domain: string }>("SELECT domain FROM zone_domains WHERE kind = 'app'");
    expect(new Set(urls.map((u) => appStoreOf(u.domain)))).toEqual(new Set(['apple', 'googlePlay', 'amazon']));
  });

  it('stores blocked URLs as the valid canonical CONTAINS patterns the API would store', async () => {
    const rows = await t.db.query<{ pattern: string; url_type: string; eval_type: string }>('SELECT pattern, url_type, eval_type FROM asset_url_filter_patterns');
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(validateBlockedUrl(row.pattern)).toEqual({ ok: true, value: row.pattern });
      expect(row.eval_type).toBe('CONTAINS');
    }
    expect(new Set(rows.map((r) => r.url_type))).toEqual(new Set(['PAGE', 'IMAGE']));
  });

  it('keeps restrictions owned by the zone publisher, with valid domains and known IAB ids', async () => {
    const foreign = await t.db.query(
      `SELECT r.id FROM restrictions r LEFT JOIN zones z ON r.entity_type = 'zone' AND z.tracking_id = r.entity_id
        WHERE (r.entity_type = 'zone' AND z.publisher_id IS DISTINCT FROM r.publisher_id)
           OR (r.entity_type = 'publisher' AND r.entity_id <> r.publisher_id)`,
    );
    expect(foreign).toEqual([]);
    const domains = await t.db.query<{ value: string }>("SELECT value FROM restrictions WHERE restriction_type = 'advertiser_domain'");
    expect(domains.every((d) => d.value.startsWith('*.') && isValidAdvertiserDomain(d.value))).toBe(true);
    const unknown = await t.db.query(
      `SELECT value FROM restrictions r WHERE restriction_type = 'iab_category' AND NOT EXISTS (SELECT 1 FROM iab_categories c WHERE c.id = r.value)
       UNION ALL
       SELECT value FROM restrictions r WHERE restriction_type = 'advertiser' AND NOT EXISTS (SELECT 1 FROM advertisers a WHERE a.id::text = r.value)`,
    );
    expect(unknown).toEqual([]);
  });

  it('gives every demo publisher 24 months of earnings, in yen for Sakura Press, and a balance that never goes negative', async () => {
    const rows = await t.db.query<{ publisher_id: number; months: number; currencies: string[]; lowest: number }>(
      `SELECT publisher_id, count(*) FILTER (WHERE description LIKE 'Earnings for %')::int AS months,
              array_agg(DISTINCT currency) AS currencies, min(balance) AS lowest
         FROM (SELECT l.*, sum(amount) OVER (PARTITION BY publisher_id ORDER BY date, id) AS balance FROM payment_ledger l) x
        GROUP BY publisher_id ORDER BY publisher_id`,
    );
    expect(rows).toHaveLength(5 + DEMO.otherPublisherCount);
    for (const row of rows) {
      expect(row.months).toBe(LEDGER_MONTHS);
      expect(row.currencies).toEqual([row.publisher_id === P.sakuraPress ? 'JPY' : 'USD']);
      expect(row.lowest).toBeGreaterThanOrEqual(0);
    }
    const payments = await t.db.one<{ n: number; positive: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE amount >= 0)::int AS positive FROM payment_ledger WHERE description LIKE '%ayment%'`,
    );
    expect(payments?.n).toBeGreaterThan(0);
    expect(payments?.positive).toBe(0);
  });

  it('has 180 days of report rows up to before the seeding day, on the publisher own zones and allowed advertisers', async () => {
    const rows = await t.db.query<{ publisher_id: number; days: number; span: number; zones: number; advertisers: number[]; future: boolean }>(
      `SELECT r.publisher_id, count(DISTINCT r.day)::int AS days, (max(r.day) - min(r.day))::int AS span,
              count(DISTINCT r.zone_id)::int AS zones, array_agg(DISTINCT r.advertiser_id ORDER BY r.advertiser_id) AS advertisers,
              max(r.day) >= current_date AS future
         FROM report_daily r GROUP BY r.publisher_id`,
    );
    expect(rows.map((r) => r.publisher_id).sort()).toEqual(REPORT_PROFILES.map((p) => p.publisherId).sort());
    for (const row of rows) {
      expect(row).toMatchObject({ days: REPORT_DAYS, span: REPORT_DAYS - 1, future: false });
      expect(row.zones).toBeGreaterThanOrEqual(5);
    }
    expect(rows.find((r) => r.publisher_id === P.sakuraPress)?.advertisers).toEqual([1800, 1801, 1802, 1803]);
    const misplaced = await t.db.query(
      `SELECT 1 FROM report_daily r JOIN zones z ON z.tracking_id = r.zone_id WHERE z.publisher_id <> r.publisher_id LIMIT 1`,
    );
    expect(misplaced).toEqual([]);
    const atlas = await t.db.one<{ video: number; passback: number; weekday: number; weekend: number }>(
      `SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM zone_services zs WHERE zs.zone_id = r.zone_id AND zs.service_id = 15))::int AS video,
              count(*) FILTER (WHERE r.advertiser_id = 1001)::int AS passback,
              avg(r.impressions) FILTER (WHERE extract(isodow FROM r.day) < 6) AS weekday,
              avg(r.impressions) FILTER (WHERE extract(isodow FROM r.day) >= 6) AS weekend
         FROM report_daily r WHERE r.publisher_id = $1`,
      [P.atlasNews],
    );
    expect(atlas?.video).toBeGreaterThan(0);
    expect(atlas?.passback).toBeGreaterThan(0);
    expect(atlas!.weekend).toBeLessThan(atlas!.weekday);
  });

  it('gives every advertiser an IAB category and one of its sub-categories, and reports no advertiser a publisher blocks', async () => {
    const wrong = await t.db.query(
      `SELECT a.id FROM advertisers a LEFT JOIN iab_categories s ON s.id = a.iab_sub_category_id
        WHERE a.id < 900000 AND (s.id IS NULL OR s.parent_id IS DISTINCT FROM a.iab_category_id)`,
    );
    expect(wrong).toEqual([]);
    const parents = await t.db.one<{ n: number }>(
      "SELECT count(DISTINCT a.iab_category_id)::int AS n FROM report_daily r JOIN advertisers a ON a.id = r.advertiser_id WHERE r.publisher_id = $1",
      [P.atlasNews],
    );
    expect(parents!.n).toBeGreaterThanOrEqual(15);
    // A blocked advertiser earns nothing: no report row, after the day of the block, of an advertiser its publisher
    // blocks by id, domain or IAB category (the demo alert's advertiser earned until it was blocked, a few days ago).
    const blockedButReported = await t.db.query(
      `SELECT DISTINCT r.publisher_id, r.advertiser_id FROM report_daily r
         JOIN advertisers a ON a.id = r.advertiser_id
         JOIN restrictions b ON b.entity_type = 'publisher' AND b.entity_id = r.publisher_id AND b.clusivity = 'EXCLUDE'
                            AND r.day > (b.created_at AT TIME ZONE 'UTC')::date
        WHERE (b.restriction_type = 'advertiser' AND b.value = a.id::text)
           OR (b.restriction_type = 'advertiser_domain' AND ('*.' || a.domain = b.value OR a.domain LIKE '%.' || substr(b.value, 3)))
           OR (b.restriction_type = 'iab_category' AND b.value IN (a.iab_category_id, a.iab_sub_category_id))`,
    );
    expect(blockedButReported).toEqual([]);
  });

  it('plans the same zones every time', () => {
    expect(JSON.stringify(planDemoZones())).toBe(JSON.stringify(planDemoZones()));
  });
});
