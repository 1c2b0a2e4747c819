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

function localDate(instant: Date, timeZone: string): LocalDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    weekday: WEEKDAYS.indexOf(part('weekday')),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wallClock = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wallClock - Math.floor(instant / 1000) * 1000;
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
 * SPEC's trend buckets in the configured zone: Sun–Sat of the current week, the days of the
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
