// What the ledger owes and what it paid for: the next payment (the rule of src/lib/payments.ts over the unpaid
// ledger months and the report revenue not posted yet) and, for one ledger row, the months it is about with
// their revenue per zone from the report rows.
import { assertFullProduct, publisherFor } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { Handlers } from '../../http/handlers';
import { addMonths, isCurrency, planNextPayment, type Currency, type UnpaidMonth } from '../../../../src/lib/payments';
import { MAX_EARNINGS_ZONES } from '../../../../src/lib/limits';

async function publisherCurrency(db: Queryable, publisherId: number): Promise<{ currency: Currency; today: string }> {
  const row = await db.one<{ currency: string; today: string }>(
    `SELECT currency, to_char(current_date, 'YYYY-MM-DD') AS today FROM publishers WHERE id = $1`,
    [publisherId],
  );
  if (!row || !isCurrency(row.currency)) throw new Error(`publisher ${publisherId} has no known currency`);
  return { currency: row.currency, today: row.today };
}

interface MonthAmount {
  month: string;
  amount: number;
  source: 'ledger' | 'report';
}

/**
 * Unpaid: the ledger rows the last payment did not cover (of a later month, or posted after it for its month or
 * an earlier one, which then count with its month), by month; and the report revenue of the months after the
 * last month whose earnings were posted, up to today.
 */
const UNPAID_MONTHS_SQL = `
  WITH last AS (SELECT month, date FROM payment_ledger WHERE publisher_id = $1 AND kind = 'payment' ORDER BY month DESC, date DESC LIMIT 1),
       posted AS (SELECT max(month) AS month FROM payment_ledger WHERE publisher_id = $1 AND kind = 'earnings')
  SELECT to_char(greatest(l.month, last.month), 'YYYY-MM') AS month, sum(l.amount)::float8 AS amount, 'ledger' AS source
    FROM payment_ledger l LEFT JOIN last ON true
   WHERE l.publisher_id = $1 AND l.kind <> 'payment' AND (last.month IS NULL OR l.month > last.month OR l.date > last.date)
   GROUP BY 1
  UNION ALL
  SELECT to_char(date_trunc('month', r.day), 'YYYY-MM'), sum(r.revenue)::float8, 'report'
    FROM report_zone_daily r CROSS JOIN posted
   WHERE r.publisher_id = $1 AND r.day <= current_date AND (posted.month IS NULL OR r.day >= posted.month + interval '1 month')
   GROUP BY 1`;

export const paymentEarningsHandlers: Handlers = {
  async getNextPayment({ db, principal, params }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    assertFullProduct(publisher);
    const { currency, today } = await publisherCurrency(db, publisher.id);
    const amounts = await db.query<MonthAmount>(UNPAID_MONTHS_SQL, [publisher.id]);
    const byMonth = new Map<string, number>();
    for (const row of amounts) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.amount);
    const unpaid: UnpaidMonth[] = [...byMonth].map(([month, amount]) => ({ month, amount }));
    const plan = planNextPayment(today, currency, unpaid);
    const total = (source: MonthAmount['source']) => {
      const sum = amounts.filter((row) => row.source === source).reduce((acc, row) => acc + row.amount, 0);
      return Math.round(sum * 100) / 100;
    };
    return {
      asOf: today,
      currency,
      minimumBalance: plan.minimumBalance,
      ledgerBalance: total('ledger'),
      unpostedEarnings: total('report'),
      balance: plan.balance,
      status: plan.status,
      payment: plan.payment,
    };
  },

  async getPaymentEarnings({ db, principal, params }) {
    const publisher = await publisherFor(db, principal, params.publisherId);
    assertFullProduct(publisher);
    const entry = await db.one<{ kind: string; month: string; previous: string | null; first: string }>(
      `SELECT e.kind, to_char(e.month, 'YYYY-MM') AS month,
              (SELECT to_char(max(p.month), 'YYYY-MM') FROM payment_ledger p
                WHERE p.publisher_id = e.publisher_id AND p.kind = 'payment' AND p.month < e.month) AS previous,
              (SELECT to_char(min(f.month), 'YYYY-MM') FROM payment_ledger f WHERE f.publisher_id = e.publisher_id) AS first
         FROM payment_ledger e WHERE e.id = $1 AND e.publisher_id = $2`,
      [params.entryId, publisher.id],
    );
    if (!entry) throw notFound('Payment ledger row not found');
    const { currency } = await publisherCurrency(db, publisher.id);
    const from = entry.kind === 'payment' ? (entry.previous ? addMonths(entry.previous, 1) : entry.first) : entry.month;
    const months: string[] = [];
    for (let month = from; month <= entry.month; month = addMonths(month, 1)) months.push(month);

    const range = [publisher.id, `${from}-01`, `${addMonths(entry.month, 1)}-01`];
    const ledger = await db.query<{ month: string; amount: number }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, sum(amount)::float8 AS amount FROM payment_ledger
        WHERE publisher_id = $1 AND kind <> 'payment' AND month >= $2::date AND month < $3::date GROUP BY 1`,
      range,
    );
    const days = await db.query<{ month: string; days: number; complete: boolean }>(
      `SELECT to_char(date_trunc('month', day), 'YYYY-MM') AS month,
              count(DISTINCT day) = extract(day FROM date_trunc('month', min(day)) + interval '1 month - 1 day') AS complete
         FROM report_zone_daily WHERE publisher_id = $1 AND day >= $2::date AND day < $3::date GROUP BY 1`,
      range,
    );
    const zones = await db.query<{ month: string; zoneId: number; name: string; revenue: number }>(
      `SELECT to_char(date_trunc('month', r.day), 'YYYY-MM') AS month, r.zone_id AS "zoneId", z.name, sum(r.revenue)::float8 AS revenue
         FROM report_zone_daily r JOIN zones z ON z.tracking_id = r.zone_id
        WHERE r.publisher_id = $1 AND r.day >= $2::date AND r.day < $3::date
        GROUP BY 1, 2, 3 ORDER BY 1, 4 DESC, 2`,
      range,
    );
    const round = (n: number) => Math.round(n * 10_000) / 10_000;
    return {
      entryId: params.entryId,
      currency,
      months: months.map((month) => {
        const monthZones = zones.filter((zone) => zone.month === month).map(({ zoneId, name, revenue }) => ({ zoneId, name, revenue: round(revenue) }));
        return {
          month,
          ledgerAmount: round(ledger.find((row) => row.month === month)?.amount ?? 0),
          reportRevenue: round(monthZones.reduce((sum, zone) => sum + zone.revenue, 0)),
          complete: days.find((row) => row.month === month)?.complete ?? false,
          // Largest first: the contract lists at most MAX_EARNINGS_ZONES; reportRevenue above counts every zone.
          zones: monthZones.slice(0, MAX_EARNINGS_ZONES),
        };
      }),
    };
  },
};
