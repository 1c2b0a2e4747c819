import { REPORT_MAX_DAYS, shiftDay, type ReportPeriod } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { nextMonthStart, periodSpans } from './period-spans';

const startsMonth = (day: string) => day.endsWith('-01');
/** The days a span of whole months covers. */
const monthDays = ({ from, to }: ReportPeriod): ReportPeriod => ({
  from: `${from}-01`,
  to: shiftDay(nextMonthStart(`${to}-01`), -1),
});

/** Why `periodSpans(period)` is wrong, or null: the spans must cover the period once, in whole months wherever one fits. */
function fault(period: ReportPeriod): string | null {
  const { days, months } = periodSpans(period);
  const spans = [...days, ...(months ? [monthDays(months)] : [])].sort((a, b) => a.from.localeCompare(b.from));
  if (spans[0].from !== period.from || spans[spans.length - 1].to !== period.to) return 'does not reach both ends';
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].from !== shiftDay(spans[i - 1].to, 1)) return 'leaves a gap or overlaps';
  }
  for (const span of days) {
    if (span.from > span.to) return 'has an empty day span';
    // The first month starting in the span, and whether all of it is in the span.
    const monthStart = startsMonth(span.from) ? span.from : nextMonthStart(span.from);
    if (monthDays({ from: monthStart.slice(0, 7), to: monthStart.slice(0, 7) }).to <= span.to)
      return 'reads a whole month day by day';
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
  it('splits a period into its whole months and the days around them', () => {
    expect(periodSpans({ from: '2026-03-01', to: '2026-03-10' })).toEqual({
      days: [{ from: '2026-03-01', to: '2026-03-10' }],
      months: null,
    });
    expect(periodSpans({ from: '2026-01-15', to: '2026-03-10' })).toEqual({
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-10' },
      ],
      months: { from: '2026-02', to: '2026-02' },
    });
    expect(periodSpans({ from: '2025-11-27', to: '2026-11-27' })).toEqual({
      days: [
        { from: '2025-11-27', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-27' },
      ],
      months: { from: '2025-12', to: '2026-10' },
    });
    expect(periodSpans({ from: '2028-02-01', to: '2028-02-29' })).toEqual({
      days: [],
      months: { from: '2028-02', to: '2028-02' },
    });
  });

  it('covers every day of every period once, from each day of a leap year, at every length', () => {
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
