import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatMonth } from '../../../src/i18n/formats';

describe('formats of the UI language', () => {
  it('money in its own currency', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(-1234.5, 'USD', 'en')).toBe('-$1,234.50');
    expect(formatMoney(10000, 'JPY', 'ja')).toBe('￥10,000');
    expect(formatMoney(1234.5, 'USD', 'fr')).toBe('1\u202f234,50\u00a0$US');
    expect(formatMoney(1234.5, 'EUR', 'es')).toBe('1234,50\u00a0€');
  });

  it('calendar days and months, whatever the clock’s time zone', () => {
    expect(formatDay('2026-01-31', 'en')).toBe('Jan 31, 2026');
    expect(formatDay('2026-01-31', 'ja')).toBe('2026/01/31');
    expect(formatMonth('2026-09', 'en')).toBe('September 2026');
    expect(formatMonth('2026-09', 'fr')).toBe('septembre 2026');
  });
});
