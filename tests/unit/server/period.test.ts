import { describe, expect, it } from 'vitest';
import { parsePeriod, periodKeys } from '../../../server/src/routes/reporting/frames/period';

const today = '2026-11-23';

describe('parsePeriod', () => {
  it('takes the last N days before today (today has no complete rows yet), compared with the N before', () => {
    expect(parsePeriod({ range: '7' }, today)).toEqual({
      range: '7',
      from: '2026-11-16',
      to: '2026-11-22',
      grouping: 'day',
      previous: { from: '2026-11-09', to: '2026-11-15' },
    });
    expect(parsePeriod({}, today)).toMatchObject({ range: '30', from: '2026-10-24', to: '2026-11-22' });
    expect(parsePeriod({ range: '180' }, today)).toMatchObject({ from: '2026-05-27', grouping: 'day', previous: { from: '2025-11-28', to: '2026-05-26' } });
  });

  it('uses the dashboard’s default, all history by month for the historical report', () => {
    expect(parsePeriod({}, today, 'all')).toEqual({ range: 'all', from: null, to: '2026-11-22', grouping: 'month', previous: null });
    expect(parsePeriod({ range: 'nonsense' }, today, '90')).toMatchObject({ range: '90' });
  });

  it('takes a custom period as given, by day up to a year and by month beyond', () => {
    expect(parsePeriod({ range: 'custom', from: '2026-02-01', to: '2026-02-28' }, today)).toEqual({
      range: 'custom',
      from: '2026-02-01',
      to: '2026-02-28',
      grouping: 'day',
      previous: { from: '2026-01-04', to: '2026-01-31' },
    });
    expect(parsePeriod({ range: 'custom', from: '2025-01-01', to: '2026-06-30' }, today).grouping).toBe('month');
    // Dates are ignored unless the custom period is chosen.
    expect(parsePeriod({ range: '7', from: '2020-01-01', to: '2020-01-02' }, today).from).toBe('2026-11-16');
  });

  it('falls back to the last 30 days and says why', () => {
    expect(parsePeriod({ range: 'custom', from: '2026-03-01', to: '2026-02-01' }, today)).toMatchObject({ range: '30', problem: 'order', from: '2026-10-24' });
    expect(parsePeriod({ range: 'custom', from: '', to: '2026-02-01' }, today).problem).toBe('missing');
    expect(parsePeriod({ range: 'custom', from: '2026-02-30', to: '2026-03-01' }, today).problem).toBe('missing');
    expect(parsePeriod({ range: 'custom', from: '2023-01-01', to: '2026-01-01' }, today).problem).toBe('tooLong');
  });
});

describe('periodKeys', () => {
  it('lists every day or month, so days without rows still show', () => {
    expect(periodKeys('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(periodKeys('2025-11-15', '2026-02-01', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
