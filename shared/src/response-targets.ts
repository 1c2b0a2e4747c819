/**
 * Response targets (docs/admin.md#response-targets): per worked list, how many business minutes
 * staff have to first reply to a new record, measured on the desk's business-hours calendar; a
 * record then shows Due, Met or Missed, and its owner is warned before the target and told when it
 * is missed.
 */
import { z } from 'zod';
import { businessCalendarSchema, defaultCalendar, type BusinessCalendar } from './business-hours/business-hours';
import { DESK_LISTS, openStatusesOf, type Assignee, type DeskListName } from './desk';
import { ADMIN_ROUTE_OF } from './notifications';
import type { AdminNotification } from './platform';
import type { RealtimeEvent } from './realtime';

/** The owners' settings: the calendar, the warning's lead time, and each list's target (null: none). */
export interface ResponseTargetSettings {
  calendar: BusinessCalendar;
  /** How many minutes before a record's target its owner is warned ('due soon'). */
  warnBeforeMinutes: number;
  /** Business minutes within which a list's new records are to be answered; null: no target. */
  targets: Record<DeskListName, number | null>;
}

/** At most 30 days of round-the-clock business minutes. */
export const RESPONSE_TARGET_MAX_MINUTES = 30 * 24 * 60;
export const WARN_BEFORE_MAX_MINUTES = 24 * 60;

const TARGET_MESSAGE = `A response target is a whole number of business minutes from 1 to ${RESPONSE_TARGET_MAX_MINUTES}, or none`;
const WARN_MESSAGE = `The warning is a whole number of minutes from 0 to ${WARN_BEFORE_MAX_MINUTES}`;

const target = z
  .number({ error: TARGET_MESSAGE })
  .int(TARGET_MESSAGE)
  .min(1, TARGET_MESSAGE)
  .max(RESPONSE_TARGET_MAX_MINUTES, TARGET_MESSAGE)
  .nullable();

/** PUT <adminResponseTargets> (owners): the whole settings. */
export const responseTargetSettingsSchema = z.object({
  calendar: businessCalendarSchema,
  warnBeforeMinutes: z
    .number({ error: WARN_MESSAGE })
    .int(WARN_MESSAGE)
    .min(0, WARN_MESSAGE)
    .max(WARN_BEFORE_MAX_MINUTES, WARN_MESSAGE),
  targets: z.object(Object.fromEntries(DESK_LISTS.map((list) => [list, target])) as Record<DeskListName, typeof target>),
}) satisfies z.ZodType<ResponseTargetSettings>;

/** Until an owner sets them: Monday to Friday 09:00–17:00 in the server's zone, a 30-minute warning, no targets. */
export function defaultResponseTargetSettings(timeZone: string): ResponseTargetSettings {
  return {
    calendar: defaultCalendar(timeZone),
    warnBeforeMinutes: 30,
    targets: Object.fromEntries(DESK_LISTS.map((list) => [list, null])) as Record<DeskListName, number | null>,
  };
}

/** Where a record stands against its target; null when it has none, or needs no answer (closed, Spam) before one came. */
export type ResponseState = 'due' | 'met' | 'missed';

export const RESPONSE_STATE_LABELS: Record<ResponseState, string> = { due: 'Due', met: 'Met', missed: 'Missed' };

/** What of a record decides its response state. */
export interface ResponseFacts {
  status: string;
  responseDueAt: string | null;
  firstResponseAt: string | null;
}

/**
 * A record's response state at `now`: Met when first answered by its due time, Missed when answered
 * after it or still unanswered past it, Due while unanswered before it. An unanswered record in a
 * closed status or Spam needs no answer: it has none.
 */
export function responseStateOf(list: DeskListName, record: ResponseFacts, now: Date): ResponseState | null {
  if (record.responseDueAt === null) return null;
  const due = new Date(record.responseDueAt);
  if (record.firstResponseAt !== null) return new Date(record.firstResponseAt) <= due ? 'met' : 'missed';
  if (!openStatusesOf(list).includes(record.status)) return null;
  return now > due ? 'missed' : 'due';
}

/** Who the live changes name for what the response-target watch does (a warning, a missed target). */
export const RESPONSE_TARGET_WATCH: Assignee = { id: 'response-target', email: 'Response target', name: 'Response target' };

/**
 * The desktop or browser notification of a record whose response is due soon or was missed, for
 * the admin `me`: to its owner, or to everyone when it has none. The server's line ('Response due
 * soon: Asha Rao', 'Response target missed: Asha Rao') is the title, and a click opens the record.
 */
export function responseNotificationFor(event: RealtimeEvent, me: string): AdminNotification | null {
  const change = event.change;
  if (change?.type !== 'response' || change.by.id !== RESPONSE_TARGET_WATCH.id) return null;
  if (change.ownerId !== null && change.ownerId !== me) return null;
  const { kind, id, displayName } = event.summary;
  return { title: change.text, body: displayName, route: `${ADMIN_ROUTE_OF[kind]}/${id}`, event };
}
