import { describe, expect, it } from 'vitest';
import { addDays, dayText, localDate, localTime, parseDay, startOfLocalDay, wallClock } from './time-zones';

const at = (date: Date) => date.toISOString();

describe('time zones', () => {
  it('finds local midnight across DST changes', () => {
    expect(at(startOfLocalDay(2026, 3, 8, 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(at(startOfLocalDay(2026, 3, 9, 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(at(startOfLocalDay(2026, 11, 1, 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(at(startOfLocalDay(2026, 11, 2, 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    expect(at(startOfLocalDay(2026, 11, 18, 'Asia/Kolkata'))).toBe('2026-11-17T18:30:00.000Z');
  });

  it('takes the first of a repeated time and moves a skipped time forward by the gap', () => {
    // Berlin: 2026-10-25 03:00 CEST goes back to 02:00 CET; 2026-03-29 02:00 CET jumps to 03:00 CEST.
    expect(at(localTime(2026, 10, 25, 2 * 60 + 30, 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    expect(at(localTime(2026, 3, 29, 2 * 60 + 30, 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClock(localTime(2026, 3, 29, 2 * 60 + 30, 'Europe/Berlin'), 'Europe/Berlin')).toMatchObject({
      hour: 3,
      minute: 30,
    });
    // Lord Howe moves by half an hour.
    expect(at(localTime(2026, 4, 5, 60 + 45, 'Australia/Lord_Howe'))).toBe('2026-04-04T14:45:00.000Z');
  });

  it('reads the day and weekday in the zone', () => {
    // Sunday 00:30 in Kolkata is still Saturday in UTC.
    const instant = new Date('2026-11-14T19:00:00Z');
    expect(localDate(instant, 'Asia/Kolkata')).toEqual({ year: 2026, month: 11, day: 15, weekday: 0 });
    expect(localDate(instant, 'UTC')).toEqual({ year: 2026, month: 11, day: 14, weekday: 6 });
  });

  it('writes, reads and counts days', () => {
    expect(dayText({ year: 2026, month: 2, day: 3 })).toBe('2026-02-03');
    expect(parseDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1, weekday: 5 });
  });
});
