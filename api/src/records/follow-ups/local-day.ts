import { localDate, localTime, startOfLocalDay, wallClock } from '@sourcing/shared';

/**
 * The day `instant` falls on in `timeZone`, as the instants it starts and ends (the next day's
 * start): the days of "follow-ups today" and of the daily digest, bounded at local midnight as the
 * dashboard's are (shared/src/time-zones.ts).
 */
export function localDayOf(instant: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month, day } = localDate(instant, timeZone);
  return { start: startOfLocalDay(year, month, day, timeZone), end: startOfLocalDay(year, month, day + 1, timeZone) };
}

/** The instant the zone's clocks show `hour`:00 on the day of `instant` (across a change of the clocks, the hour they jump to). */
export function localHourOf(instant: Date, timeZone: string, hour: number): Date {
  const { year, month, day } = localDate(instant, timeZone);
  return localTime(year, month, day, hour * 60, timeZone);
}

/** `instant` as the zone's clocks show it: 'HH:MM'. */
export function localTimeText(instant: Date, timeZone: string): string {
  const { hour, minute } = wallClock(instant, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
