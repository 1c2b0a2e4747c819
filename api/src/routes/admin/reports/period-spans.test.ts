import { daysBetween, REPORT_MAX_DAYS, shiftDay, type ReportPeriod } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { nextMonthStart, periodSpans } from './period-spans';

/** The days a span of whole months covers. */
const monthDays = ({ from, to }: ReportPeriod): ReportPeriod => ({
  from: `${from}-01`,
  to: shiftDay(nextMonthStart(`${to}-01`), -1),
});

/** A day as a number (days since 1970-01-01), so the check below is arithmetic; each day is parsed once. */
const dayNumbers = new Map<string, number>();
function dayNumber(day: string): number {
  let number = dayNumbers.get(day);
  if (number === undefined) {
    number = daysBetween('1970-01-01', day);
    dayNumbers.set(day, number);
  }
  return number;
}
type Numbered = { from: number; to: number };
const numbered = ({ from, to }: ReportPeriod): Numbered => ({ from: dayNumber(from), to: dayNumber(to) });
const overlap = (a: Numbered, b: Numbered) => Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from) + 1);

/** A month's days, numbered; each month computed once. */
const monthSpans = new Map<string, Numbered>();
function monthSpan(month: string): Numbered {
  let span = monthSpans.get(month);
  if (span === undefined) {
    span = numbered(monthDays({ from: month, to: month }));
    monthSpans.set(month, span);
  }
  return span;
}
const nextMonth = (month: string) => nextMonthStart(`${month}-01`).slice(0, 7);

/**
 * Why `periodSpans(period)` is wrong, or null: what it adds less what it takes away must count each
 * day of the period once and no other day, and each month touched must cost the fewest reads: its
 * days in the period, or its month count and its days outside the period, whichever are fewer.
 */
function fault(period: ReportPeriod): string | null {
  const { days, months, lessDays } = periodSpans(period);
  if ([...days, ...lessDays].some((span) => span.from > span.to)) return 'has an empty day span';
  const added = [...days, ...(months ? [monthDays(months)] : [])].map(numbered);
  const takenAway = lessDays.map(numbered);
  const readByDay = [...days, ...lessDays].map(numbered);
  // Each day's count less 1 in the period: the sum of these steps must stay 0 from day to day.
  const steps = new Map<number, number>();
  const step = ({ from, to }: Numbered, by: number) => {
    steps.set(from, (steps.get(from) ?? 0) + by);
    steps.set(to + 1, (steps.get(to + 1) ?? 0) - by);
  };
  added.forEach((span) => step(span, 1));
  takenAway.forEach((span) => step(span, -1));
  step(numbered(period), -1);
  let sum = 0;
  for (const [day, by] of [...steps].sort((a, b) => a[0] - b[0])) {
    sum += by;
    if (sum !== 0) return `counts day ${day} ${sum > 0 ? 'too often' : 'too seldom'}`;
  }
  const wanted = numbered(period);
  for (let month = period.from.slice(0, 7); month <= period.to.slice(0, 7); month = nextMonth(month)) {
    const span = monthSpan(month);
    const inside = overlap(span, wanted);
    const fewest = Math.min(inside, 1 + (span.to - span.from + 1) - inside);
    const dayReads = readByDay.reduce((n, read) => n + overlap(read, span), 0);
    const reads = dayReads + (months && months.from <= month && month <= months.to ? 1 : 0);
    if (reads !== fewest) return `reads ${month} in ${reads} reads, not ${fewest}`;
  }
  return null;
}

describe('nextMonthStart', () => {
  it('gives the first day of the next month, over the turn of a year and from any day of a month', () => {
    expect(nextMonthStart('2026-03-14')).toBe('2026-04-01');
    expect(nextMonthStart('2026-03-01')).toBe('2026-04-01');
    expect(nextMonthStart('2026-03-31')).toBe('2026-04-01');
    expect(nextMonthStart('2028-02-29')).toBe('2028-03-01');
    expect(nextMonthStart('2026-12-31')).toBe('2027-01-01');
  });
});

describe('periodSpans', () => {
  it('reads a month by its count less its days outside the period when those are fewer than its days in it', () => {
    expect(periodSpans({ from: '2026-03-01', to: '2026-03-10' })).toEqual({
      days: [{ from: '2026-03-01', to: '2026-03-10' }],
      months: null,
      lessDays: [],
    });
    // The last 30 days on 27 November: three days of October, and November less its last three.
    expect(periodSpans({ from: '2026-10-29', to: '2026-11-27' })).toEqual({
      days: [{ from: '2026-10-29', to: '2026-10-31' }],
      months: { from: '2026-11', to: '2026-11' },
      lessDays: [{ from: '2026-11-28', to: '2026-11-30' }],
    });
    expect(periodSpans({ from: '2026-01-15', to: '2026-03-10' })).toEqual({
      days: [{ from: '2026-03-01', to: '2026-03-10' }],
      months: { from: '2026-01', to: '2026-02' },
      lessDays: [{ from: '2026-01-01', to: '2026-01-14' }],
    });
    expect(periodSpans({ from: '2025-11-27', to: '2026-11-27' })).toEqual({
      days: [{ from: '2025-11-27', to: '2025-11-30' }],
      months: { from: '2025-12', to: '2026-11' },
      lessDays: [{ from: '2026-11-28', to: '2026-11-30' }],
    });
    // Within one month, the days on both sides of the period are taken away.
    expect(periodSpans({ from: '2026-03-02', to: '2026-03-30' })).toEqual({
      days: [],
      months: { from: '2026-03', to: '2026-03' },
      lessDays: [
        { from: '2026-03-01', to: '2026-03-01' },
        { from: '2026-03-31', to: '2026-03-31' },
      ],
    });
    // Two months read by their days are one span.
    expect(periodSpans({ from: '2026-03-25', to: '2026-04-05' })).toEqual({
      days: [{ from: '2026-03-25', to: '2026-04-05' }],
      months: null,
      lessDays: [],
    });
    expect(periodSpans({ from: '2028-02-01', to: '2028-02-29' })).toEqual({
      days: [],
      months: { from: '2028-02', to: '2028-02' },
      lessDays: [],
    });
  });

  it('counts every day of every period once in the fewest reads, from each day of a leap year, at every length', () => {
    const faults: string[] = [];
    for (let from = '2028-01-01'; from <= '2028-12-31'; from = shiftDay(from, 1)) {
      for (let length = 1; length <= REPORT_MAX_DAYS; length++) {
        const period = { from, to: shiftDay(from, length - 1) };
        const why = fault(period);
        if (why) faults.push(`${period.from}..${period.to} ${why}`);
      }
    }
    expect(faults.slice(0, 5)).toEqual([]);
  });
});
