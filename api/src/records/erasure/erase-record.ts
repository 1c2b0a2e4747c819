import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import { UPLOADED_FILE, type UploadedFileRow } from '../../db/entities/uploaded-file';
import type { AnyRow, RecordKind } from '../record-kind';

type ErasureDeps = Pick<AppDeps, 'db' | 'uploads' | 'audit' | 'logger'>;

/**
 * A data-protection erasure: the record's row, its files' index rows and, once that has committed,
 * the files on disk. The audit entry names only the kind, the id, who and when; nothing of the data.
 * Returns false when there is no such record.
 */
export async function eraseRecord(deps: ErasureDeps, ctx: Context, kind: RecordKind, id: string): Promise<boolean> {
  const storedNames = await deps.db.transaction(async (tx) => {
    const { manager } = tx;
    const row = await manager.getRepository<AnyRow>(kind.entity).findOneBy({ id });
    if (!row) return null;
    const files = await manager.getRepository<UploadedFileRow>(UPLOADED_FILE).findBy({ recordId: id });
    const names = [...new Set([...(row.attachments ?? []).map((f) => f.storedName), ...files.map((f) => f.storedName)])];
    if (files.length) await manager.getRepository<UploadedFileRow>(UPLOADED_FILE).delete({ recordId: id });
    await manager.getRepository<AnyRow>(kind.entity).delete({ id });
    await deps.audit(ctx, 'record-erased', { kind: kind.definition.kind, id }, {}, tx);
    return names;
  });
  if (storedNames === null) return false;
  try {
    await deps.uploads.remove(storedNames);
  } catch (error) {
    // The row is gone; a file left behind is found by the start-up sweep of orphans (uploads/clean-leftovers.ts).
    deps.logger.error('removing erased files failed', { error: error instanceof Error ? error.message : String(error) });
  }
  return true;
}
