import { shiftDay, type ReportPeriod } from '@sourcing/shared';

/** Where a period's counts are read: its whole calendar months, and its days outside them. */
export interface PeriodSpans {
  days: ReportPeriod[];
  months: ReportPeriod | null;
}

/** `2026-03` of `2026-03-14`. */
const monthOf = (day: string) => day.slice(0, 7);

/** The first day of the month after `day`'s: `2026-04-01` of `2026-03-14`, `2027-01-01` of `2026-12-31`. */
export const nextMonthStart = (day: string) => `${monthOf(shiftDay(`${monthOf(day)}-28`, 7))}-01`;

/**
 * A period as the whole months it holds (read in `report_month_counts`, migration 1795000004300)
 * and its days before and after them (read in `report_counts`).
 */
export function periodSpans({ from, to }: ReportPeriod): PeriodSpans {
  const firstMonthDay = from.endsWith('-01') ? from : nextMonthStart(from);
  const nextMonthDay = shiftDay(to, 1).endsWith('-01') ? shiftDay(to, 1) : `${monthOf(to)}-01`;
  if (firstMonthDay >= nextMonthDay) return { days: [{ from, to }], months: null };
  const days = [
    { from, to: shiftDay(firstMonthDay, -1) },
    { from: nextMonthDay, to },
  ].filter((span) => span.from <= span.to);
  return { days, months: { from: monthOf(firstMonthDay), to: monthOf(shiftDay(nextMonthDay, -1)) } };
}
