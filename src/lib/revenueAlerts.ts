/**
 * Revenue alerts (issue 23): when a day's figure falls clearly below what is usual for it. Pure, so the property
 * tests (tests/unit/lib/revenueAlerts.test.ts) hold the method itself; the daily job (server/src/alerts/) feeds it
 * the report rows' daily series, per publisher and per zone, and stores what it finds.
 *
 * The method, for one series (a metric of one publisher or zone, one value a day):
 * - The baseline of a day is the median of the same weekday in the 4 weeks before: a Sunday is compared with
 *   Sundays, so a weekly rhythm (quiet weekends) never looks like a drop.
 * - The drop of a day is how far it lies under its baseline: (baseline - value) / baseline.
 * - A day is dropped when its drop is at least MIN_DROP (20 %, the lowest threshold a user may choose) and at least
 *   ROBUST_Z times the series' usual noise: the median absolute deviation of the 14 days before (each day's
 *   relative distance to its own baseline), scaled by 1.4826 to a standard deviation. A noisy zone must fall
 *   further than a steady one before it counts.
 * - Small volumes are noise: a day is judged only when the baseline of its impressions (same rule) is at least
 *   MIN_BASELINE_IMPRESSIONS a day, whatever the metric.
 * - An alert is raised on the first day of a drop: a dropped day with no dropped day in the 7 before it, so a drop
 *   that lasts (its baseline catches up only after two to three weeks) is one alert, not one a day. It carries the
 *   lowest day of its first week (a drop that starts mid-day shows its full size the next day).
 * - Users choose their own threshold (THRESHOLDS: 20 to 90 %, 30 % by default): they see the alerts whose drop
 *   reaches it.
 * A day without report data (null) is neither judged nor part of a baseline; the job gives a zone 0 for a day its
 * publisher reported and it did not (a zone that stopped serving).
 */

export const ALERT_METRICS = ['REVENUE', 'IMPRESSIONS', 'RPM'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

export const DETECTION = {
  /** Weeks of the same weekday whose median is the baseline. */
  baselineWeeks: 4,
  /** Days before a day whose residuals give its noise, and how many of them must be judged. */
  noiseDays: 14,
  minNoiseDays: 7,
  /** A drop must be at least this many robust standard deviations. */
  robustZ: 3,
  /** The smallest drop stored: the lowest threshold a user may choose. */
  minDrop: 0.2,
  minBaselineImpressions: 1000,
  /** Days without a drop before a new alert of the same series. */
  episodeGapDays: 7,
  /** Days of a drop's start among which its lowest is shown. */
  peakDays: 7,
} as const;

/** The per-user threshold, in percent of the baseline. */
export const THRESHOLDS = { min: 20, max: 90, default: 30 } as const;

/** Days of data before the first day the job judges: baseline, noise, and the gap before an alert. */
export const HISTORY_DAYS = DETECTION.baselineWeeks * 7 + DETECTION.noiseDays + DETECTION.episodeGapDays;

export interface DailyFigures {
  revenue: number;
  impressions: number;
}

/** One entry a day, oldest first; null when there is no report data that day. */
export type DailySeries = readonly (DailyFigures | null)[];

export interface Drop {
  /** Index of the first day of the drop. */
  day: number;
  /** Index of its lowest day in its first week, whose figures these are. */
  peakDay: number;
  value: number;
  baseline: number;
  /** (baseline - value) / baseline, in 0..1. */
  drop: number;
}

export function metricValue(figures: DailyFigures | null, metric: AlertMetric): number | null {
  if (figures === null) return null;
  switch (metric) {
    case 'REVENUE':
      return figures.revenue;
    case 'IMPRESSIONS':
      return figures.impressions;
    case 'RPM':
      return figures.impressions > 0 ? (figures.revenue / figures.impressions) * 1000 : null;
  }
}

function median(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The baseline of every day: the median of the same weekday in the weeks before (NaN when one of them has no
 * value). Four weeks: the two middle values of four are the sum less the smallest and the largest.
 */
function weeklyBaselines(values: Float64Array): Float64Array {
  const baselines = new Float64Array(values.length).fill(Number.NaN);
  const weeks = DETECTION.baselineWeeks;
  const past: number[] = new Array<number>(weeks);
  for (let index = 7 * weeks; index < values.length; index += 1) {
    let sum = 0;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let week = 1; week <= weeks; week += 1) {
      const value = values[index - 7 * week]!;
      past[week - 1] = value;
      sum += value;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    // NaN (a day without data) makes the sum NaN, and so the baseline: that day cannot be judged.
    baselines[index] = weeks === 4 ? (sum - low - high) / 2 : median([...past]);
  }
  return baselines;
}

/** A drop rounded as users see it: percent with one decimal. */
export const dropPercent = (drop: number) => Math.round(drop * 1000) / 10;

/** Whether a user with this threshold (percent) sees a drop of this size. */
export const meetsThreshold = (drop: number, thresholdPercent: number) => dropPercent(drop) >= thresholdPercent;

export interface SeriesAnalysis {
  /** Whether the day at `index` is dropped (false when it cannot be judged). */
  dropped(index: number): boolean;
  /** The alerts whose first day lies in [from, to]. */
  drops(from: number, to?: number): Drop[];
}

/** Judges a series for one metric (see the header for the method). */
export function analyseSeries(series: DailySeries, metric: AlertMetric): SeriesAnalysis {
  const n = series.length;
  const values = new Float64Array(n);
  const impressions = new Float64Array(n);
  for (let index = 0; index < n; index += 1) {
    const figures = series[index] ?? null;
    values[index] = metricValue(figures, metric) ?? Number.NaN;
    impressions[index] = figures?.impressions ?? Number.NaN;
  }
  const baseline = weeklyBaselines(values);
  const volume = metric === 'IMPRESSIONS' ? baseline : weeklyBaselines(impressions);
  /** value / baseline - 1 of the days that can be judged, else NaN. */
  const residual = new Float64Array(n).fill(Number.NaN);
  for (let index = 0; index < n; index += 1) {
    const base = baseline[index]!;
    if (base > 0 && volume[index]! >= DETECTION.minBaselineImpressions) residual[index] = values[index]! / base - 1;
  }
  /** -1 not judged yet, else 0 or 1. */
  const memo = new Int8Array(n).fill(-1);
  const window: number[] = [];
  const judge = (index: number): boolean => {
    const own = residual[index]!;
    // NaN (cannot be judged) fails this comparison too.
    if (!(-own >= DETECTION.minDrop)) return false;
    window.length = 0;
    for (let day = Math.max(0, index - DETECTION.noiseDays); day < index; day += 1) {
      const r = residual[day]!;
      if (!Number.isNaN(r)) window.push(r);
    }
    if (window.length < DETECTION.minNoiseDays) return false;
    const centre = median([...window]);
    const scale = 1.4826 * median(window.map((r) => Math.abs(r - centre)));
    return -own >= DETECTION.robustZ * scale;
  };
  const dropped = (index: number): boolean => {
    if (index < 0 || index >= n) return false;
    if (memo[index] === -1) memo[index] = judge(index) ? 1 : 0;
    return memo[index] === 1;
  };
  const dropOf = (index: number) => -residual[index]!;
  return {
    dropped,
    drops(from, to = n - 1) {
      const found: Drop[] = [];
      for (let day = Math.max(0, from); day <= Math.min(to, n - 1); day += 1) {
        if (!dropped(day)) continue;
        let quiet = true;
        for (let back = 1; back <= DETECTION.episodeGapDays && quiet; back += 1) quiet = !dropped(day - back);
        if (!quiet) continue;
        let peakDay = day;
        for (let next = day + 1; next < Math.min(n, day + DETECTION.peakDays) && dropped(next); next += 1) {
          if (dropOf(next) > dropOf(peakDay)) peakDay = next;
        }
        found.push({ day, peakDay, value: values[peakDay]!, baseline: baseline[peakDay]!, drop: dropOf(peakDay) });
      }
      return found;
    },
  };
}
