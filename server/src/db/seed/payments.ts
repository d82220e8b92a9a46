// Payment ledger of every demo publisher: the 24 complete months before the seeding month. Each month posts its
// earnings on the 1st of the next month (sometimes an adjustment or an invalid-traffic deduction on the 10th);
// when the balance reaches the payment minimum ($50, or 10,000 yen for the Japanese unit) it is paid out net 60
// (60 days after the month's end) by the publisher's payment method, unless that day is still to come (the rule
// of src/lib/payments.ts). A month the report rows cover whole posts their revenue, so payments reconcile with
// reporting; the other months' amounts come from mulberry32. Amounts are kept in minor units (cents, yen) so
// balances add up exactly.
import type { Queryable } from '../db';
import { DEMO, demoPublisherIds } from './demoIds';
import { insertRows } from './insert';
import { mulberry32, randomInt } from './data/names';
import { fillTemplate, paymentLedgerTemplates, type PaymentLedgerTemplate } from './data/reference';
import { isPaidOut, paymentDate, toMinor, type Currency } from '../../../../src/lib/payments';

type Method = 'paymentCheck' | 'paymentPaypal' | 'paymentAch' | 'paymentBankTransfer';
export type LedgerKind = 'earnings' | 'adjustment' | 'deduction' | 'payment';

const KIND_OF_TEMPLATE: Readonly<Record<PaymentLedgerTemplate['key'], LedgerKind>> = {
  earnings: 'earnings',
  adjustment: 'adjustment',
  carryOver: 'adjustment',
  invalidTraffic: 'deduction',
  paymentCheck: 'payment',
  paymentPaypal: 'payment',
  paymentAch: 'payment',
  paymentBankTransfer: 'payment',
};

interface LedgerProfile {
  currency: Currency & ('USD' | 'JPY');
  /** Typical monthly earnings in major units. */
  monthly: number;
  method: Method;
}

export const LEDGER_MONTHS = 24;
const MINOR_PER_MAJOR = { USD: 100, JPY: 1 } as const;
const DAY_MS = 86_400_000;

const P = DEMO.publishers;
const PROFILES: Readonly<Record<number, LedgerProfile>> = {
  // Below the minimum in some months, so those earnings wait for the next payment.
  [P.soloMedia]: { currency: 'USD', monthly: 55, method: 'paymentPaypal' },
  [P.atlasNews]: { currency: 'USD', monthly: 11_500, method: 'paymentAch' },
  [P.sakuraPress]: { currency: 'JPY', monthly: 620_000, method: 'paymentBankTransfer' },
  [P.premiumClassic]: { currency: 'USD', monthly: 2_600, method: 'paymentCheck' },
  [P.lockedOutlet]: { currency: 'USD', monthly: 380, method: 'paymentAch' },
};
const OTHER_METHODS: readonly Method[] = ['paymentCheck', 'paymentPaypal', 'paymentAch'];

function profileOf(publisherId: number): LedgerProfile {
  const known = PROFILES[publisherId];
  if (known) return known;
  const rng = mulberry32(0x1ed9e + publisherId);
  return { currency: 'USD', monthly: randomInt(rng, 3, 50) * 100, method: OTHER_METHODS[publisherId % OTHER_METHODS.length] ?? 'paymentCheck' };
}

function template(key: PaymentLedgerTemplate['key']): PaymentLedgerTemplate {
  const found = paymentLedgerTemplates.find((t) => t.key === key);
  if (!found) throw new Error(`seed: no payment ledger template ${key}`);
  return found;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthName = (ms: number) => new Date(ms).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface LedgerRow {
  publisherId: number;
  date: string;
  description: string;
  /** Which standard line it is (the console words it from this, the month and the reference). */
  descriptionKey: PaymentLedgerTemplate['key'];
  reference: string | null;
  /** Major units, two decimals at most. */
  amount: number;
  currency: string;
  kind: LedgerKind;
  /** First day of the month the row is about (for a payment, the last month it pays). */
  month: string;
}

export const ledgerCurrencyOf = (publisherId: number): Currency => profileOf(publisherId).currency;

/** `reported`: the revenue of the months the report rows cover whole, by 'YYYY-MM', in major units. */
export function planLedger(publisherId: number, today: Date, reported: ReadonlyMap<string, number> = new Map()): LedgerRow[] {
  const profile = profileOf(publisherId);
  const rng = mulberry32(0x1ed6e4 + publisherId);
  const scale = MINOR_PER_MAJOR[profile.currency];
  const todayIso = isoDay(today.getTime());
  const rows: LedgerRow[] = [];
  const add = (ms: number, key: PaymentLedgerTemplate['key'], minor: number, values: Record<string, string>, month: string) => {
    const t = template(key);
    rows.push({
      publisherId,
      date: isoDay(ms),
      description: fillTemplate(t.template, values),
      descriptionKey: key,
      reference: values.reference ?? null,
      amount: (t.sign * minor) / scale,
      currency: profile.currency,
      kind: KIND_OF_TEMPLATE[key],
      month: `${month}-01`,
    });
  };
  let balance = 0;
  for (let back = LEDGER_MONTHS; back >= 1; back--) {
    const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1);
    const next = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back + 1, 1);
    const month = monthName(start);
    const yyyyMm = isoDay(start).slice(0, 7);
    // Earnings grow slowly over the two years, with ±25 % monthly swing (drawn even for a reported month, so the
    // other months keep their amounts whatever the report rows hold).
    const drawn = Math.round(profile.monthly * scale * (0.75 + 0.5 * rng()) * (0.85 + (0.15 * (LEDGER_MONTHS - back)) / LEDGER_MONTHS));
    const revenue = reported.get(yyyyMm);
    const earnings = revenue === undefined ? drawn : toMinor(revenue, profile.currency);
    add(next, 'earnings', earnings, { month }, yyyyMm);
    balance += earnings;
    const extra = rng();
    if (extra < 0.12) {
      const adjustment = Math.round(earnings * (0.01 + 0.04 * rng()));
      add(next + 9 * DAY_MS, 'adjustment', adjustment, { month }, yyyyMm);
      balance += adjustment;
    } else if (extra < 0.22) {
      const deduction = Math.round(earnings * (0.01 + 0.03 * rng()));
      add(next + 9 * DAY_MS, 'invalidTraffic', deduction, { month }, yyyyMm);
      balance -= deduction;
    }
    if (isPaidOut(yyyyMm, balance, profile.currency, todayIso)) {
      const reference = `${yyyyMm.replace('-', '')}-${String(publisherId).padStart(4, '0')}`;
      add(Date.parse(paymentDate(yyyyMm)), profile.method, balance, { reference }, yyyyMm);
      balance = 0;
    }
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

/** Revenue per publisher and whole month the report rows cover (every day of the month has rows). */
async function reportedMonths(db: Queryable): Promise<Map<number, Map<string, number>>> {
  const rows = await db.query<{ publisherId: number; month: string; revenue: number }>(
    `SELECT publisher_id AS "publisherId", to_char(date_trunc('month', day), 'YYYY-MM') AS month, sum(revenue)::float8 AS revenue
       FROM report_zone_daily GROUP BY 1, 2
     HAVING count(DISTINCT day) = extract(day FROM date_trunc('month', min(day)) + interval '1 month - 1 day')`,
  );
  const byPublisher = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const months = byPublisher.get(row.publisherId) ?? new Map<string, number>();
    months.set(row.month, row.revenue);
    byPublisher.set(row.publisherId, months);
  }
  return byPublisher;
}

/** After the report rows: the months they cover whole post their revenue. */
export async function seedPayments(db: Queryable, today: Date): Promise<void> {
  const reported = await reportedMonths(db);
  const rows = demoPublisherIds().flatMap((id) => planLedger(id, today, reported.get(id)));
  await insertRows(db, 'payment_ledger', ['publisher_id', 'date', 'description', 'description_key', 'reference', 'amount', 'currency', 'kind', 'month'],
    rows.map((r) => [r.publisherId, r.date, r.description, r.descriptionKey, r.reference, r.amount, r.currency, r.kind, r.month]));
  for (const id of demoPublisherIds()) {
    const currency = ledgerCurrencyOf(id);
    if (currency !== 'USD') await db.query('UPDATE publishers SET currency = $2 WHERE id = $1', [id, currency]);
  }
}
