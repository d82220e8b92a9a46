// Revenue alerts (issue 23): the demo's alert explained by the block before it and undone through it, the daily
// job (a new drop found with its cause, idempotent, once across instances), what each user sees of the alerts
// (threshold, read, dismissed, filters), and who may see them: members and staff, another publisher's alert like a
// missing one, legacy just-premium publishers their whole-publisher alerts without causes.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase, createTestApp, type TestApp } from '../support/serverHarness';
import { expectAccessMatrix } from '../support/accessMatrix';
import { insertZone } from '../support/zoneFixtures';
import { daysFrom, insertSteadyRows, isoDay, runJob } from '../support/alerts';
import { DEMO } from '../../server/src/db/seed/demo';
import { openPostgres, type Db } from '../../server/src/db/db';
import { detectRevenueAlerts } from '../../server/src/alerts/detect';
import type { components } from '../../openapi/portal';

type Detail = components['schemas']['RevenueAlertDetail'];
type Page = components['schemas']['RevenueAlertPage'];

const P = DEMO.publishers;
const ATLAS = P.atlasNews;
const QUIET = DEMO.firstOtherPublisher + 4;
const NOW = new Date();
const TODAY = isoDay(NOW);
const TOMORROW = daysFrom(NOW, 1);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (publisherId: number, as: 'multi' | 'solo' | 'staff', query = '') => {
  const res = await t.call({ method: 'GET', url: `/external/publishers/${publisherId}/alerts${query ? `?${query}` : ''}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const detail = async (publisherId: number, alertId: number, as: 'multi' | 'solo' | 'staff' = 'multi') => {
  const res = await t.call({ method: 'GET', url: `/external/publishers/${publisherId}/alerts/${alertId}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Detail;
};
const unread = async (publisherId: number, as: 'multi' | 'solo' | 'staff') =>
  ((await t.call({ method: 'GET', url: `/external/publishers/${publisherId}/alert-summary`, as })).json() as { unread: number }).unread;
const mark = (publisherId: number, alertId: number, as: 'multi' | 'staff', payload: object) =>
  t.call({ method: 'PATCH', url: `/external/publishers/${publisherId}/alerts/${alertId}`, as, payload });
const settings = (publisherId: number, as: 'multi' | 'staff', thresholdPercent: number) =>
  t.call({
    method: 'PUT',
    url: `/external/publishers/${publisherId}/notification-settings`,
    as,
    payload: { thresholdPercent, alertEmails: false, weeklySummary: 'OFF', language: 'en' },
  });

describe("the demo's alert", () => {
  it("finds Atlas News' revenue falling by about 40 % from the day of its top advertiser's block, and its RPM with it", async () => {
    const page = await list(ATLAS, 'multi');
    expect(page.content.map((alert) => [alert.id, alert.metric, alert.zone])).toEqual([
      [DEMO.alerts.atlasRevenue, 'REVENUE', null],
      [DEMO.alerts.atlasRpm, 'RPM', null],
    ]);
    const revenue = page.content[0]!;
    expect(revenue.dropPercent).toBeGreaterThan(35);
    expect(revenue.dropPercent).toBeLessThan(50);
    expect(revenue.dropAmount).toBeCloseTo(revenue.baseline - revenue.value, 4);
    // Four changes of the history, and the ads.txt line atlasnews.co.uk lost early that day (seed/adsTxtSites.ts).
    expect(revenue).toMatchObject({ currency: 'USD', read: false, dismissed: false, changeCount: 5 });
    expect(revenue.topCause).toMatchObject({ effect: 'BLOCK', entry: { operation: 'createRestrictions', author: { name: 'Max Multi', internal: false } } });
    const blockedAt = (await t.db.one<{ at: string }>('SELECT created_at AS at FROM restrictions WHERE id = $1', [DEMO.restrictions.atlasAlertBlock]))!.at;
    expect(revenue.day).toBe(blockedAt.slice(0, 10));
  });

  it('ranks the changes before it: the block first with what the advertiser earned, the lost ads.txt line next, the changes with nothing at stake last', async () => {
    const { alert, causes, causesAvailable, otherChanges } = await detail(ATLAS, DEMO.alerts.atlasRevenue);
    expect([alert.id, causesAvailable, otherChanges]).toEqual([DEMO.alerts.atlasRevenue, true, 0]);
    expect(causes.map((cause) => [cause.effect, cause.entry?.kind ?? cause.adsTxtChange?.domain, cause.entry?.operation ?? cause.adsTxtChange?.statusAfter])).toEqual([
      ['BLOCK', 'BLOCKS', 'createRestrictions'],
      ['ADS_TXT_LINES_LOST', 'atlasnews.co.uk', 'MISSING_LINES'],
      ['NONE', 'BLOCKS', 'createRestrictions'],
      ['NONE', 'BLOCKS', 'createRestrictions'],
      ['NONE', 'ZONE', 'updateZone'],
    ]);
    const [block, lostLine] = causes;
    expect(lostLine!.revenueAtStake).toBeGreaterThan(0);
    expect(lostLine!.revenueAtStake).toBeLessThan(block!.revenueAtStake);
    expect(block!.entry!.after).toEqual({ blocks: [{ type: 'advertiser', id: '1091', name: 'Green Pine Motors' }] });
    expect(block!.entry!.reversible).toBe(true);
    // What the advertiser earned Atlas News in 30 days, about the share of revenue the drop took away.
    expect(block!.share).toBeGreaterThan(0.35);
    expect(block!.revenueAtStake).toBeGreaterThan(block!.share! * 1000);
    // Network staff's block of IAB7-42, which no Atlas News advertiser is in: shown as theirs, nothing at stake.
    expect(causes[2]!.entry!.author).toEqual({ id: DEMO.users.staff, name: 'Sam Staff', email: null, internal: true });
    expect([causes[2]!.revenueAtStake, causes[2]!.share]).toEqual([0, null]);
  });
});

describe('the daily job', () => {
  let zoneStopped: number;
  beforeAll(async () => {
    // A publisher nobody has: a zone that stopped serving today after staff disabled it, beside a bigger steady one.
    const zoneSteady = await insertZone(t.db, { publisherId: QUIET, name: 'Quiet steady' });
    zoneStopped = await insertZone(t.db, { publisherId: QUIET, name: 'Quiet stopping' });
    await insertSteadyRows(t.db, { publisherId: QUIET, zoneId: zoneSteady, revenue: 900, impressions: 400_000, through: TODAY });
    await insertSteadyRows(t.db, { publisherId: QUIET, zoneId: zoneStopped, revenue: 100, impressions: 40_000, through: TODAY, changeFrom: TODAY, after: 0 });
    const disabled = await t.call({ method: 'PUT', url: `/external/zones/${zoneStopped}`, as: 'staff', payload: { name: 'Quiet stopping', typeId: 1, enabled: false } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    // Premium Classic (legacy just premium): half of a usual day today.
    await t.db.query(
      `INSERT INTO report_daily (publisher_id, day, zone_id, advertiser_id, impressions, clicks, revenue)
       SELECT publisher_id, $2::date, zone_id, advertiser_id, impressions / 2, clicks, revenue / 2 FROM report_daily WHERE publisher_id = $1 AND day = $2::date - 7`,
      [P.premiumClassic, TODAY],
    );
  });

  it("runs once a day: finds the drop of a zone, with the change that disabled it and the zone's revenue at stake", async () => {
    const first = await runJob(t.db, t.config, TOMORROW);
    expect(first).toMatchObject({ ran: true, day: isoDay(TOMORROW), detect: { through: TODAY } });
    if (!first.ran) return;
    expect(first.detect.raised).toBeGreaterThanOrEqual(3);
    expect(await runJob(t.db, t.config, TOMORROW)).toEqual({ ran: false, day: isoDay(TOMORROW) });

    const zoneAlerts = (await list(QUIET, 'staff', `zoneId=${zoneStopped}`)).content;
    expect(zoneAlerts.map((alert) => [alert.metric, alert.day, alert.dropPercent])).toEqual([
      ['REVENUE', TODAY, 100],
      ['IMPRESSIONS', TODAY, 100],
    ]);
    // A tenth of the publisher fell: under the 20 % the job keeps, so no alert of the whole publisher.
    expect((await list(QUIET, 'staff', 'scope=publisher')).totalElements).toBe(0);
    const { causes } = await detail(QUIET, zoneAlerts[0]!.id, 'staff');
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ effect: 'ZONE_DISABLED', revenueAtStake: 3000, share: 1, entry: { operation: 'updateZone', after: { enabled: false } } });
  });

  it('gives a legacy just-premium publisher its whole-publisher alerts, without causes (its product has no history)', async () => {
    const page = await list(P.premiumClassic, 'multi', 'state=all');
    expect(page.content.map((alert) => [alert.metric, alert.zone, alert.day]).sort()).toEqual([
      ['IMPRESSIONS', null, TODAY],
      ['REVENUE', null, TODAY],
    ]);
    const { causesAvailable, causes } = await detail(P.premiumClassic, page.content[0]!.id);
    expect([causesAvailable, causes]).toEqual([false, []]);
  });

  it('raises nothing twice: another run, another day, or the detection again', async () => {
    const count = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM revenue_alerts'))!.n;
    const before = await count();
    const next = await runJob(t.db, t.config, daysFrom(TOMORROW, 1));
    expect(next).toMatchObject({ ran: true, detect: { raised: 0 } });
    expect(await detectRevenueAlerts(t.db, { today: isoDay(TOMORROW) })).toMatchObject({ raised: 0, deepened: 0 });
    expect(await count()).toBe(before);
  });

  it('runs once when two runs start together on one database', async () => {
    const now = daysFrom(TOMORROW, 2);
    const runs = await Promise.all([runJob(t.db, t.config, now), runJob(t.db, t.config, now)]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('revenueAlerts.test.ts: "once across two instances on PostgreSQL" runs only with TEST_DATABASE_URL set (the PostgreSQL run of the server suite)');

describe.runIf(onPostgres)('the daily job on PostgreSQL', () => {
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    first = await cloneDatabase();
    const template = inject('serverTemplate');
    if (template.kind !== 'postgres') throw new Error('TEST_DATABASE_URL is set but the template is not on PostgreSQL');
    const name = (await first.one<{ name: string }>('SELECT current_database() AS name'))!.name;
    const url = new URL(template.url);
    url.pathname = `/${name}`;
    second = await openPostgres(url.toString(), { max: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs once across two instances on one database, and their alerts are the same', async () => {
    const now = daysFrom(NOW, 1);
    const apps = await Promise.all([createTestApp({}, { db: first }), createTestApp({}, { db: second })]);
    try {
      await first.query('DELETE FROM revenue_alerts');
      const runs = await Promise.all(apps.map((app) => runJob(app.db, app.config, now)));
      expect(runs.map((run) => run.ran).sort()).toEqual([false, true]);
      expect(await first.query('SELECT metric FROM revenue_alerts ORDER BY id')).toEqual([{ metric: 'REVENUE' }, { metric: 'RPM' }]);
      // The other instance, a minute later, finds the day's run done.
      expect(await runJob(second, apps[1]!.config, new Date(now.getTime() + 60_000))).toMatchObject({ ran: false });
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});

describe('what each user sees', () => {
  it('keeps read and dismissed per user, and counts the unread ones', async () => {
    expect([await unread(ATLAS, 'multi'), await unread(ATLAS, 'staff')]).toEqual([2, 2]);
    const read = await mark(ATLAS, DEMO.alerts.atlasRpm, 'multi', { read: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: DEMO.alerts.atlasRpm, read: true, dismissed: false });
    expect([await unread(ATLAS, 'multi'), await unread(ATLAS, 'staff')]).toEqual([1, 2]);
    expect((await list(ATLAS, 'multi', 'state=read')).content.map((alert) => alert.id)).toEqual([DEMO.alerts.atlasRpm]);
    expect((await list(ATLAS, 'multi', 'state=unread')).content.map((alert) => alert.id)).toEqual([DEMO.alerts.atlasRevenue]);

    expect((await mark(ATLAS, DEMO.alerts.atlasRpm, 'multi', { dismissed: true })).json()).toMatchObject({ read: true, dismissed: true });
    expect((await list(ATLAS, 'multi')).content.map((alert) => alert.id)).toEqual([DEMO.alerts.atlasRevenue]);
    expect((await list(ATLAS, 'multi', 'state=dismissed')).content.map((alert) => alert.id)).toEqual([DEMO.alerts.atlasRpm]);
    expect((await list(ATLAS, 'staff')).totalElements).toBe(2);

    expect((await mark(ATLAS, DEMO.alerts.atlasRpm, 'multi', { read: false, dismissed: false })).json()).toMatchObject({ read: false, dismissed: false });
    expect(await unread(ATLAS, 'multi')).toBe(2);
    expect((await mark(ATLAS, DEMO.alerts.atlasRpm, 'multi', {})).statusCode).toBe(400);
  });

  it("shows each user the alerts at or above their own threshold; one under it answers like a missing one", async () => {
    const rpm = (await detail(ATLAS, DEMO.alerts.atlasRpm)).alert.dropPercent;
    expect((await settings(ATLAS, 'multi', Math.ceil(rpm + 0.1))).statusCode).toBe(200);
    expect((await list(ATLAS, 'multi')).content.map((alert) => alert.id)).toEqual([DEMO.alerts.atlasRevenue]);
    expect(await unread(ATLAS, 'multi')).toBe(1);
    const hidden = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts/${DEMO.alerts.atlasRpm}`, as: 'multi' });
    const missing = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts/999999`, as: 'multi' });
    expect([hidden.statusCode, hidden.body]).toEqual([404, missing.body]);
    expect((await list(ATLAS, 'staff')).totalElements).toBe(2);
    expect((await settings(ATLAS, 'multi', 20)).statusCode).toBe(200);
    expect((await list(ATLAS, 'multi')).totalElements).toBe(2);
  });

  it('filters by scope and zone and sorts by day or by size', async () => {
    const zoneOnly = await list(QUIET, 'staff', 'scope=zone');
    expect(zoneOnly.content.every((alert) => alert.zone !== null)).toBe(true);
    expect(zoneOnly.totalElements).toBe(2);
    const bySize = await list(ATLAS, 'multi', 'sortBy=drop&direction=ASC');
    expect(bySize.content.map((alert) => alert.metric)).toEqual(['RPM', 'REVENUE']);
    const paged = await list(ATLAS, 'multi', 'size=1&page=1');
    expect([paged.totalElements, paged.totalPages, paged.content.map((alert) => alert.id)]).toEqual([2, 2, [DEMO.alerts.atlasRpm]]);
  });
});

describe('who may see them', () => {
  let soloAlert: number;
  let nobodyAlert: number;
  beforeAll(async () => {
    const insert = async (publisherId: number) =>
      (await t.db.one<{ id: number }>(
        `INSERT INTO revenue_alerts (publisher_id, zone_id, metric, day, peak_day, value, baseline, drop_percent)
         VALUES ($1, NULL, 'REVENUE', $2, $2, 10, 100, 90) RETURNING id`,
        [publisherId, TODAY],
      ))!.id;
    soloAlert = await insert(P.soloMedia);
    nobodyAlert = await insert(DEMO.firstOtherPublisher + 6);
  });

  it("answers another publisher's alert exactly like a missing one, for reading and for marking", async () => {
    const publisherOf = new Map([
      [soloAlert, P.soloMedia],
      [DEMO.alerts.atlasRevenue, ATLAS],
      [nobodyAlert, DEMO.firstOtherPublisher + 6],
    ]);
    const own = { solo: P.soloMedia, multi: ATLAS } as const;
    const targets = { solo: soloAlert, multi: DEMO.alerts.atlasRevenue, nobody: nobodyAlert, missing: 999_999 };
    const path = (id: number, as: string) => `/external/publishers/${as === 'staff' ? (publisherOf.get(id) ?? ATLAS) : own[as as 'solo' | 'multi']}/alerts/${id}`;
    await expectAccessMatrix(t, targets, (id, as) => ({ method: 'GET', url: path(id, as) }), 200);
    await expectAccessMatrix(t, targets, (id, as) => ({ method: 'PATCH', url: path(id, as), payload: { read: false } }), 200);
  });

  it("lists and counts only the caller's publisher's alerts, and refuses a publisher they do not act for", async () => {
    expect((await list(P.soloMedia, 'solo')).content.map((alert) => alert.id)).toEqual([soloAlert]);
    for (const url of [`/external/publishers/${ATLAS}/alerts`, `/external/publishers/${ATLAS}/alert-summary`, `/external/publishers/${ATLAS}/alerts/${DEMO.alerts.atlasRevenue}`]) {
      const foreign = await t.call({ method: 'GET', url, as: 'solo' });
      expect(foreign.statusCode, url).toBe(404);
    }
    expect((await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts` })).statusCode).toBe(401);
    expect(await unread(DEMO.firstOtherPublisher + 6, 'staff')).toBe(1);
  });
});

describe('undo through the alert', () => {
  it('undoes the block with the History page’s own call and rules: the block is gone, the alert says so, a second undo is refused', async () => {
    const { causes } = await detail(ATLAS, DEMO.alerts.atlasRevenue);
    const entryId = causes[0]!.entry!.id;
    const undo = await t.call({ method: 'POST', url: `/external/publishers/${ATLAS}/history/${entryId}/undo`, as: 'multi' });
    expect(undo.statusCode, undo.body).toBe(201);
    expect(await t.db.one('SELECT 1 FROM restrictions WHERE id = $1', [DEMO.restrictions.atlasAlertBlock])).toBeUndefined();
    const after = await detail(ATLAS, DEMO.alerts.atlasRevenue);
    expect(after.causes[0]!.entry).toMatchObject({ id: entryId, reversible: false, undoneBy: (undo.json() as { id: number }).id });
    expect((await list(ATLAS, 'multi')).content[0]!.topCause!.entry!.undoneBy).toBe((undo.json() as { id: number }).id);
    const again = await t.call({ method: 'POST', url: `/external/publishers/${ATLAS}/history/${entryId}/undo`, as: 'multi' });
    expect([again.statusCode, (again.json() as { code: string }).code]).toEqual([409, 'ALREADY_UNDONE']);
  });
});
