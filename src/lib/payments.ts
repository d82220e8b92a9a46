/**
 * When earnings are paid (spec section 9 'Payment info text': net 60 days; a minimum balance of $50, or the
 * equivalent, before a payment; for the Japanese business unit 10,000 yen, smaller amounts carried over to the next
 * month). One rule for the server's next-payment answer and the demo seed's ledger.
 *
 * - Each month's earnings are payable 60 days after the month's last day (`paymentDate`).
 * - On that day the unpaid balance of every month up to it is paid, if it reaches the minimum of the currency;
 *   otherwise it is carried over, and paid with a later month once the balance reaches the minimum.
 * - Amounts are added in minor units (cents, yen), so balances add up exactly.
 *
 * "Or equivalent" is not given a rate by the spec: the minimums of the other currencies are this project's fixed
 * equivalents of $50.
 */

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PAYMENT_TERMS_DAYS = 60;

export const MINIMUM_BALANCE: Readonly<Record<Currency, number>> = { USD: 50, EUR: 45, GBP: 40, CAD: 70, AUD: 75, JPY: 10_000 };

/** Digits after the decimal point of each currency's minor unit. */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = { USD: 2, EUR: 2, GBP: 2, CAD: 2, AUD: 2, JPY: 0 };

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

export const toMinor = (amount: number, currency: Currency) => Math.round(amount * 10 ** CURRENCY_DECIMALS[currency]);
export const fromMinor = (minor: number, currency: Currency) => minor / 10 ** CURRENCY_DECIMALS[currency];

/** 'YYYY-MM' of an ISO day ('YYYY-MM-DD'). */
export const monthOf = (day: string) => day.slice(0, 7);

/** 'YYYY-MM' `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, mon - 1 + count, 1));
  return at.toISOString().slice(0, 7);
}

/** The day a month's earnings are payable: 60 days after its last day. */
export function paymentDate(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const lastDay = Date.UTC(year, mon, 0);
  return new Date(lastDay + PAYMENT_TERMS_DAYS * 86_400_000).toISOString().slice(0, 10);
}

export interface UnpaidMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** Earned in the month and not yet paid (earnings, adjustments, deductions), in major units. */
  amount: number;
}

export type NextPaymentStatus = 'SCHEDULED' | 'BELOW_MINIMUM' | 'NOTHING_DUE';

export interface NextPaymentPlan {
  minimumBalance: number;
  /** Sum of the unpaid months. */
  balance: number;
  status: NextPaymentStatus;
  payment: { date: string; amount: number; months: string[]; estimated: boolean } | null;
}

/**
 * The next payment, seen on `today` ('YYYY-MM-DD'), of the unpaid months (any order; the current month, not over
 * yet, may be one of them): the first month, oldest first, whose payment day is today or later and by which the
 * balance reaches the minimum. It pays every unpaid month up to it; its amount is an estimate while that month is
 * not over.
 */
export function planNextPayment(today: string, currency: Currency, unpaid: readonly UnpaidMonth[]): NextPaymentPlan {
  const minimum = toMinor(MINIMUM_BALANCE[currency], currency);
  const months = [...unpaid].sort((a, b) => a.month.localeCompare(b.month));
  const total = months.reduce((sum, m) => sum + toMinor(m.amount, currency), 0);
  const base = { minimumBalance: MINIMUM_BALANCE[currency], balance: fromMinor(total, currency) };
  let running = 0;
  for (const [index, month] of months.entries()) {
    running += toMinor(month.amount, currency);
    const date = paymentDate(month.month);
    if (date >= today && running >= minimum) {
      return {
        ...base,
        status: 'SCHEDULED',
        payment: {
          date,
          amount: fromMinor(running, currency),
          months: months.slice(0, index + 1).map((m) => m.month),
          estimated: month.month >= monthOf(today),
        },
      };
    }
  }
  return { ...base, status: total > 0 ? 'BELOW_MINIMUM' : 'NOTHING_DUE', payment: null };
}

/**
 * Whether the balance built up to `month` is paid on its payment day (the seed's ledger): it reaches the minimum
 * and that day has come by `today`.
 */
export function isPaidOut(month: string, balanceMinor: number, currency: Currency, today: string): boolean {
  return balanceMinor >= toMinor(MINIMUM_BALANCE[currency], currency) && paymentDate(month) <= today;
}
