/**
 * The business-hours calendar response targets are measured on (docs/admin.md#response-targets):
 * a time zone, opening hours per weekday and holiday dates. Pure arithmetic over it: a target N
 * business minutes after an instant, and the business minutes between two instants. Neither
 * counts a closed hour or a holiday; a day whose clocks change counts the hours it really has.
 */
import { z } from 'zod';
import { addDays, dayText, isTimeZone, localDate, localTime, parseDay, zoneOffset, type LocalDate } from '../time-zones';

/** The weekdays of a calendar's week, Monday first (as the settings show them). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
/** Sunday-first weekday numbers (Date's, Intl's) to the calendar's keys. */
const WEEKDAY_OF_NUMBER: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Open from `open` to `close` ('HH:MM'; `close` may be '24:00', the end of the day). */
export interface OpeningHours {
  open: string;
  close: string;
}

export interface BusinessCalendar {
  timeZone: string;
  /** Each weekday's opening hours, in order and not overlapping; none: closed all day. */
  week: Record<Weekday, OpeningHours[]>;
  /** Days closed whatever the weekday ('YYYY-MM-DD' in the calendar's zone). */
  holidays: string[];
}

const MINUTE_MS = 60_000;

export const MAX_HOLIDAYS = 400;
export const MAX_OPENINGS_PER_DAY = 4;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** 'HH:MM' as minutes after midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const openingHours = z
  .object({
    open: z.string().regex(TIME, 'Opening times are HH:MM'),
    close: z.string().regex(TIME, 'Closing times are HH:MM (24:00 for midnight)'),
  })
  .refine((h) => minutesOf(h.open) < minutesOf(h.close), 'A closing time must come after its opening time');

const dayHours = z
  .array(openingHours)
  .max(MAX_OPENINGS_PER_DAY, `At most ${MAX_OPENINGS_PER_DAY} openings a day`)
  .refine(
    (hours) => hours.every((h, i) => i === 0 || minutesOf(hours[i - 1].close) <= minutesOf(h.open)),
    'A day’s openings must be in order and must not overlap',
  );

export const businessCalendarSchema = z.object({
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone'),
  week: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>),
  holidays: z
    .array(z.string().refine((d) => parseDay(d) !== null, 'Holidays are days (YYYY-MM-DD)'))
    .max(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS} holidays`)
    .transform((days) => [...new Set(days)].sort()),
}) satisfies z.ZodType<BusinessCalendar>;

/** Monday to Friday, 09:00 to 17:00, no holidays, in the given zone. */
export function defaultCalendar(timeZone: string): BusinessCalendar {
  const workday = [{ open: '09:00', close: '17:00' }];
  return {
    timeZone,
    week: { mon: workday, tue: workday, wed: workday, thu: workday, fri: workday, sat: [], sun: [] },
    holidays: [],
  };
}

/** How far ahead a target is looked for: a calendar open less than this is as good as never open. */
const SEARCH_DAYS = 3 * 366;

interface Interval {
  start: number;
  end: number;
}

const weekdayOf = (day: LocalDate) => WEEKDAY_OF_NUMBER[day.weekday];

const HOUR_MS = 60 * MINUTE_MS;
/** Offsets run from UTC-12 to UTC+14: every instant of a local day lies in this window around its wall-clock midnight. */
const DAY_WINDOW = { before: 14 * HOUR_MS, after: 36 * HOUR_MS };

/** The zone's one offset through a calendar day, or null when its clocks change around it; remembered per zone and day. */
const steadyOffsets = new Map<string, number | null>();

function steadyOffsetOf(timeZone: string, day: LocalDate): number | null {
  const key = `${timeZone} ${dayText(day)}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const midnight = Date.UTC(day.year, day.month - 1, day.day);
    const first = zoneOffset(midnight - DAY_WINDOW.before, timeZone);
    offset = first === zoneOffset(midnight + DAY_WINDOW.after, timeZone) ? first : null;
    if (steadyOffsets.size >= 20_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The first instant the zone's wall clock shows `minutes` past a day's midnight, or later: the time
 * itself, or, when the clocks skip it (going forward), the moment they jump past it. An opening
 * from 02:15 begins, and one until 02:15 ends, when the clocks jump from 02:00 to 03:00.
 */
function reachedAt(day: LocalDate, minutes: number, timeZone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day) + minutes * MINUTE_MS;
  const shown = (instant: number) => instant + zoneOffset(instant, timeZone);
  const at = localTime(day.year, day.month, day.day, minutes, timeZone).getTime();
  if (shown(at) === wall) return at;
  // Skipped: localTime moved it forward by the gap. The jump lies between the instant the clock
  // shows the time less the gap and that one; find it to the minute.
  let before = wall - zoneOffset(wall + DAY_WINDOW.after, timeZone);
  let after = at;
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (shown(middle) >= wall) after = middle;
    else before = middle;
  }
  return after;
}

/** The open intervals of one calendar day, as instants. */
function openingsOf(calendar: BusinessCalendar, day: LocalDate, holidays: ReadonlySet<string>): Interval[] {
  const hours = calendar.week[weekdayOf(day)];
  if (hours.length === 0 || holidays.has(dayText(day))) return [];
  const { timeZone } = calendar;
  const offset = steadyOffsetOf(timeZone, day);
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  // Most days: one subtraction per time. The days the clocks change: the wall clock decides.
  const instant = (time: string) =>
    offset === null ? reachedAt(day, minutesOf(time), timeZone) : midnight + minutesOf(time) * MINUTE_MS - offset;
  return hours.map((h) => ({ start: instant(h.open), end: instant(h.close) }));
}

/** The open intervals from the calendar day holding `from` on, day by day, for at most `days` days. */
function* openIntervals(calendar: BusinessCalendar, from: number, days: number): Generator<Interval> {
  const holidays = new Set(calendar.holidays);
  let day = localDate(from, calendar.timeZone);
  for (let i = 0; i < days; i++, day = addDays(day, 1)) yield* openingsOf(calendar, day, holidays);
}

const isEverClosed = (calendar: BusinessCalendar) => WEEKDAYS.every((d) => calendar.week[d].length === 0);

/**
 * The instant `minutes` business minutes after `start`: the time a response target falls due.
 * Null when the calendar is never open (no opening hours at all, or none for three years).
 */
export function addBusinessMinutes(calendar: BusinessCalendar, start: Date, minutes: number): Date | null {
  let remaining = minutes * MINUTE_MS;
  if (remaining <= 0) return start;
  if (isEverClosed(calendar)) return null;
  const from = start.getTime();
  for (const interval of openIntervals(calendar, from, SEARCH_DAYS)) {
    if (interval.end <= from) continue;
    const begin = Math.max(interval.start, from);
    const open = interval.end - begin;
    if (remaining <= open) return new Date(begin + remaining);
    remaining -= open;
  }
  return null;
}

/** The business time between two instants, in milliseconds (0 when `to` is not after `from`). */
export function businessMillisecondsBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  const [a, b] = [from.getTime(), to.getTime()];
  if (b <= a || isEverClosed(calendar)) return 0;
  // Each calendar day from the one holding `from` to the one holding `to`, both included.
  const days = Math.ceil((b - a) / (24 * 60 * MINUTE_MS)) + 2;
  let total = 0;
  for (const interval of openIntervals(calendar, a, days)) {
    if (interval.start >= b) break;
    total += Math.max(0, Math.min(interval.end, b) - Math.max(interval.start, a));
  }
  return total;
}

/** The whole business minutes between two instants: a first response's time. */
export const businessMinutesBetween = (calendar: BusinessCalendar, from: Date, to: Date): number =>
  Math.floor(businessMillisecondsBetween(calendar, from, to) / MINUTE_MS);
