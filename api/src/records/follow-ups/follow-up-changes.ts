/**
 * What staff do to a record's follow-up and snooze (docs/api.md#follow-ups-and-snooze). Like a
 * note, none of it is a desk change: the status, owner and version stay. Each real change is one
 * transaction: the record's row, a timeline line, its Updated At, an audit entry and a live change;
 * one that changes nothing (what is set already, nothing to clear) leaves no trace.
 */
import type { Assignee, AuditAction, FollowUpInput, RealtimeChange, SnoozeInput } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { AuditWho } from '../../audit/audit';
import { dbTime } from '../../db/engine';
import { changeEvent, type DeskRow } from '../desk/change-records';
import { eventRow, storeEvents, type EventDetails, type StoredEventType } from '../desk/record-events';
import { touchRecords } from '../desk/updated-at';
import { changeWithEvents } from '../publish';
import type { RecordKind } from '../record-kind';

export type FollowUpChangeDeps = Pick<AppDeps, 'db' | 'bus' | 'logger' | 'audit' | 'now'>;

/** Who makes the change: the timeline's and the live change's actor, and the request the audit trail names. */
export interface FollowUpChangedBy {
  actor: Assignee;
  who: AuditWho;
}

/** One change: what its UPDATE sets, on which condition besides the record's id, and the trail it leaves. */
interface Change<T extends StoredEventType> {
  set: string;
  params: unknown[];
  when?: string;
  event: T;
  details: EventDetails[T];
  action: AuditAction;
  /** The audit entry's words: times only, never a note (it may name people, and the trail outlives erasures). */
  summary: string;
  type: RealtimeChange['type'];
  /** The live change's text, after the actor's name. */
  text: string;
}

async function apply<T extends StoredEventType>(
  deps: FollowUpChangeDeps,
  kind: RecordKind,
  row: DeskRow,
  { actor, who }: FollowUpChangedBy,
  change: Change<T>,
): Promise<void> {
  const at = deps.now();
  await changeWithEvents(deps, async (tx, announce) => {
    const changed = await tx.run(
      `UPDATE "${kind.table}" SET ${change.set} WHERE "id" = ?${change.when ? ` AND ${change.when}` : ''}`,
      [...change.params, row.id],
    );
    // Cleared by someone else meanwhile: their change is the one on record.
    if (!changed) return;
    await storeEvents(tx, [eventRow(kind.definition.kind, row.id, change.event, actor, change.details, at)]);
    await touchRecords(tx, kind, [row.id], at);
    await deps.audit(who, change.action, { kind: kind.definition.kind, id: row.id }, { summary: change.summary }, tx);
    await announce(changeEvent(kind, row, actor, change.type, change.text));
  });
}

const titleOf = (kind: RecordKind, row: DeskRow) => String(row[kind.definition.title]);

/** Sets (or moves) the record's follow-up; its reminder goes out again at the new time. */
export async function setFollowUp(
  deps: FollowUpChangeDeps,
  kind: RecordKind,
  row: DeskRow,
  { at, note }: FollowUpInput,
  by: FollowUpChangedBy,
): Promise<void> {
  if (row.followUpAt?.getTime() === at.getTime() && (row.followUpNote ?? null) === note) return;
  const iso = at.toISOString();
  await apply(deps, kind, row, by, {
    set: `"followUpAt" = ?, "followUpNote" = ?, "followUpNotifiedAt" = NULL`,
    params: [dbTime(deps.db.engine, at), note],
    event: 'follow-up',
    details: { at: iso, note },
    action: 'record-follow-up-set',
    summary: `follow-up ${iso}`,
    type: 'follow-up',
    text: `set a follow-up on ${titleOf(kind, row)}`,
  });
}

/** Clears the record's follow-up and its note. */
export async function clearFollowUp(deps: FollowUpChangeDeps, kind: RecordKind, row: DeskRow, by: FollowUpChangedBy) {
  if (!row.followUpAt) return;
  await apply(deps, kind, row, by, {
    set: `"followUpAt" = NULL, "followUpNote" = NULL, "followUpNotifiedAt" = NULL`,
    params: [],
    when: `"followUpAt" IS NOT NULL`,
    event: 'follow-up-cleared',
    details: {},
    action: 'record-follow-up-cleared',
    summary: 'follow-up cleared',
    type: 'follow-up',
    text: `cleared the follow-up on ${titleOf(kind, row)}`,
  });
}

/** Snoozes the record until `until` (a later or earlier end replaces the one it had). */
export async function snoozeRecord(
  deps: FollowUpChangeDeps,
  kind: RecordKind,
  row: DeskRow,
  { until }: SnoozeInput,
  by: FollowUpChangedBy,
): Promise<void> {
  if (row.snoozedUntil?.getTime() === until.getTime()) return;
  const iso = until.toISOString();
  await apply(deps, kind, row, by, {
    set: `"snoozedUntil" = ?`,
    params: [dbTime(deps.db.engine, until)],
    event: 'snoozed',
    details: { until: iso },
    action: 'record-snoozed',
    summary: `snoozed until ${iso}`,
    type: 'snooze',
    text: `snoozed ${titleOf(kind, row)}`,
  });
}

/** Ends the record's snooze before its date: it is back in the working lists. */
export async function endSnooze(deps: FollowUpChangeDeps, kind: RecordKind, row: DeskRow, by: FollowUpChangedBy) {
  if (!row.snoozedUntil) return;
  await apply(deps, kind, row, by, {
    set: `"snoozedUntil" = NULL`,
    params: [],
    when: `"snoozedUntil" IS NOT NULL`,
    event: 'snooze-ended',
    details: { why: 'staff' },
    action: 'record-snooze-ended',
    summary: 'snooze ended',
    type: 'snooze',
    text: `ended the snooze of ${titleOf(kind, row)}`,
  });
}
