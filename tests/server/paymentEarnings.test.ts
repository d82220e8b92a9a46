// The next payment and the earnings behind a ledger row: which ledger rows and report rows count (the rule itself
// is src/lib/payments.ts, unit-tested on its own), in the publisher's currency, for the publisher's own rows only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/serverHarness';
import { expectAccessMatrix } from '../support/accessMatrix';
import { clearPublisherRows, insertLedgerRow, insertReportRow, type LedgerKind } from '../support/publisherFixtures';
import { insertZone } from '../support/zoneFixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { addMonths, planNextPayment } from '../../src/lib/payments';

const P = DEMO.publishers;
const NOBODY = DEMO.firstOtherPublisher;

let t: TestApp;
let today: string;
/** 'YYYY-MM' n months before the current one. */
const month = (back: number) => addMonths(today.slice(0, 7), -back);
const ids: Record<string, number> = {};
const zones: Record<string, number> = {};

async function ledger(publisherId: number, date: string, kind: LedgerKind, monthOf: string, amount: number, currency = 'USD') {
  return insertLedgerRow(t.db, { publisherId, date, description: `${kind} ${monthOf}`, amount, kind, month: monthOf, currency });
}

async function report(publisherId: number, zoneId: number, day: string, revenue: number) {
  const back = await t.db.one<{ n: number }>('SELECT current_date - $1::date AS n', [day]);
  await insertReportRow(t.db, { publisherId, zoneId, advertiserId: 1001, daysAgo: back!.n, impressions: 100, revenue });
}

beforeAll(async () => {
  t = await createTestApp();
  today = (await t.db.one<{ d: string }>("SELECT to_char(current_date, 'YYYY-MM-DD') AS d"))!.d;
  await clearPublisherRows(t.db, [P.soloMedia, P.atlasNews, P.sakuraPress, P.premiumClassic, NOBODY]);

  // Solo Media: month -4 earned and paid, then a late deduction for it; months -3 to -1 posted and unpaid; the
  // current month only in the report rows.
  await ledger(P.soloMedia, `${month(3)}-01`, 'earnings', month(4), 100);
  ids.soloPaid = await ledger(P.soloMedia, `${month(2)}-15`, 'payment', month(4), -100);
  await ledger(P.soloMedia, `${month(2)}-20`, 'deduction', month(4), -5);
  await ledger(P.soloMedia, `${month(2)}-01`, 'earnings', month(3), 30);
  await ledger(P.soloMedia, `${month(1)}-01`, 'earnings', month(2), 15);
  await ledger(P.soloMedia, `${today.slice(0, 7)}-01`, 'earnings', month(1), 40.25);
  zones.solo = await insertZone(t.db, { publisherId: P.soloMedia, name: 'Solo Front' });
  await report(P.soloMedia, zones.solo, today, 7.5);
  // Already posted: a report row of a posted month does not count twice.
  await report(P.soloMedia, zones.solo, `${month(1)}-02`, 40.25);

  // Sakura Press, in yen, nothing paid yet.
  await ledger(P.sakuraPress, `${month(1)}-01`, 'earnings', month(2), 6_000, 'JPY');
  await ledger(P.sakuraPress, `${today.slice(0, 7)}-01`, 'earnings', month(1), 3_000, 'JPY');

  // Atlas News: a payment for months -3 and -2 after one for month -4, and report rows per zone in them.
  zones.atlasA = await insertZone(t.db, { publisherId: P.atlasNews, name: 'Atlas A' });
  zones.atlasB = await insertZone(t.db, { publisherId: P.atlasNews, name: 'Atlas <B>' });
  ids.atlasFirst = await ledger(P.atlasNews, `${month(2)}-01`, 'payment', month(4), -10);
  await ledger(P.atlasNews, `${month(2)}-01`, 'earnings', month(3), 300);
  await ledger(P.atlasNews, `${month(2)}-10`, 'adjustment', month(3), 12.5);
  ids.atlasEarnings = await ledger(P.atlasNews, `${month(1)}-01`, 'earnings', month(2), 200);
  ids.atlasSecond = await ledger(P.atlasNews, `${today.slice(0, 7)}-01`, 'payment', month(2), -512.5);
  await report(P.atlasNews, zones.atlasA, `${month(3)}-03`, 100.1);
  await report(P.atlasNews, zones.atlasA, `${month(3)}-04`, 50);
  await report(P.atlasNews, zones.atlasB, `${month(3)}-05`, 160);
  await report(P.atlasNews, zones.atlasB, `${month(2)}-05`, 190.25);
  // Another publisher's row in the same months never joins them.
  zones.nobody = await insertZone(t.db, { publisherId: NOBODY, name: 'Nobody Zone' });
  await report(NOBODY, zones.nobody, `${month(3)}-03`, 9999);
  ids.nobody = await ledger(NOBODY, `${month(1)}-01`, 'payment', month(2), -1);
  await ledger(P.premiumClassic, `${month(1)}-01`, 'earnings', month(2), 5);
});
afterAll(() => t.close());

const nextPayment = (publisherId: number, as: 'solo' | 'multi' | 'staff' = 'staff') =>
  t.call({ method: 'GET', url: `/external/publishers/${publisherId}/payment-ledger/next-payment`, as });
const earnings = (publisherId: number, entryId: number, as: 'solo' | 'multi' | 'staff' = 'staff') =>
  t.call({ method: 'GET', url: `/external/publishers/${publisherId}/payment-ledger/${entryId}/earnings`, as });

describe('next payment', () => {
  it('applies the rule to the unpaid ledger months and the report revenue not posted yet', async () => {
    const res = await nextPayment(P.soloMedia, 'solo');
    expect(res.statusCode).toBe(200);
    const unpaid = [
      { month: month(4), amount: -5 },
      { month: month(3), amount: 30 },
      { month: month(2), amount: 15 },
      { month: month(1), amount: 40.25 },
      { month: month(0), amount: 7.5 },
    ];
    const plan = planNextPayment(today, 'USD', unpaid);
    expect(res.json()).toEqual({
      asOf: today,
      currency: 'USD',
      minimumBalance: 50,
      ledgerBalance: 80.25,
      unpostedEarnings: 7.5,
      balance: 87.75,
      status: plan.status,
      payment: plan.payment,
    });
    expect(res.json().status).toBe('SCHEDULED');
  });

  it('counts in the publisher’s currency, with the yen minimum', async () => {
    const res = await nextPayment(P.sakuraPress, 'multi');
    expect(res.json()).toMatchObject({ currency: 'JPY', minimumBalance: 10_000, ledgerBalance: 9_000, balance: 9_000 });
    expect(res.json()).toMatchObject(planNextPayment(today, 'JPY', [{ month: month(2), amount: 6_000 }, { month: month(1), amount: 3_000 }]));
  });

  it('is refused to legacy just-premium publishers and follows the authorization matrix', async () => {
    expect((await nextPayment(P.premiumClassic, 'multi')).statusCode).toBe(403);
    await expectAccessMatrix(
      t,
      { solo: P.soloMedia, multi: P.atlasNews, nobody: NOBODY, missing: 99999 },
      (publisherId) => ({ method: 'GET', url: `/external/publishers/${publisherId}/payment-ledger/next-payment` }),
      200,
    );
  });
});

describe('earnings of a ledger row', () => {
  it('of a payment: every month since the previous payment, the ledger’s amounts and the zones’ revenue', async () => {
    const res = await earnings(P.atlasNews, ids.atlasSecond!, 'multi');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      entryId: ids.atlasSecond,
      currency: 'USD',
      months: [
        {
          month: month(3),
          ledgerAmount: 312.5,
          reportRevenue: 310.1,
          complete: false,
          zones: [
            { zoneId: zones.atlasB, name: 'Atlas <B>', revenue: 160 },
            { zoneId: zones.atlasA, name: 'Atlas A', revenue: 150.1 },
          ],
        },
        { month: month(2), ledgerAmount: 200, reportRevenue: 190.25, complete: false, zones: [{ zoneId: zones.atlasB, name: 'Atlas <B>', revenue: 190.25 }] },
      ],
    });
  });

  it('of earnings: its own month; a first payment: from the first month of the ledger', async () => {
    expect((await earnings(P.atlasNews, ids.atlasEarnings!, 'multi')).json().months.map((m: { month: string }) => m.month)).toEqual([month(2)]);
    const first = await earnings(P.soloMedia, ids.soloPaid!, 'solo');
    expect(first.json().months).toEqual([{ month: month(4), ledgerAmount: 95, reportRevenue: 0, complete: false, zones: [] }]);
  });

  it('answers another publisher’s row exactly like a missing one', async () => {
    const foreign = await earnings(P.atlasNews, ids.nobody!, 'multi');
    const missing = await earnings(P.atlasNews, 2_000_000_000, 'multi');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await earnings(NOBODY, ids.nobody!, 'multi')).statusCode).toBe(404);
    expect((await earnings(P.premiumClassic, ids.atlasFirst!, 'multi')).statusCode).toBe(403);
  });
});
