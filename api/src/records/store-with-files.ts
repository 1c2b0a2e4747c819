import type { RecordKind } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import type { Transaction } from '../db/database';
import type { StoredFile } from '../db/entities/stored-file';
import { UPLOADED_FILE, type UploadedFileRow } from '../db/entities/uploaded-file';
import type { CheckedFile } from '../uploads/check-files';

/**
 * Moves checked files to their stored names and puts them on disk (bytes and names: a power cut
 * after the answer loses none, docs/operations.md#durability). If one cannot be kept, those kept
 * are removed again.
 */
export async function keepCheckedFiles(deps: Pick<AppDeps, 'uploads'>, files: CheckedFile[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const storedName = await deps.uploads.keep(file.path, file.extension);
      stored.push({ storedName, originalName: file.originalName, mimeType: file.mimeType, size: file.size });
    }
    if (stored.length) await deps.uploads.syncKept();
    return stored;
  } catch (error) {
    await deps.uploads.remove(stored.map((f) => f.storedName));
    throw error;
  }
}

/** Kept files in the file index as the record's: listed with it, and erased with it (records/erasure). */
export async function indexRecordFiles(
  tx: Transaction,
  record: { kind: RecordKind; id: string },
  files: StoredFile[],
  at: Date,
): Promise<void> {
  for (const file of files) {
    const indexed: UploadedFileRow = { ...file, recordKind: record.kind, recordId: record.id, createdAt: at };
    await tx.insert(UPLOADED_FILE, indexed);
  }
}

/**
 * Keeps checked files (keepCheckedFiles), then inserts the record and its file index rows in one
 * transaction. If anything fails, the stored files are removed again: no file outlives a rejected
 * submission.
 */
export async function storeWithFiles<Row extends { id: string; createdAt: Date }>(
  deps: Pick<AppDeps, 'db' | 'uploads'>,
  kind: RecordKind,
  files: CheckedFile[],
  insertRecord: (tx: Transaction, stored: StoredFile[]) => Promise<Row>,
): Promise<Row> {
  const stored = await keepCheckedFiles(deps, files);
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await insertRecord(tx, stored);
      await indexRecordFiles(tx, { kind, id: row.id }, stored, row.createdAt);
      return row;
    });
  } catch (error) {
    await deps.uploads.remove(stored.map((f) => f.storedName));
    throw error;
  }
}
