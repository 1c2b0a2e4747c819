import { describe, expect, it } from 'vitest';
import { openingHoursText, parseOpeningHours } from './opening-hours-text';

describe('a day’s opening hours as the settings form writes them', () => {
  it('reads and writes one or more openings, and nothing as closed', () => {
    const split = [
      { open: '09:00', close: '13:00' },
      { open: '14:00', close: '24:00' },
    ];
    expect(openingHoursText(split)).toBe('09:00-13:00, 14:00-24:00');
    expect(parseOpeningHours(' 09:00 - 13:00 ,14:00–24:00 ')).toEqual(split);
    expect(openingHoursText([])).toBe('');
    expect(parseOpeningHours('  ')).toEqual([]);
  });

  it('refuses what is not a from-to pair of times', () => {
    expect(parseOpeningHours('9-5')).toBeNull();
    expect(parseOpeningHours('09:00-17:00, lunch')).toBeNull();
  });
});
