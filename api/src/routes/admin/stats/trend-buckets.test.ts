import { describe, expect, it } from 'vitest';
import { trendBuckets } from './trend-buckets';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('trend buckets', () => {
  it('spans Sun–Sat of the week that holds "now" in the zone', () => {
    // Sunday 00:30 in Kolkata is still Saturday in UTC.
    const now = new Date('2026-11-14T19:00:00Z');
    expect(iso(trendBuckets('week', now, 'UTC').bounds)[0]).toBe('2026-11-08T00:00:00.000Z');
    expect(iso(trendBuckets('week', now, 'Asia/Kolkata').bounds)).toEqual([
      '2026-11-14T18:30:00.000Z',
      '2026-11-15T18:30:00.000Z',
      '2026-11-16T18:30:00.000Z',
      '2026-11-17T18:30:00.000Z',
      '2026-11-18T18:30:00.000Z',
      '2026-11-19T18:30:00.000Z',
      '2026-11-20T18:30:00.000Z',
      '2026-11-21T18:30:00.000Z',
    ]);
  });

  it('has one bucket per day of the month (leap February) and per month of the year', () => {
    const feb = trendBuckets('month', new Date('2028-02-10T00:00:00Z'), 'UTC');
    expect(feb.labels).toHaveLength(29);
    expect(feb.bounds.at(-1)!.toISOString()).toBe('2028-03-01T00:00:00.000Z');
    const year = trendBuckets('year', new Date('2026-06-01T00:00:00Z'), 'UTC');
    expect(year.bounds.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
  });
});
