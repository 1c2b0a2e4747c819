import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayText, startOfLocalDay, wallClock } from '../time-zones';
import {
  addBusinessMinutes,
  businessCalendarSchema,
  businessMillisecondsBetween,
  businessMinutesBetween,
  defaultCalendar,
  minutesOf,
  WEEKDAYS,
  type BusinessCalendar,
  type OpeningHours,
} from './business-hours';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Zones with daylight saving, half-hour and 45-minute offsets, and a half-hour DST shift. */
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];

/** A day's openings from up to six cut points on a quarter-hour grid (pairs of them, in order). */
const dayOpenings = fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 }).map((cuts): OpeningHours[] => {
  const sorted = [...cuts].sort((a, b) => a - b);
  const time = (quarter: number) =>
    `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
  const hours: OpeningHours[] = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) hours.push({ open: time(sorted[i]), close: time(sorted[i + 1]) });
  return hours;
});

const START = Date.UTC(2026, 0, 1);
const END = Date.UTC(2027, 11, 31);
/** Whole minutes over two years that cross every DST change of the zones above. */
const instant = fc.integer({ min: START / MINUTE, max: END / MINUTE }).map((m) => new Date(m * MINUTE));

const calendar = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    week: fc.record(
      Object.fromEntries(WEEKDAYS.map((d) => [d, dayOpenings])) as Record<(typeof WEEKDAYS)[number], typeof dayOpenings>,
    ),
    holidays: fc.uniqueArray(
      fc.integer({ min: 0, max: 729 }).map((n) => new Date(START + n * 24 * HOUR).toISOString().slice(0, 10)),
      { maxLength: 60 },
    ),
  })
  .filter((c) => WEEKDAYS.some((d) => c.week[d].length > 0))
  .map((c): BusinessCalendar => businessCalendarSchema.parse(c));

const QUARTER = 15 * MINUTE;

/**
 * Brute force from the zone's wall clock, quarter hour by quarter hour through each local day: an
 * opening runs from the first quarter the clock shows its open time or later until the first it
 * shows its close time or later. So a time the clocks skip (going forward) opens or closes it at
 * the jump, and one they show twice (going back) does not open or close it again: a Sunday opening
 * until 02:15 closes at the first 02:15. Every zone's offset is a whole number of quarter hours and
 * the openings above start and end on quarter hours, so a whole quarter is open or closed.
 */
function bruteForceOpen(cal: BusinessCalendar, from: number, to: number): number {
  const first = wallClock(from, cal.timeZone);
  let open = 0;
  let today = '';
  let reached = -1; // the latest wall time of the day the clock has shown so far, in minutes
  for (let q = startOfLocalDay(first.year, first.month, first.day, cal.timeZone).getTime(); q < to; q += QUARTER) {
    const wall = wallClock(q, cal.timeZone);
    if (dayText(wall) !== today) [today, reached] = [dayText(wall), -1];
    reached = Math.max(reached, wall.hour * 60 + wall.minute);
    if (q + QUARTER <= from || cal.holidays.includes(today)) continue;
    const day = WEEKDAYS[(wall.weekday + 6) % 7];
    if (cal.week[day].some((h) => minutesOf(h.open) <= reached && reached < minutesOf(h.close))) {
      open += Math.min(q + QUARTER, to) - Math.max(q, from);
    }
  }
  return open;
}

/** Open Sunday nights in Berlin until 02:15, which the clocks skip in March and show twice in October. */
const SUNDAY_NIGHTS: BusinessCalendar = {
  timeZone: 'Europe/Berlin',
  week: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [{ open: '00:00', close: '02:15' }] },
  holidays: [],
};

/** Property runs walk years of days: more time than a unit test's default. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('business hours', () => {
  it(
    'adding N business minutes then measuring gives N',
    () => {
      fc.assert(
        fc.property(calendar, instant, fc.integer({ min: 0, max: 20_000 }), (cal, start, minutes) => {
          const due = addBusinessMinutes(cal, start, minutes);
          if (due === null) return;
          expect(businessMillisecondsBetween(cal, start, due)).toBe(minutes * MINUTE);
          expect(businessMinutesBetween(cal, start, due)).toBe(minutes);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'counts exactly the open time a wall clock shows, never a closed hour or a holiday, across DST changes',
    () => {
      fc.assert(
        fc.property(calendar, instant, fc.integer({ min: 0, max: 10 * 24 * 60 }), (cal, from, length) => {
          const to = from.getTime() + length * MINUTE;
          expect(businessMillisecondsBetween(cal, from, new Date(to))).toBe(bruteForceOpen(cal, from.getTime(), to));
        }),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('ends an opening whose closing time the clocks skip when they skip it (fast-check found it)', () => {
    // Berlin, Sunday 29 March 2026: the clocks go from 02:00 to 03:00, so 00:00-02:15 is open for two hours.
    const from = new Date('2026-03-28T22:00:00Z');
    const to = new Date('2026-03-29T01:01:00Z');
    expect(businessMillisecondsBetween(SUNDAY_NIGHTS, from, to)).toBe(2 * 60 * MINUTE);
    expect(bruteForceOpen(SUNDAY_NIGHTS, from.getTime(), to.getTime())).toBe(2 * 60 * MINUTE);
  });

  it('does not open again the quarter hour the clocks show twice when they go back (fast-check found it)', () => {
    // Berlin, Sunday 25 October 2026: the clocks go from 03:00 back to 02:00, so they show 02:00-02:15
    // twice; 00:00-02:15 closes at the first 02:15, open 2 h 15 min, not 2 h 30 min.
    const from = new Date('2026-10-24T21:00:00Z');
    const to = new Date('2026-10-25T03:00:00Z');
    expect(businessMillisecondsBetween(SUNDAY_NIGHTS, from, to)).toBe(135 * MINUTE);
    expect(bruteForceOpen(SUNDAY_NIGHTS, from.getTime(), to.getTime())).toBe(135 * MINUTE);
    // An opening across the hour shown twice lasts it twice: 01:00-04:00 is open four hours.
    const acrossIt = { ...SUNDAY_NIGHTS, week: { ...SUNDAY_NIGHTS.week, sun: [{ open: '01:00', close: '04:00' }] } };
    expect(businessMillisecondsBetween(acrossIt, from, to)).toBe(4 * 60 * MINUTE);
    expect(bruteForceOpen(acrossIt, from.getTime(), to.getTime())).toBe(4 * 60 * MINUTE);
  });

  it(
    'falls due in open time: the minute before it is open, and no earlier instant reaches N',
    () => {
      fc.assert(
        fc.property(calendar, instant, fc.integer({ min: 1, max: 20_000 }), (cal, start, minutes) => {
          const due = addBusinessMinutes(cal, start, minutes);
          if (due === null) return;
          const lastMinute = due.getTime() - MINUTE;
          expect(bruteForceOpen(cal, lastMinute, due.getTime())).toBe(MINUTE);
          expect(businessMillisecondsBetween(cal, start, new Date(due.getTime() - 1))).toBeLessThan(minutes * MINUTE);
        }),
        { numRuns: 150 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'adds up: the time from a to b and from b to c is the time from a to c',
    () => {
      const within60Days = fc.integer({ min: 0, max: 60 * 24 * 60 }).map((m) => m * MINUTE);
      fc.assert(
        fc.property(calendar, instant, within60Days, within60Days, (cal, a, ab, bc) => {
          const b = new Date(a.getTime() + ab);
          const c = new Date(b.getTime() + bc);
          const measure = (x: Date, y: Date) => businessMillisecondsBetween(cal, x, y);
          expect(measure(a, b) + measure(b, c)).toBe(measure(a, c));
        }),
        { numRuns: 100 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('skips nights, weekends and holidays', () => {
    const cal: BusinessCalendar = { ...defaultCalendar('Asia/Kolkata'), holidays: ['2026-12-25'] };
    // Thursday 24 December 2026, 16:00 in New Delhi (10:30 UTC): one hour left that day.
    const start = new Date('2026-12-24T10:30:00Z');
    // Friday is a holiday, then the weekend: 3 more hours on Monday 28th, from 09:00 to 12:00 local.
    expect(addBusinessMinutes(cal, start, 4 * 60)?.toISOString()).toBe('2026-12-28T06:30:00.000Z');
    expect(businessMinutesBetween(cal, start, new Date('2026-12-28T06:30:00Z'))).toBe(240);
    expect(businessMinutesBetween(cal, new Date('2026-12-25T00:00:00Z'), new Date('2026-12-27T23:59:00Z'))).toBe(0);
  });

  it('counts the hours a day really has when the clocks change', () => {
    const always: BusinessCalendar = {
      timeZone: 'Europe/Berlin',
      week: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ open: '00:00', close: '24:00' }]])) as BusinessCalendar['week'],
      holidays: [],
    };
    // 29 March 2026 has 23 hours in Berlin, 25 October 2026 has 25.
    expect(businessMillisecondsBetween(always, new Date('2026-03-28T23:00:00Z'), new Date('2026-03-29T22:00:00Z'))).toBe(
      23 * HOUR,
    );
    expect(businessMillisecondsBetween(always, new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z'))).toBe(
      25 * HOUR,
    );
    // Office hours across the change: Friday 16:00 to Monday 10:00 is two business hours either side of it.
    const office = defaultCalendar('Europe/Berlin');
    expect(businessMinutesBetween(office, new Date('2026-03-27T15:00:00Z'), new Date('2026-03-30T08:00:00Z'))).toBe(120);
    expect(businessMinutesBetween(office, new Date('2026-10-23T14:00:00Z'), new Date('2026-10-26T09:00:00Z'))).toBe(120);
  });

  it('never falls due on a calendar that is never open', () => {
    const closed: BusinessCalendar = {
      ...defaultCalendar('UTC'),
      week: Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as BusinessCalendar['week'],
    };
    expect(addBusinessMinutes(closed, new Date(START), 60)).toBeNull();
    expect(businessMinutesBetween(closed, new Date(START), new Date(END))).toBe(0);
  });

  it('refuses overlapping or reversed openings, unknown zones and malformed holidays', () => {
    const week = defaultCalendar('UTC').week;
    const bad = (change: object) => businessCalendarSchema.safeParse({ ...defaultCalendar('UTC'), ...change }).success;
    expect(bad({ timeZone: 'Mars/Olympus' })).toBe(false);
    expect(bad({ week: { ...week, mon: [{ open: '12:00', close: '09:00' }] } })).toBe(false);
    expect(
      bad({
        week: {
          ...week,
          mon: [
            { open: '09:00', close: '13:00' },
            { open: '12:00', close: '17:00' },
          ],
        },
      }),
    ).toBe(false);
    expect(bad({ week: { ...week, mon: [{ open: '9:00', close: '17:00' }] } })).toBe(false);
    expect(bad({ holidays: ['2026-02-30'] })).toBe(false);
    expect(bad({ week: { ...week, sat: [{ open: '00:00', close: '24:00' }] } })).toBe(true);
  });
});
