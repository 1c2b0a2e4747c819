import { startOfLocalDay } from '../../routes/admin/stats/trend-buckets';

/** One formatter per zone for the life of the process (making one costs far more than using one). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `instant`, to the minute. */
function wallClock(instant: Date, timeZone: string) {
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
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute') };
}

/**
 * The day `instant` falls on in `timeZone`, as the instants it starts and ends (the next day's
 * start): the days of "follow-ups today" and of the daily digest, bounded at local midnight as the
 * dashboard's are (routes/admin/stats/trend-buckets.ts).
 */
export function localDayOf(instant: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month, day } = wallClock(instant, timeZone);
  return { start: startOfLocalDay(year, month, day, timeZone), end: startOfLocalDay(year, month, day + 1, timeZone) };
}

/** The instant the zone's clocks show `hour`:00 on the day of `instant` (across a change of the clocks, the hour they jump to). */
export function localHourOf(instant: Date, timeZone: string, hour: number): Date {
  const guess = new Date(localDayOf(instant, timeZone).start.getTime() + hour * 3_600_000);
  // A change of the clocks between midnight and `hour` moves the wall clock off the guess: move back onto it.
  const shown = wallClock(guess, timeZone);
  return new Date(guess.getTime() + ((hour - shown.hour) * 60 - shown.minute) * 60_000);
}

/** `instant` as the zone's clocks show it: 'HH:MM'. */
export function localTimeText(instant: Date, timeZone: string): string {
  const { hour, minute } = wallClock(instant, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
