// The period a dashboard shows, from its form's fields (range, from, to), and the period it is compared with.
// Report rows are complete up to yesterday, so 'the last N days' are the N days before today. A custom period is
// taken as given (a day in the future simply has no rows), at most two years long.

export const RANGES = ['7', '30', '90', '180', 'all', 'custom'] as const;
export type Range = (typeof RANGES)[number];
export type PeriodProblem = 'order' | 'missing' | 'tooLong';

export const DEFAULT_RANGE: Range = '30';
/** Longest custom period, in days. */
export const MAX_CUSTOM_DAYS = 731;
/** Longer periods (and all history) are charted by month. */
const MAX_DAILY_DAYS = 366;

export interface Period {
  range: Range;
  /** First day, or null for all history. */
  from: string | null;
  to: string;
  grouping: 'day' | 'month';
  /** The same number of days just before, or null (all history). */
  previous: { from: string; to: string } | null;
  /** Why the fields asked for were not used (the default period is shown instead). */
  problem?: PeriodProblem;
}

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const isDay = (value: string | undefined): value is string => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function between(from: string, to: string, range: Range): Period {
  const length = daysBetween(from, to) + 1;
  return {
    range,
    from,
    to,
    grouping: length > MAX_DAILY_DAYS ? 'month' : 'day',
    previous: { from: shift(from, -length), to: shift(from, -1) },
  };
}

function preset(range: Range, today: string): Period {
  if (range === 'all') return { range, from: null, to: shift(today, -1), grouping: 'month', previous: null };
  const days = Number(range === 'custom' ? DEFAULT_RANGE : range);
  return between(shift(today, -days), shift(today, -1), range === 'custom' ? DEFAULT_RANGE : range);
}

export function parsePeriod(fields: { range?: string; from?: string; to?: string }, today: string, defaultRange: Range = DEFAULT_RANGE): Period {
  const range = (RANGES as readonly (string | undefined)[]).includes(fields.range) ? (fields.range as Range) : defaultRange;
  if (range !== 'custom') return preset(range, today);
  const fallback = (problem: PeriodProblem): Period => ({ ...preset(DEFAULT_RANGE, today), problem });
  if (!isDay(fields.from) || !isDay(fields.to)) return fallback('missing');
  if (fields.from > fields.to) return fallback('order');
  if (daysBetween(fields.from, fields.to) + 1 > MAX_CUSTOM_DAYS) return fallback('tooLong');
  return between(fields.from, fields.to, 'custom');
}

/** Every day (or month, 'YYYY-MM') of a period, in order, so days without rows still show. */
export function periodKeys(from: string, to: string, grouping: 'day' | 'month'): string[] {
  const keys: string[] = [];
  if (grouping === 'day') {
    for (let day = from; day <= to; day = shift(day, 1)) keys.push(day);
    return keys;
  }
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    keys.push(month);
    const [year, mon] = month.split('-').map(Number) as [number, number];
    month = new Date(Date.UTC(year, mon, 1)).toISOString().slice(0, 7);
  }
  return keys;
}
