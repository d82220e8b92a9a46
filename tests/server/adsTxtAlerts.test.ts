// ads.txt alerts (issue 27 item 5) against a local fixture site on a fake clock: a site of Atlas News that loses a
// line raises one alert in its inbox (two instances crawling, the site failing worse: still one), e-mailed once to
// the users who turned the e-mails on, each in their language, with an unsubscribe link; the roles that may not
// read the monitor and other publishers see nothing of it; a revenue drop from that day names the lost line as a
// cause; the site authorised again resolves the alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, type Fetcher } from '../../server/src/crawl/fetcher';
import { crawlDueSites } from '../../server/src/crawl/monitor';
import { sendAdsTxtAlertEmails } from '../../server/src/alerts/adsTxtAlerts';
import { requiredAdsTxtLines } from '../../server/src/routes/account/account';
import { DEMO } from '../../server/src/db/seed/demo';
import { renderAdsTxt, renderAdsTxtLine, type AdsTxtLine } from '../../src/lib/adsTxt';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { startFixtureSite, type FixtureSite } from '../support/crawlFixtures';
import { insertZone } from '../support/zoneFixtures';
import { daysFrom, insertSteadyRows, isoDay, runJob } from '../support/alerts';
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];
type AlertPage = Schemas['RevenueAlertPage'];
type AlertDetail = Schemas['RevenueAlertDetail'];

const ATLAS = DEMO.publishers.atlasNews;
const SOLO = DEMO.publishers.soloMedia;
const ATLAS_SITE = 'alerts-atlas.com';
const SOLO_SITE = 'alerts-solo.com';
const MULTI = 'multi@publisher.example';
const EDITOR = 'editor@publisher.example';
const VIEWER = 'viewer@publisher.example';
const SOLO_MAIL = 'solo@publisher.example';

let site: FixtureSite;
let t: TestApp;
let fetcher: Fetcher;
let atlasLines: AdsTxtLine[];
let soloLines: AdsTxtLine[];
let zoneId: number;
// After the settings are saved (their e-mails start then), a minute ahead of the machine's clock.
let clock: Date;
const tick = (with_: Fetcher = fetcher) => crawlDueSites(t.db, with_, () => clock);
const later = (days: number) => (clock = new Date(clock.getTime() + days * 86_400_000 + 60_000));
const serve = (domain: string, body: string | null) =>
  body === null ? site.routes.delete(`${domain}/ads.txt`) : site.routes.set(`${domain}/ads.txt`, { body, headers: { 'content-type': 'text/plain' } });
const mail = { info: () => undefined };
const sendMails = () => sendAdsTxtAlertEmails(t.db, { config: t.config, log: mail }, clock);
const mailsTo = (to: string) =>
  t.db.query<{ subject: string; text: string; headers: Record<string, string> }>('SELECT subject, body_text AS text, headers FROM outbox WHERE to_email = $1 ORDER BY id', [to]);
const adsTxtAlerts = async (publisherId: number, as: 'multi' | 'editor' | 'viewer' | 'solo' | 'staff') => {
  const answer = await t.call({ method: 'GET', url: `/external/publishers/${publisherId}/alerts?state=all&size=100`, as });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as AlertPage).content.filter((alert) => alert.type === 'ADS_TXT');
};
const settings = (as: 'multi' | 'editor' | 'viewer' | 'solo', publisherId: number, payload: Record<string, unknown>) =>
  t.call({
    method: 'PUT',
    url: `/external/publishers/${publisherId}/notification-settings`,
    as,
    payload: { thresholdPercent: 30, alertEmails: false, weeklySummary: 'OFF', language: 'en', ...payload },
  });

async function addZone(publisherId: number, domain: string) {
  const id = await insertZone(t.db, { publisherId, name: `Zone ${domain}` });
  await t.db.query(`INSERT INTO zone_domains (zone_id, domain, kind) VALUES ($1, $2, 'web')`, [id, domain]);
  return id;
}

const linesOf = async (publisherId: number) =>
  requiredAdsTxtLines(t.db, publisherId, [(await t.db.one<{ b: number }>('SELECT business_unit_id AS b FROM publishers WHERE id = $1', [publisherId]))!.b]);

beforeAll(async () => {
  site = await startFixtureSite();
  t = await createTestApp({ CRAWL_HOSTS: site.crawlHosts([ATLAS_SITE, SOLO_SITE]) });
  fetcher = createFetcher({ hosts: t.config.crawlHosts, userAgent: 'test crawler', timeoutMs: 1500 });
  // Only this file's sites are watched.
  await t.db.query('DELETE FROM zone_domains');
  zoneId = await addZone(ATLAS, ATLAS_SITE);
  await addZone(SOLO, SOLO_SITE);
  atlasLines = await linesOf(ATLAS);
  soloLines = await linesOf(SOLO);
  expect(atlasLines.length).toBeGreaterThanOrEqual(2);
  serve(ATLAS_SITE, renderAdsTxt(atlasLines));
  serve(SOLO_SITE, renderAdsTxt(soloLines));
  // Max Multi (admin) in French and Eddie Editor in Japanese want the e-mails; Vera Viewer only the revenue ones.
  for (const [as, publisherId, payload] of [
    ['multi', ATLAS, { adsTxtEmails: true, language: 'fr' }],
    ['editor', ATLAS, { adsTxtEmails: true, language: 'ja' }],
    ['viewer', ATLAS, { alertEmails: true }],
    ['solo', SOLO, { adsTxtEmails: true }],
  ] as const) {
    const saved = await settings(as, publisherId, payload);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  clock = new Date(Date.now() + 60_000);
  expect(await tick()).toBe(2);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('ads.txt alerts', () => {
  let alertId: number;
  let lost: string;
  let lossDay: string;

  it('a site that loses a line raises one alert, once across two instances, e-mailed once to the users who want it, in their language', async () => {
    expect(await adsTxtAlerts(ATLAS, 'multi')).toEqual([]);
    const [first, ...rest] = atlasLines as [AdsTxtLine, ...AdsTxtLine[]];
    lost = renderAdsTxtLine(first);
    serve(ATLAS_SITE, renderAdsTxt(rest));
    later(1);
    lossDay = isoDay(clock);
    const other = createFetcher({ hosts: t.config.crawlHosts, userAgent: 'test crawler 2', timeoutMs: 1500 });
    const [a, b] = await Promise.all([tick(), tick(other)]);
    expect(a + b).toBe(2);

    const [alert, ...others] = await adsTxtAlerts(ATLAS, 'multi');
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      type: 'ADS_TXT',
      day: lossDay,
      zone: null,
      read: false,
      changeCount: 0,
      topCause: null,
      adsTxt: { domain: ATLAS_SITE, kind: 'ads.txt', statusBefore: 'AUTHORISED', status: 'MISSING_LINES', currentStatus: 'MISSING_LINES', linesLost: [lost], resolvedAt: null },
    });
    alertId = alert!.id;
    const unread = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alert-summary`, as: 'editor' });
    expect((unread.json() as { unread: number }).unread).toBeGreaterThanOrEqual(1);

    expect(await sendMails()).toBe(2);
    expect(await sendMails()).toBe(0);
    const [french, ...moreFrench] = await mailsTo(MULTI);
    expect(moreFrench).toEqual([]);
    expect(french!.subject).toBe(`Alerte ads.txt pour Atlas News : ${ATLAS_SITE} n’est plus autorisé`);
    expect(french!.text).toContain(`ads.txt de ${ATLAS_SITE} : lignes manquantes depuis le`);
    expect(french!.text).toContain(`    ${lost}`);
    expect(french!.text).toContain(`${t.config.publicUrl}/alerts/${alertId}`);
    const stop = /(http\S*\/unsubscribe\?token=[\w.-]+)/.exec(french!.text)?.[1] ?? '';
    expect(stop).not.toBe('');
    expect(french!.headers).toEqual({ 'List-Unsubscribe': `<${stop}>` });
    const [japanese] = await mailsTo(EDITOR);
    expect(japanese!.subject).toBe(`Atlas Newsのads.txtアラート：${ATLAS_SITE}が認定されなくなりました`);
    expect(await mailsTo(VIEWER)).toEqual([]);
    expect(await mailsTo(SOLO_MAIL)).toEqual([]);

    // The link stops these e-mails only, without signing in.
    const token = new URL(stop).searchParams.get('token')!;
    const stopped = await t.call({ method: 'POST', url: '/mail/unsubscribe', payload: { token }, as: null });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ list: 'ADS_TXT_EMAILS', publisherName: 'Atlas News', email: MULTI, language: 'fr' });
    const after = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/notification-settings`, as: 'multi' });
    expect(after.json()).toMatchObject({ adsTxtEmails: false, language: 'fr' });
  });

  it('stays one alert while the site keeps failing, even worse, and e-mails nothing more', async () => {
    later(1);
    expect(await tick()).toBe(2);
    serve(ATLAS_SITE, null); // 404: no file
    later(1);
    expect(await tick()).toBe(2);
    const alerts = await adsTxtAlerts(ATLAS, 'multi');
    expect(alerts.map((alert) => [alert.id, alert.adsTxt?.status, alert.adsTxt?.currentStatus])).toEqual([[alertId, 'MISSING_LINES', 'NO_FILE']]);
    expect(await sendMails()).toBe(0);
    expect(await mailsTo(EDITOR)).toHaveLength(1);
  });

  it('is seen by the roles that may read the monitor and staff, not by finance nor another publisher', async () => {
    for (const as of ['editor', 'viewer', 'staff'] as const) expect((await adsTxtAlerts(ATLAS, as)).map((alert) => alert.id)).toEqual([alertId]);
    const one = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts/${alertId}`, as: 'viewer' });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as AlertDetail).alert.adsTxt?.domain).toBe(ATLAS_SITE);

    await t.db.query(`UPDATE user_publishers SET role = 'FINANCE' WHERE user_id = $1 AND publisher_id = $2`, [DEMO.users.viewer, ATLAS]);
    try {
      expect(await adsTxtAlerts(ATLAS, 'viewer')).toEqual([]);
      const hidden = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts/${alertId}`, as: 'viewer' });
      expect([hidden.statusCode, (hidden.json() as { code: string }).code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await t.db.query(`UPDATE user_publishers SET role = 'VIEWER' WHERE user_id = $1 AND publisher_id = $2`, [DEMO.users.viewer, ATLAS]);
    }

    // Solo Media's admin: nothing of it in their own inbox, and Atlas News' alert answers like a missing one.
    expect(await adsTxtAlerts(SOLO, 'solo')).toEqual([]);
    for (const url of [`/external/publishers/${SOLO}/alerts/${alertId}`, `/external/publishers/${ATLAS}/alerts/${alertId}`]) {
      const answer = await t.call({ method: 'GET', url, as: 'solo' });
      expect(answer.statusCode, url).toBe(404);
    }
    const mark = await t.call({ method: 'PATCH', url: `/external/publishers/${SOLO}/alerts/${alertId}`, as: 'solo', payload: { read: true } });
    expect(mark.statusCode).toBe(404);
  });

  it('offers the lost line as a cause of a revenue drop from that day', async () => {
    // The zone on the site earned steadily, and 60 % less from the day the line went.
    await insertSteadyRows(t.db, { publisherId: ATLAS, zoneId, revenue: 50, impressions: 20_000, through: lossDay, changeFrom: lossDay, after: 0.4 });
    const run = await runJob(t.db, t.config, daysFrom(new Date(`${lossDay}T06:00:00Z`), 1));
    expect(run).toMatchObject({ ran: true });
    const list = await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts?zoneId=${zoneId}&state=all`, as: 'multi' });
    const drops = (list.json() as AlertPage).content.filter((alert) => alert.type === 'REVENUE' && alert.metric === 'REVENUE');
    expect(drops.map((alert) => alert.day)).toEqual([lossDay]);
    const drop = drops[0]!;
    expect(drop.topCause).toMatchObject({ effect: 'ADS_TXT_LINES_LOST', entry: null, adsTxtChange: { domain: ATLAS_SITE, linesLost: [lost], statusAfter: 'MISSING_LINES' } });
    expect(drop.topCause!.revenueAtStake).toBeGreaterThan(0);

    const detail = (await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts/${drop.id}`, as: 'multi' })).json() as AlertDetail;
    const cause = detail.causes.find((each) => each.adsTxtChange !== null);
    expect(cause).toMatchObject({ effect: 'ADS_TXT_LINES_LOST', entry: null, adsTxtChange: { domain: ATLAS_SITE, kind: 'ads.txt', statusBefore: 'AUTHORISED', linesLost: [lost] } });
    expect(cause!.share).toBeGreaterThan(0);
    // Another publisher sees nothing of the drop nor of its cause.
    expect((await t.call({ method: 'GET', url: `/external/publishers/${ATLAS}/alerts/${drop.id}`, as: 'solo' })).statusCode).toBe(404);
  });

  it('raises and e-mails it from "Check now" too, for that publisher only', async () => {
    const soloSite = await t.db.one<{ id: number }>('SELECT id FROM ads_txt_sites WHERE publisher_id = $1 AND domain = $2', [SOLO, SOLO_SITE]);
    serve(SOLO_SITE, renderAdsTxt(soloLines.slice(1)));
    const checked = await t.call({ method: 'POST', url: `/external/publishers/${SOLO}/ads-txt-sites/${soloSite!.id}/check`, as: 'solo' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((checked.json() as { site: { status: string } }).site.status).toBe('MISSING_LINES');
    const [alert, ...others] = await adsTxtAlerts(SOLO, 'solo');
    expect(others).toEqual([]);
    expect(alert!.adsTxt).toMatchObject({ domain: SOLO_SITE, linesLost: [renderAdsTxtLine(soloLines[0]!)] });
    const [english, ...more] = await mailsTo(SOLO_MAIL);
    expect(more).toEqual([]);
    expect(english!.subject).toBe(`ads.txt alert for Solo Media: ${SOLO_SITE} is no longer authorised`);
    // Atlas News' users got nothing from Solo Media's check, nor Solo's user anything of Atlas News.
    expect(english!.text).not.toContain(ATLAS_SITE);
    expect(await mailsTo(EDITOR)).toHaveLength(1);
  });

  it('resolves itself when the site is authorised again; failing again is a new alert', async () => {
    serve(ATLAS_SITE, renderAdsTxt(atlasLines));
    later(1);
    serve(SOLO_SITE, renderAdsTxt(soloLines));
    expect(await tick()).toBe(2);
    const [resolved] = await adsTxtAlerts(ATLAS, 'editor');
    expect(resolved).toMatchObject({ id: alertId, adsTxt: { status: 'MISSING_LINES', currentStatus: 'AUTHORISED' } });
    expect(resolved!.adsTxt!.resolvedAt).not.toBeNull();

    serve(ATLAS_SITE, renderAdsTxt(atlasLines.slice(1)));
    later(1);
    expect(await tick()).toBe(2);
    const alerts = await adsTxtAlerts(ATLAS, 'editor');
    expect(alerts.map((alert) => alert.adsTxt?.resolvedAt === null)).toEqual([true, false]);
    // Eddie still wants the e-mails: the new alert is his second; Max stopped them.
    expect(await sendMails()).toBe(1);
    expect(await mailsTo(EDITOR)).toHaveLength(2);
    expect(await mailsTo(MULTI)).toHaveLength(1);
  });

  it('resolves when no zone names the site any more, and still says which site it was', async () => {
    await t.db.query('DELETE FROM zone_domains WHERE zone_id = $1', [zoneId]);
    later(1);
    await tick();
    const alerts = await adsTxtAlerts(ATLAS, 'multi');
    expect(alerts).toHaveLength(2);
    for (const alert of alerts) {
      expect(alert.adsTxt).toMatchObject({ siteId: null, domain: ATLAS_SITE, currentStatus: null });
      expect(alert.adsTxt!.resolvedAt).not.toBeNull();
    }
  });
});
