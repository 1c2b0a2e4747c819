import { localDate, startOfLocalDay, WEEKDAY_NAMES, type StatsPeriod } from '@sourcing/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface TrendBuckets {
  labels: string[];
  /** labels.length + 1 instants: bucket i holds times in [bounds[i], bounds[i + 1]). */
  bounds: Date[];
}

/**
 * The trend buckets (docs/admin.md#trend-chart) in the configured zone: Sun–Sat of the current week, the days of the
 * current month, or Jan–Dec of the current year.
 */
export function trendBuckets(period: StatsPeriod, now: Date, timeZone: string): TrendBuckets {
  const today = localDate(now, timeZone);
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  if (period === 'week') {
    const sunday = today.day - today.weekday;
    return {
      labels: [...WEEKDAY_NAMES],
      bounds: range(8).map((i) => startOfLocalDay(today.year, today.month, sunday + i, timeZone)),
    };
  }
  if (period === 'month') {
    const days = new Date(Date.UTC(today.year, today.month, 0)).getUTCDate();
    return {
      labels: range(days).map((i) => String(i + 1)),
      bounds: range(days + 1).map((i) => startOfLocalDay(today.year, today.month, i + 1, timeZone)),
    };
  }
  return {
    labels: MONTHS,
    bounds: range(13).map((i) => startOfLocalDay(today.year, i + 1, 1, timeZone)),
  };
}
