// Dashboard addresses (which reports a publisher may open) and the framed pages' gate: tokens, CSP, no script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { addZoneService, insertZone, SERVICE } from '../support/zoneFixtures';
import { expectAccessMatrix } from '../support/accessMatrix';
import { clearPublisherRows } from '../support/publisherFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import type { DemoUser } from '../support/serverHarness';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;
const NOBODY_DISABLED_VIDEO = DEMO.firstOtherPublisher + 1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.sakuraPress, P.premiumClassic, NOBODY, NOBODY_DISABLED_VIDEO]);
  // State every fact the availability rule reads, whatever the demo seed says.
  await t.db.query(
    `UPDATE publishers SET has_slot_revenue = false, passback_advertiser_id = NULL, passback_campaigns = 0
      WHERE id = ANY($1::int[])`,
    [[P.soloMedia, P.sakuraPress, NOBODY, NOBODY_DISABLED_VIDEO]],
  );
  await t.db.query('UPDATE publishers SET has_slot_revenue = true, passback_advertiser_id = 1001, passback_campaigns = 3 WHERE id = ANY($1::int[])', [
    [P.atlasNews, P.premiumClassic],
  ]);
  await addZoneService(t.db, await insertZone(t.db, { publisherId: NOBODY }), SERVICE.inVideo);
  await addZoneService(t.db, await insertZone(t.db, { publisherId: NOBODY_DISABLED_VIDEO }), SERVICE.video, false);
});
afterAll(() => t.close());

const dashboardUrl = (as: DemoUser, entityId: number, lookerReportId: number, userId = DEMO.users[as]) =>
  t.call({ method: 'POST', url: '/external/dashboard-service/publishers', as, payload: { userId, firstName: 'A', lastName: 'B', entityId, lookerReportId } });

async function allowedReports(as: DemoUser, publisherId: number): Promise<number[]> {
  const allowed: number[] = [];
  for (const id of [4, 5, 7, 8, 9, 10, 13, 14]) {
    const res = await dashboardUrl(as, publisherId, id);
    expect([200, 403]).toContain(res.statusCode);
    if (res.statusCode === 200) allowed.push(id);
  }
  return allowed;
}

describe('dashboard addresses', () => {
  it('give every publisher reporting, advertiser spend and custom', async () => {
    expect(await allowedReports('solo', P.soloMedia)).toEqual([4, 5, 9]);
  });

  it('add slot revenue and passback campaigns when the publisher has them', async () => {
    expect(await allowedReports('multi', P.atlasNews)).toEqual([4, 5, 7, 8, 9]);
  });

  it('never give legacy just-premium publishers slot revenue or passback campaigns', async () => {
    expect(await allowedReports('multi', P.premiumClassic)).toEqual([4, 5, 9]);
  });

  it('add the in-video reports only with an enabled in-video zone', async () => {
    expect(await allowedReports('staff', NOBODY)).toEqual([4, 5, 9, 13, 14]);
    expect(await allowedReports('staff', NOBODY_DISABLED_VIDEO)).toEqual([4, 5, 9]);
  });

  it('add historical Japanese reporting for Japanese publishers only', async () => {
    expect(await allowedReports('multi', P.sakuraPress)).toEqual([4, 5, 9, 10]);
  });

  it('name the report refused', async () => {
    const res = await dashboardUrl('solo', P.soloMedia, 8);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', details: [{ field: '/body/lookerReportId' }] });
  });

  it('refuse naming another user (403) and unknown report ids (400)', async () => {
    const other = await dashboardUrl('solo', P.soloMedia, 5, DEMO.users.multi);
    expect(other.statusCode).toBe(403);
    expect(other.json().details[0].field).toBe('/body/userId');
    const unknown = await dashboardUrl('solo', P.soloMedia, 6);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('/body/lookerReportId');
  });

  it('pass the authorization matrix', async () => {
    const targets = { solo: P.soloMedia, multi: P.atlasNews, nobody: NOBODY, missing: 99999 };
    await expectAccessMatrix(
      t,
      targets,
      (entityId, as) => ({
        method: 'POST',
        url: '/external/dashboard-service/publishers',
        payload: { userId: DEMO.users[as], firstName: 'A', lastName: 'B', entityId, lookerReportId: 5 },
      }),
      200,
    );
  });

  it('lead to the report’s page, short-lived and signed for this publisher and report', async () => {
    const res = await dashboardUrl('solo', P.soloMedia, 9);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/frames\/dashboard\/9\?token=/);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    expect(t.app.services.frames.verify(token)).toMatchObject({ kind: 'dashboard', target: '9', publisherId: P.soloMedia, userId: DEMO.users.solo });
    const page = await t.call({ method: 'GET', url, as: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('the dashboard address in the console’s language', () => {
  it('carries the locale to the page', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/external/dashboard-service/publishers',
      as: 'solo',
      payload: { userId: DEMO.users.solo, firstName: 'A', lastName: 'B', entityId: P.soloMedia, lookerReportId: 5, locale: 'ja' },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/frames\/dashboard\/5\?token=[^&]+&lang=ja$/);
    const page = await t.call({ method: 'GET', url, as: null });
    expect(page.body).toContain('<html lang="ja">');
  });
});

describe('framed pages', () => {
  const sign = (kind: 'dashboard' | 'payment-provider', target: string, ttl?: number) =>
    t.app.services.frames.sign({ kind, target, publisherId: P.soloMedia, userId: DEMO.users.solo }, ttl).token;
  const open = (url: string) => t.call({ method: 'GET', url, as: null });

  it('are sent with a CSP allowing only the console to frame them and no script at all', async () => {
    for (const url of [`/frames/dashboard/5?token=${sign('dashboard', '5')}`, `/frames/payment-provider/billing?token=${sign('payment-provider', 'billing')}`]) {
      const res = await open(url);
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/frame-ancestors 'self' http:\/\/console\.test(;|$)/);
      expect(csp).toContain("script-src 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.body).not.toMatch(/<script/i);
      expect(res.body).not.toMatch(/\son\w+=/i);
    }
  });

  it('refuse expired, edited and foreign tokens with a JSON 401', async () => {
    const valid = sign('dashboard', '5');
    const [body, mac] = valid.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const edited = `${Buffer.from(JSON.stringify({ ...claims, publisherId: P.atlasNews })).toString('base64url')}.${mac}`;
    const refused = [
      `/frames/dashboard/5?token=${sign('dashboard', '5', -1)}`,
      `/frames/dashboard/5?token=${edited}`,
      `/frames/dashboard/5?token=${valid.slice(0, -2)}xx`,
      `/frames/dashboard/4?token=${valid}`,
      `/frames/dashboard/5?token=${sign('payment-provider', '5')}`,
      `/frames/payment-provider/payments?token=${sign('payment-provider', 'billing')}`,
      `/frames/payment-provider/billing?token=${valid}`,
    ];
    for (const url of refused) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect((await open(`/frames/dashboard/5?token=${valid}`)).statusCode).toBe(200);
  });

  it('stop working as soon as the user is locked or no longer acts for the publisher', async () => {
    const token = t.app.services.frames.sign({ kind: 'dashboard', target: '5', publisherId: P.sakuraPress, userId: DEMO.users.multi }).token;
    const url = `/frames/dashboard/5?token=${token}`;
    expect((await open(url)).statusCode).toBe(200);
    await t.db.query('UPDATE users SET enabled = false WHERE id = $1', [DEMO.users.multi]);
    expect((await open(url)).statusCode).toBe(401);
    await t.db.query('UPDATE users SET enabled = true WHERE id = $1', [DEMO.users.multi]);
    await t.db.query('DELETE FROM user_publishers WHERE user_id = $1 AND publisher_id = $2', [DEMO.users.multi, P.sakuraPress]);
    expect((await open(url)).statusCode).toBe(401);
    await t.db.query('INSERT INTO user_publishers (user_id, publisher_id) VALUES ($1, $2)', [DEMO.users.multi, P.sakuraPress]);
    expect((await open(url)).statusCode).toBe(200);
  });

  it('need a token', async () => {
    const res = await open('/frames/dashboard/5');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/query/token');
  });
});
