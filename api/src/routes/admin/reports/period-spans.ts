import { periodLength, shiftDay, type ReportPeriod } from '@sourcing/shared';

/**
 * Where a period's counts are read: whole calendar months (in `report_month_counts`, migration
 * 1795000004300) and days (in `report_counts`), the counts of `lessDays` taken away again.
 */
export interface PeriodSpans {
  /** Days added one by one. */
  days: ReportPeriod[];
  /** The months added, from the first to the last. */
  months: ReportPeriod | null;
  /** Days of those months outside the period, taken away. */
  lessDays: ReportPeriod[];
}

/** `2026-03` of `2026-03-14`. */
const monthOf = (day: string) => day.slice(0, 7);

/** The first day of the month after `day`'s: `2026-04-01` of `2026-03-14`, `2027-01-01` of `2026-12-31`. */
export const nextMonthStart = (day: string) => `${monthOf(shiftDay(`${monthOf(day)}-28`, 7))}-01`;

/**
 * A period as the fewest reads: each month it covers whole is one read of its month count; a month
 * it covers in part is read by its days in the period, or as its month count less its days outside
 * the period when those are fewer (a value's counts cost a row per day or month read). So a period
 * reads at most half a month's days at either end: the last 30 days read a few days and a month or
 * two, not 30 days.
 */
export function periodSpans(period: ReportPeriod): PeriodSpans {
  const days: ReportPeriod[] = [];
  const lessDays: ReportPeriod[] = [];
  // The months read from their counts: adjacent, as only the two ends can be read by their days.
  const months: string[] = [];
  for (let start = `${monthOf(period.from)}-01`; start <= period.to; start = nextMonthStart(start)) {
    const end = shiftDay(nextMonthStart(start), -1);
    const inside = { from: period.from > start ? period.from : start, to: period.to < end ? period.to : end };
    const outside = [
      { from: start, to: shiftDay(inside.from, -1) },
      { from: shiftDay(inside.to, 1), to: end },
    ].filter((span) => span.from <= span.to);
    const outsideDays = outside.reduce((sum, span) => sum + periodLength(span), 0);
    if (1 + outsideDays < periodLength(inside)) {
      months.push(monthOf(start));
      lessDays.push(...outside);
    } else {
      const last = days.at(-1);
      if (last && shiftDay(last.to, 1) === inside.from) last.to = inside.to;
      else days.push(inside);
    }
  }
  return { days, months: months.length ? { from: months[0], to: months[months.length - 1] } : null, lessDays };
}
