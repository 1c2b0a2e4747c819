import { In, type ObjectLiteral } from 'typeorm';
import type { Transaction } from '../../db/database';
import type { RecordKind } from '../record-kind';

/**
 * What a change staff make to a record sets besides its own columns: the record's `Updated At`,
 * for the kinds that show one (buyer inquiries and supplier offers; docs/admin.md#sales-desk).
 */
export function updatedAtOf(kind: RecordKind, at: Date): { updatedAt?: Date } {
  return kind.definition.fields.some((field) => field.key === 'updatedAt') ? { updatedAt: at } : {};
}

/** Sets the `Updated At` of records a change touched without a desk change of their own (a note, a reply, a link), in its transaction. */
export async function touchRecords(tx: Transaction, kind: RecordKind, ids: string[], at: Date): Promise<void> {
  const set = updatedAtOf(kind, at);
  if (!set.updatedAt || ids.length === 0) return;
  await tx.manager.getRepository<ObjectLiteral>(kind.entity).update({ id: In(ids) }, set);
}
