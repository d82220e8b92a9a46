import { describe, expect, it } from 'vitest';
import { addMonths, isPaidOut, MINIMUM_BALANCE, monthOf, paymentDate, planNextPayment, toMinor } from '../../../src/lib/payments';

describe('paymentDate (net 60)', () => {
  it('is 60 days after the month’s last day, across month lengths, leap years and the year end', () => {
    expect(paymentDate('2026-01')).toBe('2026-04-01'); // Jan 31 + 60
    expect(paymentDate('2026-02')).toBe('2026-04-29'); // Feb 28 + 60
    expect(paymentDate('2028-02')).toBe('2028-04-29'); // Feb 29 + 60
    expect(paymentDate('2026-09')).toBe('2026-11-29');
    expect(paymentDate('2026-11')).toBe('2027-01-29');
    expect(paymentDate('2026-12')).toBe('2027-03-01');
  });

  it('month helpers', () => {
    expect(monthOf('2026-11-23')).toBe('2026-11');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});

describe('planNextPayment', () => {
  const today = '2026-11-23';

  it('pays the oldest month whose day has not passed once the balance reaches $50', () => {
    const plan = planNextPayment(today, 'USD', [
      { month: '2026-10', amount: 80 },
      { month: '2026-09', amount: 120.35 },
      { month: '2026-11', amount: 12 },
    ]);
    expect(plan).toEqual({
      minimumBalance: 50,
      balance: 212.35,
      status: 'SCHEDULED',
      payment: { date: '2026-11-29', amount: 120.35, months: ['2026-09'], estimated: false },
    });
  });

  it('carries a month below the minimum over to the next one and pays both together', () => {
    const plan = planNextPayment(today, 'USD', [
      { month: '2026-09', amount: 30 },
      { month: '2026-10', amount: 25.5 },
    ]);
    expect(plan.payment).toEqual({ date: '2026-12-30', amount: 55.5, months: ['2026-09', '2026-10'], estimated: false });
  });

  it('includes a month carried over whose own day has passed', () => {
    // August (paid 2026-10-30) stayed under the minimum; it goes with September.
    const plan = planNextPayment(today, 'USD', [
      { month: '2026-08', amount: 20 },
      { month: '2026-09', amount: 40 },
    ]);
    expect(plan.payment).toMatchObject({ date: '2026-11-29', amount: 60, months: ['2026-08', '2026-09'] });
  });

  it('pays on the payment day itself', () => {
    expect(planNextPayment('2026-11-29', 'USD', [{ month: '2026-09', amount: 50 }]).payment?.date).toBe('2026-11-29');
    expect(planNextPayment('2026-11-30', 'USD', [{ month: '2026-09', amount: 50 }]).status).toBe('BELOW_MINIMUM');
  });

  it('estimates a payment whose last month is the current one', () => {
    const plan = planNextPayment(today, 'USD', [
      { month: '2026-10', amount: 20 },
      { month: '2026-11', amount: 31 },
    ]);
    expect(plan.payment).toEqual({ date: '2027-01-29', amount: 51, months: ['2026-10', '2026-11'], estimated: true });
  });

  it('waits below the minimum, exactly at it pays', () => {
    expect(planNextPayment(today, 'USD', [{ month: '2026-10', amount: 49.99 }])).toMatchObject({ status: 'BELOW_MINIMUM', payment: null, balance: 49.99 });
    expect(planNextPayment(today, 'USD', [{ month: '2026-10', amount: 50 }]).status).toBe('SCHEDULED');
  });

  it('owes nothing without earnings, or when deductions ate them', () => {
    expect(planNextPayment(today, 'USD', [])).toMatchObject({ status: 'NOTHING_DUE', balance: 0, payment: null });
    expect(planNextPayment(today, 'USD', [{ month: '2026-10', amount: -3 }])).toMatchObject({ status: 'NOTHING_DUE', balance: -3 });
  });

  it('lets a deduction take a month back under the minimum', () => {
    const plan = planNextPayment(today, 'USD', [
      { month: '2026-09', amount: 60 },
      { month: '2026-10', amount: -15 },
      { month: '2026-11', amount: 10 },
    ]);
    // September alone reaches the minimum, and its day comes first.
    expect(plan.payment).toMatchObject({ date: '2026-11-29', amount: 60, months: ['2026-09'] });
    expect(plan.balance).toBe(55);
  });

  it('adds cents exactly', () => {
    const plan = planNextPayment(today, 'USD', [
      { month: '2026-09', amount: 16.7 },
      { month: '2026-09', amount: 16.7 },
      { month: '2026-09', amount: 16.6 },
    ]);
    expect(plan.payment?.amount).toBe(50);
  });

  describe('currencies', () => {
    it('uses 10,000 yen for the Japanese unit, in whole yen', () => {
      expect(MINIMUM_BALANCE.JPY).toBe(10_000);
      expect(planNextPayment(today, 'JPY', [{ month: '2026-10', amount: 9_999 }]).status).toBe('BELOW_MINIMUM');
      const plan = planNextPayment(today, 'JPY', [
        { month: '2026-09', amount: 6_000 },
        { month: '2026-10', amount: 4_000 },
      ]);
      expect(plan).toMatchObject({ minimumBalance: 10_000, payment: { amount: 10_000, date: '2026-12-30', months: ['2026-09', '2026-10'] } });
    });

    it.each([
      ['USD', 50],
      ['EUR', 45],
      ['GBP', 40],
      ['CAD', 70],
      ['AUD', 75],
    ] as const)('%s: pays from %d, not a cent under it', (currency, minimum) => {
      expect(MINIMUM_BALANCE[currency]).toBe(minimum);
      expect(planNextPayment(today, currency, [{ month: '2026-10', amount: minimum - 0.01 }]).status).toBe('BELOW_MINIMUM');
      expect(planNextPayment(today, currency, [{ month: '2026-10', amount: minimum }]).payment?.amount).toBe(minimum);
    });
  });
});

describe('isPaidOut (the seed’s ledger)', () => {
  it('pays a month once the minimum is reached and its day has come', () => {
    expect(isPaidOut('2026-09', toMinor(50, 'USD'), 'USD', '2026-11-29')).toBe(true);
    expect(isPaidOut('2026-09', toMinor(50, 'USD'), 'USD', '2026-11-28')).toBe(false);
    expect(isPaidOut('2026-09', toMinor(49.99, 'USD'), 'USD', '2026-12-31')).toBe(false);
    expect(isPaidOut('2026-09', 10_000, 'JPY', '2026-12-01')).toBe(true);
  });
});
