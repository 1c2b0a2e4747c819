/**
 * The times of a record's follow-up and snooze as the admin reads and picks them
 * (docs/admin.md#follow-ups-and-snooze): a `datetime-local` field's value is the viewer's local
 * time; the API is sent the instant it names.
 */

/** What the desk reads of a worked record's follow-up and snooze (ISO times, or null). */
export interface FollowUpState {
  followUpAt: string | null;
  followUpNote: string | null;
  snoozedUntil: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the viewer's time zone ('2026-03-02T09:00'); '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  const day = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return `${day}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/**
 * A `datetime-local` value (local time) as the ISO instant the API takes. Blank or malformed stays
 * as typed: the server answers it with its own message under the field.
 */
export function fromLocalInput(value: string): string {
  const time = new Date(value);
  return value && !Number.isNaN(time.getTime()) ? time.toISOString() : value;
}

/** Tomorrow at `hour`:00, local time. */
export function tomorrowAt(now: Date, hour: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, hour);
}

/** The next Monday (a week on when today is one) at `hour`:00, local time. */
export function nextMondayAt(now: Date, hour: number): Date {
  const days = (8 - now.getDay()) % 7 || 7;
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour);
}

/** The picks offered beside a time field, as the field's values. */
export const quickPicks = (now: Date) => [
  { label: 'Tomorrow 9:00', value: toLocalInput(tomorrowAt(now, 9).toISOString()) },
  { label: 'Next Monday 9:00', value: toLocalInput(nextMondayAt(now, 9).toISOString()) },
];

/** Whether the record's follow-up time has come (its 'Follow up' badge). */
export const isFollowUpDue = (record: Pick<FollowUpState, 'followUpAt'>, now: Date): boolean =>
  record.followUpAt !== null && new Date(record.followUpAt) <= now;

/** Whether the record is snoozed until later (out of the working lists by default). */
export const isSnoozed = (record: Pick<FollowUpState, 'snoozedUntil'>, now: Date): boolean =>
  record.snoozedUntil !== null && new Date(record.snoozedUntil) > now;
