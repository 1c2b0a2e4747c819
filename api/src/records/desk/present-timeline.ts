import type { TimelineEntry } from '@sourcing/shared';
import type { EntityManager } from 'typeorm';
import { nameTimelineStaff } from '../../staff/staff-names';
import { nameLinkedRecords } from '../matching/linked-names';
import { RECORD_EVENT, type RecordEventRow } from './record-events';

/**
 * A stored event as a timeline entry (docs/api.md#sales-desk): who, when, and what the event keeps.
 * Its staff are named by their e-mail until nameTimelineStaff names them.
 */
export function presentTimelineEntry(row: RecordEventRow): TimelineEntry {
  const email = row.actorEmail ?? '';
  const actor = row.actorId ? { id: row.actorId, email, name: email } : null;
  return { id: String(row.id), at: row.createdAt.toISOString(), actor, type: row.type, ...row.details } as TimelineEntry;
}

/**
 * A record's timeline, oldest first: received, then its stored events in the order they happened,
 * each link naming the other record and each staff member as they are now.
 */
export async function timelineOf(manager: EntityManager, recordId: string, receivedAt: Date): Promise<TimelineEntry[]> {
  const rows = await manager.getRepository<RecordEventRow>(RECORD_EVENT).find({ where: { recordId }, order: { id: 'ASC' } });
  const entries = await nameTimelineStaff(manager, await nameLinkedRecords(manager, rows.map(presentTimelineEntry)));
  return [{ id: 'received', type: 'received', at: receivedAt.toISOString(), actor: null }, ...entries];
}
