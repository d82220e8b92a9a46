// Payment ledger of every demo publisher: the 24 complete months before the seeding month. Each month posts its
// earnings on the 1st of the next month (sometimes an adjustment or an invalid-traffic deduction on the 10th);
// when the balance reaches the payment minimum ($50, or 10,000 yen for the Japanese unit) it is paid out net 60
// (60 days after the month's end) by the publisher's payment method, unless that day is still to come. Amounts
// come from mulberry32 and are kept in minor units (cents, yen) so balances add up exactly.
import type { Queryable } from '../db';
import { DEMO, demoPublisherIds } from './demoIds';
import { insertRows } from './insert';
import { mulberry32, randomInt } from './data/names';
import { fillTemplate, paymentLedgerTemplates, type PaymentLedgerTemplate } from './data/reference';

type Method = 'paymentCheck' | 'paymentPaypal' | 'paymentAch' | 'paymentBankTransfer';

interface LedgerProfile {
  currency: 'USD' | 'JPY';
  /** Typical monthly earnings in major units. */
  monthly: number;
  method: Method;
}

export const LEDGER_MONTHS = 24;
const MINIMUM_MINOR = { USD: 50_00, JPY: 10_000 } as const;
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
  /** Major units, two decimals at most. */
  amount: number;
  currency: string;
}

export function planLedger(publisherId: number, today: Date): LedgerRow[] {
  const profile = profileOf(publisherId);
  const rng = mulberry32(0x1ed6e4 + publisherId);
  const scale = MINOR_PER_MAJOR[profile.currency];
  const rows: LedgerRow[] = [];
  const add = (ms: number, key: PaymentLedgerTemplate['key'], minor: number, values: Record<string, string>) => {
    const t = template(key);
    rows.push({ publisherId, date: isoDay(ms), description: fillTemplate(t.template, values), amount: (t.sign * minor) / scale, currency: profile.currency });
  };
  let balance = 0;
  for (let back = LEDGER_MONTHS; back >= 1; back--) {
    const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1);
    const next = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back + 1, 1);
    const month = monthName(start);
    // Earnings grow slowly over the two years, with ±25 % monthly swing.
    const earnings = Math.round(profile.monthly * scale * (0.75 + 0.5 * rng()) * (0.85 + (0.15 * (LEDGER_MONTHS - back)) / LEDGER_MONTHS));
    add(next, 'earnings', earnings, { month });
    balance += earnings;
    const extra = rng();
    if (extra < 0.12) {
      const adjustment = Math.round(earnings * (0.01 + 0.04 * rng()));
      add(next + 9 * DAY_MS, 'adjustment', adjustment, { month });
      balance += adjustment;
    } else if (extra < 0.22) {
      const deduction = Math.round(earnings * (0.01 + 0.03 * rng()));
      add(next + 9 * DAY_MS, 'invalidTraffic', deduction, { month });
      balance -= deduction;
    }
    const paidOn = next - DAY_MS + 60 * DAY_MS;
    if (balance >= MINIMUM_MINOR[profile.currency] && paidOn <= today.getTime()) {
      const yyyymm = isoDay(start).slice(0, 7).replace('-', '');
      add(paidOn, profile.method, balance, { reference: `${yyyymm}-${String(publisherId).padStart(4, '0')}` });
      balance = 0;
    }
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

export async function seedPayments(db: Queryable, today: Date): Promise<void> {
  const rows = demoPublisherIds().flatMap((id) => planLedger(id, today));
  await insertRows(db, 'payment_ledger', ['publisher_id', 'date', 'description', 'amount', 'currency'],
    rows.map((r) => [r.publisherId, r.date, r.description, r.amount, r.currency]));
}
