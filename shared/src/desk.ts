/** The sales desk (docs/admin.md#sales-desk): statuses, owners, notes and the timeline of worked records. */
import type { MailPurpose, MailWithheldReason } from './api';
import type { InboundMailKind } from './conversation';
import type { AdminListName } from './api-paths';
import type { MatchedListName } from './matching';
import { RECORD_DEFINITIONS } from './records';

/** The status every worked kind has: such records leave the default list and the dashboard. */
export const SPAM_STATUS = 'Spam';

/** The lists staff work on: the kinds whose definition has statuses. */
export type DeskListName = {
  [N in AdminListName]: (typeof RECORD_DEFINITIONS)[N]['statuses'] extends readonly string[] ? N : never;
}[AdminListName];

/** A kind's statuses (from its one definition), or null when staff do not work on it. */
export const statusesOf = (list: AdminListName): readonly string[] | null => RECORD_DEFINITIONS[list].statuses;

export const DESK_LISTS = (Object.keys(RECORD_DEFINITIONS) as AdminListName[]).filter(
  (list): list is DeskListName => statusesOf(list) !== null,
);

/** A worked kind's open statuses: all but its closed ones and SPAM_STATUS (docs/admin.md#automatic-assignment). */
export function openStatusesOf(list: DeskListName): string[] {
  const definition = RECORD_DEFINITIONS[list];
  const closed = new Set<string>([SPAM_STATUS, ...(definition.closedStatuses ?? [])]);
  return definition.statuses.filter((status) => !closed.has(status));
}

/** A staff member as records show them (owner dropdown, timeline, live changes): id, e-mail and display name. */
export interface Assignee {
  id: string;
  email: string;
  /** Their display name, or their e-mail when they have none. */
  name: string;
}

/**
 * The reasons staff choose from when they set a record of `list` to `status` (its kind's
 * `outcomeReasons`, docs/admin.md#outcome-reasons), or null when that status asks for none.
 */
export function outcomeReasonsOf(list: AdminListName, status: string): readonly string[] | null {
  const reasons: Partial<Record<string, readonly string[]>> | undefined = RECORD_DEFINITIONS[list].outcomeReasons;
  // Own keys only: a status named like an Object member (`constructor`) has no reasons.
  return reasons && Object.hasOwn(reasons, status) ? (reasons[status] ?? null) : null;
}

/**
 * What a change sets: a status of the kind, with its reason when the status asks for one
 * (outcomeReasonsOf), and/or an owner (an admin's id, null for nobody).
 */
export interface DeskChange {
  status?: string;
  reason?: string;
  ownerId?: string | null;
}

/** PATCH <list>/:id: the change and the version the admin saw. */
export interface RecordChangeRequest extends DeskChange {
  version: number;
}

/** POST <list>/bulk: one change for several records, each with the version the admin saw. */
export interface BulkChangeRequest extends DeskChange {
  records: { id: string; version: number }[];
}

/** What a bulk change did: the changed records, and the current state of those changed meanwhile by someone else. */
export interface BulkChangeResult<R> {
  updated: R[];
  conflicts: R[];
}

/** The 409 answer to a change made on a stale version: the message and the record as it is now. */
export interface ConflictBody<R> {
  error: string;
  current: R;
}

export const CONFLICT_MESSAGE = 'Someone else changed this record meanwhile. It now shows their change: check it and try again.';

export const NOTE_MAX_LENGTH = 5000;
export const BULK_CHANGE_MAX = 500;

/**
 * One line of a record's timeline, oldest first. `received` comes from the record itself; the
 * others are stored events. A new kind of entry is one more member here, one more `type` the
 * API stores (api/src/records/desk/record-events.ts) and one more line in the admin's describer.
 */
export type TimelineEntry = { id: string; at: string; actor: Assignee | null } & (
  | { type: 'received' }
  /** `reason`: why it was won or lost, when `to` asks for one (docs/admin.md#outcome-reasons). */
  | { type: 'status'; from: string; to: string; reason?: string }
  | { type: 'owner'; from: Assignee | null; to: Assignee | null }
  | { type: 'note'; text: string }
  /** A mail queued for the record; `files`: the names of the files it carries, when it has any. */
  | { type: 'mail'; purpose: MailPurpose; to: string[]; subject: string; files?: string[] }
  /** A mail to the sender that was not sent, and why (docs/mail.md#addresses). */
  | { type: 'withheld'; purpose: MailPurpose; to: string; reason: MailWithheldReason }
  /**
   * A mail that came back (docs/mail.md#answers): the customer's answer, an automatic one (never
   * counted as an answer), or a bounce of one of the record's mails with its reason.
   */
  | { type: 'answer'; mail: InboundMailKind; from: string; subject: string; fromOtherAddress: boolean; reason?: string }
  /** Linked to (or unlinked from) a record of the other matched list; `name` is null once that record is erased. */
  | { type: 'link' | 'unlink'; list: MatchedListName; recordId: string; name: string | null }
  /** A follow-up set (or moved) to `at`, with its note (docs/api.md#follow-ups-and-snooze), or cleared. */
  | { type: 'follow-up'; at: string; note: string | null }
  | { type: 'follow-up-cleared' }
  /** Snoozed until `until`; the snooze ended on its date, by the customer's reply, or by staff. */
  | { type: 'snoozed'; until: string }
  | { type: 'snooze-ended'; why: 'date' | 'reply' | 'staff' }
);
export type TimelineEntryType = TimelineEntry['type'];
/** What ended a snooze: its date came, the customer replied, or staff ended it. */
export type SnoozeEndReason = Extract<TimelineEntry, { type: 'snooze-ended' }>['why'];
