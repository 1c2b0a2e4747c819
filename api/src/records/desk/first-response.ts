import type { ObjectLiteral } from 'typeorm';
import type { Transaction } from '../../db/database';
import type { RecordKind } from '../record-kind';

/**
 * Keeps a worked record's first response (docs/admin.md#first-response): the first e-mail reply
 * staff send its sender, when and by whom, in the reply's transaction. Later replies change nothing.
 */
export async function keepFirstResponse(
  tx: Transaction,
  kind: RecordKind,
  recordId: string,
  responderId: string,
  at: Date,
): Promise<void> {
  if (kind.definition.statuses === null) return;
  await tx.manager
    .getRepository<ObjectLiteral>(kind.entity)
    .createQueryBuilder()
    .update()
    .set({ firstResponseAt: at, firstResponderId: responderId })
    .where('"id" = :id AND "firstResponseAt" IS NULL', { id: recordId })
    .execute();
}
