import type { Assignee, MailPurpose, MatchedListName, RecordKind, TimelineEntry, TimelineEntryType } from '@sourcing/shared';
import { EntitySchema, type EntityManager } from 'typeorm';
import { columnTypes, type Engine } from '../../db/engine';
import { nameTimelineStaff } from '../../staff/staff-names';
import { nameLinkedRecords } from '../matching/linked-names';

/** What each stored event type keeps besides who and when (`received` is the record's own time, not stored). */
export interface EventDetails {
  status: { from: string; to: string };
  owner: { from: Assignee | null; to: Assignee | null };
  note: { text: string };
  mail: { purpose: MailPurpose; to: string[]; subject: string };
  /** The other record of a link (its name is read when the timeline is, so an erased record leaves none behind). */
  link: { list: MatchedListName; recordId: string };
  unlink: { list: MatchedListName; recordId: string };
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

export async function storeEvents(manager: EntityManager, rows: RecordEventRow[]): Promise<RecordEventRow[]> {
  if (rows.length === 0) return [];
  return manager.getRepository<RecordEventRow>(RECORD_EVENT).save(rows.map((row) => ({ ...row })));
}

/** A stored event as a timeline line; its staff are named by their e-mail until nameTimelineStaff names them. */
export function timelineEntry(row: RecordEventRow): TimelineEntry {
  const email = row.actorEmail ?? '';
  const actor = row.actorId ? { id: row.actorId, email, name: email } : null;
  return { id: String(row.id), at: row.createdAt.toISOString(), actor, type: row.type, ...row.details } as TimelineEntry;
}

/** A record's timeline, oldest first: received, then its stored events in the order they happened. */
export async function timelineOf(manager: EntityManager, recordId: string, receivedAt: Date): Promise<TimelineEntry[]> {
  const rows = await manager.getRepository<RecordEventRow>(RECORD_EVENT).find({ where: { recordId }, order: { id: 'ASC' } });
  const entries = await nameTimelineStaff(manager, await nameLinkedRecords(manager, rows.map(timelineEntry)));
  return [{ id: 'received', type: 'received', at: receivedAt.toISOString(), actor: null }, ...entries];
}
