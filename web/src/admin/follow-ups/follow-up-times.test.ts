import { describe, expect, it } from 'vitest';
import { fromLocalInput, isFollowUpDue, isSnoozed, nextMondayAt, quickPicks, toLocalInput, tomorrowAt } from './follow-up-times';

describe('follow-up times', () => {
  it('shows an instant in a datetime-local field as local time and sends the field back as that instant', () => {
    const local = new Date(2026, 2, 2, 15, 30);
    expect(toLocalInput(local.toISOString())).toBe('2026-03-02T15:30');
    expect(fromLocalInput('2026-03-02T15:30')).toBe(local.toISOString());
    expect(toLocalInput(null)).toBe('');
  });

  it('leaves a blank or malformed field as typed, for the server to say what is wrong', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('soon')).toBe('soon');
  });

  it('picks tomorrow and the next Monday at 9:00 local time', () => {
    const friday = new Date(2026, 2, 6, 17, 45);
    expect(tomorrowAt(friday, 9)).toEqual(new Date(2026, 2, 7, 9));
    expect(nextMondayAt(friday, 9)).toEqual(new Date(2026, 2, 9, 9));
    const monday = new Date(2026, 2, 9, 8);
    expect(nextMondayAt(monday, 9)).toEqual(new Date(2026, 2, 16, 9));
    const monthEnd = new Date(2026, 2, 31, 12);
    expect(tomorrowAt(monthEnd, 9)).toEqual(new Date(2026, 3, 1, 9));
    expect(quickPicks(friday)).toEqual([
      { label: 'Tomorrow 9:00', value: '2026-03-07T09:00' },
      { label: 'Next Monday 9:00', value: '2026-03-09T09:00' },
    ]);
  });

  it('has a follow-up due from its time on, and a record snoozed until its end', () => {
    const now = new Date('2026-03-02T10:00:00Z');
    expect(isFollowUpDue({ followUpAt: '2026-03-02T10:00:00Z' }, now)).toBe(true);
    expect(isFollowUpDue({ followUpAt: '2026-03-02T10:00:01Z' }, now)).toBe(false);
    expect(isFollowUpDue({ followUpAt: null }, now)).toBe(false);
    expect(isSnoozed({ snoozedUntil: '2026-03-02T10:00:01Z' }, now)).toBe(true);
    expect(isSnoozed({ snoozedUntil: '2026-03-02T10:00:00Z' }, now)).toBe(false);
    expect(isSnoozed({ snoozedUntil: null }, now)).toBe(false);
  });
});
