import type { RecordKind } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import type { Transaction } from '../db/database';
import type { StoredFile } from '../db/entities/stored-file';
import { UPLOADED_FILE, type UploadedFileRow } from '../db/entities/uploaded-file';
import type { CheckedFile } from '../uploads/check-files';

/**
 * Moves checked files to their stored names and puts them on disk (bytes and names: a power cut
 * after the 201 loses none, docs/operations.md#durability), then inserts the record and its file
 * index rows in one transaction. If anything fails, the stored files are removed again: no file
 * outlives a rejected submission.
 */
export async function storeWithFiles<Row extends { id: string; createdAt: Date }>(
  deps: Pick<AppDeps, 'db' | 'uploads'>,
  kind: RecordKind,
  files: CheckedFile[],
  insertRecord: (tx: Transaction, stored: StoredFile[]) => Promise<Row>,
): Promise<Row> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const storedName = await deps.uploads.keep(file.path, file.extension);
      stored.push({ storedName, originalName: file.originalName, mimeType: file.mimeType, size: file.size });
    }
    if (stored.length) await deps.uploads.syncKept();
    return await deps.db.transaction(async (tx) => {
      const row = await insertRecord(tx, stored);
      for (const file of stored) {
        const indexed: UploadedFileRow = { ...file, recordKind: kind, recordId: row.id, createdAt: row.createdAt };
        await tx.insert(UPLOADED_FILE, indexed);
      }
      return row;
    });
  } catch (error) {
    await deps.uploads.remove(stored.map((f) => f.storedName));
    throw error;
  }
}
