// The detection of revenue alerts (src/lib/revenueAlerts.ts) as properties: no alert on a flat or growing series,
// none for a weekly rhythm with noise, none under the minimum volume, and exactly one, on its first day, for a step
// down however long it lasts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALERT_METRICS,
  DETECTION,
  HISTORY_DAYS,
  analyseSeries,
  dropPercent,
  meetsThreshold,
  type DailyFigures,
  type DailySeries,
} from '../../../src/lib/revenueAlerts';

const LENGTH = HISTORY_DAYS + 30;

/** Every metric's alerts over the whole series (from the first day that can be judged). */
const alerts = (series: DailySeries) => Object.fromEntries(ALERT_METRICS.map((metric) => [metric, analyseSeries(series, metric).drops(0)]));
const none = { REVENUE: [], IMPRESSIONS: [], RPM: [] };

const level = fc.double({ min: 1, max: 1e6, noNaN: true });
const volume = fc.integer({ min: DETECTION.minBaselineImpressions, max: 10_000_000 });
const length = fc.integer({ min: 1, max: LENGTH });

describe('revenue alert detection', () => {
  it('raises nothing on a flat series', () => {
    fc.assert(
      fc.property(level, volume, length, (revenue, impressions, days) => {
        expect(alerts(Array.from({ length: days }, () => ({ revenue, impressions })))).toEqual(none);
      }),
    );
  });

  it('raises nothing on a growing series, however unevenly it grows', () => {
    fc.assert(
      fc.property(level, volume, fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { minLength: 1, maxLength: LENGTH }), (revenue, impressions, steps) => {
        // Revenue and impressions grow together (RPM flat), or revenue alone (RPM grows too).
        let factor = 1;
        const together: DailyFigures[] = [];
        const revenueOnly: DailyFigures[] = [];
        for (const step of steps) {
          factor *= 1 + step;
          together.push({ revenue: revenue * factor, impressions: impressions * factor });
          revenueOnly.push({ revenue: revenue * factor, impressions });
        }
        expect(alerts(together)).toEqual(none);
        expect(alerts(revenueOnly)).toEqual(none);
      }),
    );
  });

  it('raises nothing on a weekly rhythm with noise of up to 5 %, growing or not', () => {
    const weekday = fc.array(fc.double({ min: 0.3, max: 1.5, noNaN: true }), { minLength: 7, maxLength: 7 });
    const noise = fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: LENGTH, maxLength: LENGTH });
    const growth = fc.double({ min: 0, max: 0.01, noNaN: true });
    fc.assert(
      fc.property(level, volume, weekday, weekday, noise, noise, growth, fc.integer({ min: 0, max: 6 }), (revenue, impressions, revenueWeek, impressionWeek, revenueNoise, impressionNoise, daily, offset) => {
        const series = Array.from({ length: LENGTH }, (_, day) => {
          const trend = (1 + daily) ** day;
          const weekdayOf = (week: number[]) => week[(day + offset) % 7]!;
          return {
            revenue: revenue * trend * weekdayOf(revenueWeek) * (1 + revenueNoise[day]!),
            // The volume stays above the minimum on the quietest day.
            impressions: (impressions / 0.3) * trend * weekdayOf(impressionWeek) * (1 + impressionNoise[day]!),
          };
        });
        expect(alerts(series)).toEqual(none);
      }),
    );
  });

  it('raises nothing when the volume is under the minimum, whatever happens', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ revenue: fc.double({ min: 0, max: 1e6, noNaN: true }), impressions: fc.integer({ min: 0, max: DETECTION.minBaselineImpressions - 1 }) }), {
          minLength: 1,
          maxLength: LENGTH,
        }),
        (series) => {
          expect(alerts(series)).toEqual(none);
        },
      ),
    );
  });

  it('raises one alert on the first day of a step down, with its size, however long it lasts', () => {
    fc.assert(
      fc.property(
        level,
        volume,
        fc.double({ min: 0.25, max: 1, noNaN: true }),
        fc.integer({ min: HISTORY_DAYS, max: HISTORY_DAYS + 20 }),
        fc.integer({ min: 1, max: 60 }),
        (revenue, impressions, size, before, after) => {
          const series = Array.from({ length: before + after }, (_, day) => ({ revenue: day < before ? revenue : revenue * (1 - size), impressions }));
          const found = alerts(series);
          // Impressions held: revenue and RPM fell by the same share.
          for (const metric of ['REVENUE', 'RPM'] as const) {
            expect(found[metric]).toHaveLength(1);
            expect(found[metric]![0]).toMatchObject({ day: before, peakDay: before });
            expect(found[metric]![0]!.drop).toBeCloseTo(size, 9);
            expect(found[metric]![0]!.baseline).toBeCloseTo(revenue * (metric === 'RPM' ? 1000 / impressions : 1), 6);
          }
          expect(found.IMPRESSIONS).toEqual([]);
        },
      ),
    );
  });

  it('finds a step down of at least 40 % through noise of up to 2 %, once, on its first day', () => {
    const noise = fc.array(fc.double({ min: -0.02, max: 0.02, noNaN: true }), { minLength: HISTORY_DAYS + 80, maxLength: HISTORY_DAYS + 80 });
    fc.assert(
      fc.property(level, volume, fc.double({ min: 0.4, max: 0.95, noNaN: true }), fc.integer({ min: 1, max: 60 }), noise, (revenue, impressions, size, after, wobble) => {
        const before = HISTORY_DAYS + 10;
        const series = Array.from({ length: before + after }, (_, day) => ({
          revenue: (day < before ? revenue : revenue * (1 - size)) * (1 + wobble[day]!),
          impressions,
        }));
        const found = analyseSeries(series, 'REVENUE').drops(0);
        expect(found.map((drop) => drop.day)).toEqual([before]);
        expect(found[0]!.drop).toBeGreaterThan(size - 0.05);
      }),
    );
  });

  it('shows the lowest day of a drop that starts mid-day', () => {
    const before = HISTORY_DAYS;
    const series = Array.from({ length: before + 10 }, (_, day) => ({ revenue: day < before ? 100 : day === before ? 75 : 55, impressions: 5000 }));
    const [drop] = analyseSeries(series, 'REVENUE').drops(0);
    expect(drop).toMatchObject({ day: before, peakDay: before + 1, value: 55, baseline: 100 });
    expect(dropPercent(drop!.drop)).toBe(45);
  });

  it('does not judge a day without data, nor use one in a baseline', () => {
    const before = HISTORY_DAYS;
    const series: (DailyFigures | null)[] = Array.from({ length: before + 5 }, (_, day) => (day < before ? { revenue: 100, impressions: 5000 } : null));
    expect(analyseSeries(series, 'REVENUE').drops(0)).toEqual([]);
    // A hole in the baseline weeks: that weekday cannot be judged until four full weeks follow it.
    const holed = Array.from({ length: before + 1 }, (_, day) => (day === before - 14 ? null : { revenue: day === before ? 10 : 100, impressions: 5000 }));
    expect(analyseSeries(holed, 'REVENUE').dropped(before)).toBe(false);
  });

  it('needs a noisy series to fall further than a steady one', () => {
    const before = HISTORY_DAYS;
    // Days alternating 30 % above and under the usual level: a 45 % fall is within what this series does.
    const noisy = Array.from({ length: before + 1 }, (_, day) => ({ revenue: day === before ? 55 : day % 2 ? 130 : 70, impressions: 5000 }));
    expect(analyseSeries(noisy, 'REVENUE').dropped(before)).toBe(false);
    const steady = Array.from({ length: before + 1 }, (_, day) => ({ revenue: day === before ? 55 : 100, impressions: 5000 }));
    expect(analyseSeries(steady, 'REVENUE').dropped(before)).toBe(true);
  });

  it('rounds drops to one decimal of a percent, and a threshold is met at that rounding', () => {
    expect(dropPercent(0.29951)).toBe(30);
    expect(meetsThreshold(0.29951, 30)).toBe(true);
    expect(meetsThreshold(0.2994, 30)).toBe(false);
  });
});
