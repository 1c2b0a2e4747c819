import type { StatsPeriod } from '@sourcing/shared';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface TrendBuckets {
  labels: string[];
  /** labels.length + 1 instants: bucket i holds times in [bounds[i], bounds[i + 1]). */
  bounds: Date[];
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/**
 * One formatter per zone for the life of the process: making an Intl.DateTimeFormat costs far
 * more than using one, and a month's trend reads the wall clock 60-odd times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `instant`, part by part. */
function wallClock(instant: Date, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const n = (type: string) => Number(part(type));
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
    weekday: part('weekday'),
  };
}

function localDate(instant: Date, timeZone: string): LocalDate {
  const { year, month, day, weekday } = wallClock(instant, timeZone);
  return { year, month, day, weekday: WEEKDAYS.indexOf(weekday) };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant local midnight starts on a calendar day in `timeZone` (day/month may overflow). */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - zoneOffset(wall, timeZone);
  // Across a DST change the offset at the guess differs from the offset at the answer.
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
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
      labels: WEEKDAYS,
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

/** The calendar day (YYYY-MM-DD) `instant` falls on in `timeZone`. */
export function localDayOf(instant: Date, timeZone: string): string {
  const { year, month, day } = localDate(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
