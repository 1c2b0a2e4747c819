/**
 * Wall clocks of IANA time zones, with nothing but Intl: what day and time it is in a zone at an
 * instant, and the instant a zone's wall clock shows a given day and time. The dashboard's days,
 * the business-hours calendar and the reports' periods all read time through here.
 */

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A calendar day: month 1-12, day 1-31; `weekday` 0 (Sunday) to 6. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

export interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone for the life of the process: making one costs far more than using one. */
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

/** Whether Intl knows the zone (an IANA name such as Europe/Paris). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at `instant`, part by part. */
export function wallClock(instant: Date | number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let weekday = 0;
  for (const part of parts) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
    else if (part.type === 'second') second = Number(part.value);
    else if (part.type === 'weekday') weekday = WEEKDAY_NAMES.indexOf(part.value as (typeof WEEKDAY_NAMES)[number]);
  }
  return { year, month, day, hour, minute, second, weekday };
}

/** The calendar day in the zone at `instant`. */
export function localDate(instant: Date | number, timeZone: string): LocalDate {
  const { year, month, day, weekday } = wallClock(instant, timeZone);
  return { year, month, day, weekday };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
export function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant the zone's wall clock shows `minutes` past midnight of a calendar day (day and
 * month may overflow: day 32 is the next month's 1st). A time that happens twice (the hour
 * repeated when clocks go back) is its first occurrence; a time that never happens (the hour
 * skipped when clocks go forward) is moved forward by the gap, as clocks are.
 */
export function localTime(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  // The offsets before and after any change near the wall time: at most one change within a day.
  const before = wall - zoneOffset(wall - DAY_MS, timeZone);
  const after = wall - zoneOffset(wall + DAY_MS, timeZone);
  const shows = (instant: number) => instant + zoneOffset(instant, timeZone) === wall;
  const candidates = [before, after].filter(shows);
  return new Date(candidates.length ? Math.min(...candidates) : before);
}

/** The instant local midnight starts a calendar day in the zone (day and month may overflow). */
export const startOfLocalDay = (year: number, month: number, day: number, timeZone: string): Date =>
  localTime(year, month, day, 0, timeZone);

/** 'YYYY-MM-DD' of a calendar day. */
export const dayText = ({ year, month, day }: Pick<LocalDate, 'year' | 'month' | 'day'>): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' text as a calendar day, or null when it names no day. */
export function parseDay(text: string): Pick<LocalDate, 'year' | 'month' | 'day'> | null {
  const match = DAY_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar day `days` after a day (or before, when negative). */
export function addDays(day: Pick<LocalDate, 'year' | 'month' | 'day'>, days: number): LocalDate {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: date.getUTCDay() };
}
