/**
 * Follow-ups and snoozing of worked records (docs/api.md#follow-ups-and-snooze): when to follow a
 * record up, with a note, its owner reminded at that time; and until when it stays out of the
 * working lists (its date, or the customer's reply, whichever comes first).
 */
import { z } from 'zod';
import type { Assignee } from './desk';
import { ADMIN_ROUTE_OF } from './notifications';
import type { AdminNotification } from './platform';
import type { RealtimeEvent } from './realtime';
import { INVALID_CHARACTERS, isStorableText } from './schemas/common';

/** PUT and DELETE <list>/:id + FOLLOW_UP_SUFFIX (a follow-up), + SNOOZE_SUFFIX (a snooze). */
export const FOLLOW_UP_SUFFIX = '/follow-up';
export const SNOOZE_SUFFIX = '/snooze';

export const FOLLOW_UP_NOTE_MAX_LENGTH = 500;

export const FOLLOW_UP_MESSAGES = {
  at: 'Choose when to follow up: a date and time',
  note: `The note must be at most ${FOLLOW_UP_NOTE_MAX_LENGTH} characters`,
  until: 'Choose until when to snooze: a date and time',
  untilPast: 'Snooze until a time in the future',
} as const;

/** PUT <list>/:id/follow-up: when (an ISO date-time with its offset) and, optionally, why. */
export interface FollowUpRequest {
  at: string;
  note?: string | null;
}

/** PUT <list>/:id/snooze: until when (an ISO date-time with its offset, in the future). */
export interface SnoozeRequest {
  until: string;
}

/** Years both databases store alike. */
const storable = (time: Date) => time.getUTCFullYear() >= 1 && time.getUTCFullYear() <= 9999;

/** An ISO date-time with its offset ('2026-03-02T10:00:00Z', '...+05:30'), as a Date; `message` for anything else. */
const isoTime = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .transform((text) => new Date(text))
    .refine(storable, message);

const blankAsUndefined = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' || text === null ? undefined : text;
};

export const followUpSchema = z.object({
  at: isoTime(FOLLOW_UP_MESSAGES.at),
  /** Trimmed; absent, blank or null: no note. */
  note: z
    .preprocess(
      blankAsUndefined,
      z
        .string({ error: FOLLOW_UP_MESSAGES.note })
        .max(FOLLOW_UP_NOTE_MAX_LENGTH, FOLLOW_UP_MESSAGES.note)
        .refine(isStorableText, INVALID_CHARACTERS)
        .optional(),
    )
    .transform((note) => note ?? null),
});
export type FollowUpInput = z.output<typeof followUpSchema>;

/** The snooze's schema on the clock `now`: its end must be after it. */
export const snoozeSchema = (now: () => Date) =>
  z.object({
    until: isoTime(FOLLOW_UP_MESSAGES.until).refine((until) => until > now(), FOLLOW_UP_MESSAGES.untilPast),
  });
export type SnoozeInput = z.output<ReturnType<typeof snoozeSchema>>;

/**
 * Who the live changes name for what the follow-up job does (a reminder at its time, a snooze
 * ended on its date), like the automatic assignment's AUTOMATIC_ASSIGNER.
 */
export const FOLLOW_UP_REMINDER: Assignee = { id: 'follow-up-reminder', email: 'Reminder', name: 'Reminder' };

/**
 * The desktop or browser notification of a follow-up whose time came, for the admin `me`: to its
 * owner, or to everyone when it has none. Its line ('Follow up: Asha Rao — Call about the LC') is
 * the title, the record's name the body, and a click opens the record. Null for any other event,
 * a staff member setting or clearing a follow-up included.
 */
export function followUpNotificationFor(event: RealtimeEvent, me: string): AdminNotification | null {
  const change = event.change;
  if (change?.type !== 'follow-up' || change.by.id !== FOLLOW_UP_REMINDER.id) return null;
  if (change.ownerId !== null && change.ownerId !== me) return null;
  const { kind, id, displayName } = event.summary;
  return { title: change.text, body: displayName, route: `${ADMIN_ROUTE_OF[kind]}/${id}`, event };
}
