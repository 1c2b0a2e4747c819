import type {
  Assignee,
  InboundMailKind,
  MailPurpose,
  MailWithheldReason,
  MatchedListName,
  RecordKind,
  SnoozeEndReason,
  TimelineEntryType,
} from '@sourcing/shared';
import { EntitySchema } from 'typeorm';
import type { Transaction } from '../../db/database';
import { columnTypes, type Engine } from '../../db/engine';

/** What each stored event type keeps besides who and when (`received` is the record's own time, not stored). */
export interface EventDetails {
  /** `reason`: why it was won or lost (docs/admin.md#outcome-reasons). */
  status: { from: string; to: string; reason?: string };
  owner: { from: Assignee | null; to: Assignee | null };
  note: { text: string };
  /** A mail queued for the record; `files`: the names of the files it carries, when it has any. */
  mail: { purpose: MailPurpose; to: string[]; subject: string; files?: string[] };
  withheld: { purpose: MailPurpose; to: string; reason: MailWithheldReason };
  /** A mail that came back (mail/inbound): who sent it, its subject, and a bounce's reason. */
  answer: { mail: InboundMailKind; from: string; subject: string; fromOtherAddress: boolean; reason?: string };
  /** The other record of a link (its name is read when the timeline is, so an erased record leaves none behind). */
  link: { list: MatchedListName; recordId: string };
  unlink: { list: MatchedListName; recordId: string };
  /** A follow-up set for `at` (ISO), with its note (records/follow-ups); cleared. */
  'follow-up': { at: string; note: string | null };
  'follow-up-cleared': Record<string, never>;
  /** Snoozed until `until` (ISO); the snooze ended, and why. */
  snoozed: { until: string };
  'snooze-ended': { why: SnoozeEndReason };
}
export type StoredEventType = keyof EventDetails & TimelineEntryType;

/** One row of record_events (migration 1795000000100): a line of a record's timeline. */
export interface RecordEventRow {
  id?: string;
  recordKind: RecordKind;
  recordId: string;
  type: string;
  actorId: string | null;
  actorEmail: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export const RECORD_EVENT = 'RecordEvent';

export function recordEventEntity(engine: Engine): EntitySchema<RecordEventRow> {
  return new EntitySchema<RecordEventRow>({
    name: RECORD_EVENT,
    tableName: 'record_events',
    columns: {
      // bigint comes back from pg as a string: ids are strings on both engines.
      id: { type: engine === 'postgres' ? 'bigint' : 'integer', primary: true, generated: 'increment', transformer: idText },
      recordKind: { type: 'varchar', length: 32 },
      recordId: { type: 'varchar', length: 36 },
      type: { type: 'varchar', length: 32 },
      actorId: { type: 'varchar', length: 36, nullable: true },
      actorEmail: { type: 'varchar', length: 254, nullable: true },
      details: { type: 'simple-json' },
      createdAt: { type: columnTypes(engine).timestamp },
    },
  });
}

const idText = {
  to: (v: string | undefined) => v,
  from: (v: string | number | null) => (v === null ? v : String(v)),
};

/** A new event of a record, in the caller's transaction; no actor when the system did it (a confirmation mail). */
export function eventRow<T extends StoredEventType>(
  kind: RecordKind,
  recordId: string,
  type: T,
  actor: Assignee | null,
  details: EventDetails[T],
  at: Date,
): RecordEventRow {
  return {
    recordKind: kind,
    recordId,
    type,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    details: { ...details },
    createdAt: at,
  };
}

export async function storeEvents(tx: Transaction, rows: RecordEventRow[]): Promise<RecordEventRow[]> {
  if (rows.length === 0) return [];
  return tx.manager.getRepository<RecordEventRow>(RECORD_EVENT).save(rows.map((row) => ({ ...row })));
}
