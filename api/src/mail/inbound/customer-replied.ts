import type { Queries } from '../../db/database';
import { dbTime, type Engine } from '../../db/engine';

/**
 * The ids among `recordIds` whose customer replied and nobody has read it yet (docs/mail.md#the-desk-reacts):
 * the list rows' "Customer replied". Automatic replies and bounces never count.
 */
export async function repliedAmong(db: Queries, recordKind: string, recordIds: readonly string[]): Promise<string[]> {
  if (recordIds.length === 0) return [];
  const rows = await db.all<{ recordId: string }>(
    `SELECT DISTINCT "recordId" FROM "inbound_mails"
WHERE "recordKind" = ? AND "recordId" IN (${recordIds.map(() => '?').join(', ')}) AND "kind" = 'reply' AND "seenAt" IS NULL`,
    [recordKind, ...recordIds],
  );
  return rows.map((row) => String(row.recordId));
}

/** The record's answers are read: by its owner opening it (or anyone, when it has none), or by a staff reply. */
export async function markRepliesSeen(
  db: Queries,
  engine: Engine,
  recordKind: string,
  recordId: string,
  at: Date,
): Promise<number> {
  return db.run(`UPDATE "inbound_mails" SET "seenAt" = ? WHERE "recordKind" = ? AND "recordId" = ? AND "seenAt" IS NULL`, [
    dbTime(engine, at),
    recordKind,
    recordId,
  ]);
}
