import type { Transaction } from '../../db/database';
import type { DeskRow } from '../desk/change-records';
import { eventRow, storeEvents } from '../desk/record-events';
import type { RecordKind } from '../record-kind';

/**
 * A customer's reply ends the record's snooze (docs/api.md#follow-ups-and-snooze), in the
 * transaction storing the reply: the record is back in the working lists and its timeline says the
 * snooze ended (`why: 'reply'`). A snooze whose date came first is the job's to end (`why: 'date'`).
 * The caller announces the reply, so the record's open views re-read anyway. Answers whether a
 * snooze ended.
 */
export async function endSnoozeOnReply(tx: Transaction, kind: RecordKind, recordId: string, at: Date): Promise<boolean> {
  if (!kind.definition.statuses) return false;
  const row = await tx.manager.getRepository<DeskRow>(kind.entity).findOneBy({ id: recordId });
  if (!row?.snoozedUntil || row.snoozedUntil <= at) return false;
  // Ended meanwhile by staff or the job: theirs is the line on record.
  const changed = await tx.run(`UPDATE "${kind.table}" SET "snoozedUntil" = NULL WHERE "id" = ? AND "snoozedUntil" IS NOT NULL`, [
    recordId,
  ]);
  if (!changed) return false;
  await storeEvents(tx, [eventRow(kind.definition.kind, recordId, 'snooze-ended', null, { why: 'reply' }, at)]);
  return true;
}
