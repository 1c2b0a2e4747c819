import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_LIMITS, type InboundAttachmentSummary, type RecordKind } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { Transaction } from '../../db/database';
import type { StoredFile } from '../../db/entities/stored-file';
import { HttpError } from '../../http/errors';
import { indexRecordFiles } from '../../records/store-with-files';
import { checkFiles } from '../../uploads/check-files';
import { cleanFileName } from '../../uploads/file-names';
import { LEADING_BYTES } from '../../uploads/incoming-storage';
import type { InboundAttachment } from './read-inbound';

/** An attachment of an inbound mail as stored: kept as a file of the record, or why not (it stays inside the .eml). */
export type InboundFile = InboundAttachmentSummary & { storedName?: string };

export type InboundFileDeps = Pick<AppDeps, 'uploads' | 'uploadBudget' | 'logger'>;

export const fileTooLargeToKeep = `larger than ${UPLOAD_LIMITS.maxFileBytes / (1024 * 1024)} MB`;

/**
 * Keeps a mail's attachments as files of its record, through what form uploads go through
 * (docs/mail.md#reading-answers): the upload budget of the sender's address and the disk floor,
 * the per-file size limit, type detection by content and the refusal of files that run programs.
 * A file refused is listed with the reason (`notKept`) and stays inside the mail's `.eml`. The
 * kept files are on disk (bytes and names) before this returns; `indexInboundFiles` ties them to
 * the record in the storing transaction, and `forget` removes them if that does not commit.
 */
export async function keepInboundFiles(
  deps: InboundFileDeps,
  sender: string,
  attachments: InboundAttachment[],
): Promise<{ files: InboundFile[]; forget: () => Promise<void> }> {
  const files: InboundFile[] = [];
  const kept: string[] = [];
  const forget = () => deps.uploads.remove(kept);
  if (attachments.length === 0) return { files, forget };
  let ticket: Awaited<ReturnType<AppDeps['uploadBudget']['open']>> | null = null;
  let refusedAll: string | null = null;
  try {
    ticket = await deps.uploadBudget.open(`mail:${sender.toLowerCase()}`, 0);
  } catch (error) {
    refusedAll = error instanceof HttpError ? error.message : 'the upload budget could not be read';
  }
  try {
    for (const attachment of attachments) {
      const name = cleanFileName(attachment.name);
      const summary = { name: name || 'attachment', contentType: attachment.contentType, size: attachment.content.length };
      const refusal = refusedAll ?? (summary.size > UPLOAD_LIMITS.maxFileBytes ? fileTooLargeToKeep : null);
      if (refusal) {
        files.push({ ...summary, notKept: refusal });
        continue;
      }
      const path = join(deps.uploads.incomingDir, randomUUID());
      try {
        await ticket!.beforeWrite(summary.size);
        await writeFile(path, attachment.content);
        const [checked] = await checkFiles(
          [{ path, originalName: name, size: summary.size, leading: attachment.content.subarray(0, LEADING_BYTES) }],
          'attachment',
        );
        const storedName = await deps.uploads.keep(path, checked.extension);
        kept.push(storedName);
        files.push({ ...summary, name: checked.originalName, contentType: checked.mimeType, storedName });
      } catch (error) {
        await deps.uploads.discardIncoming([path]);
        if (!(error instanceof HttpError)) throw error;
        files.push({ ...summary, notKept: error.message });
      }
    }
    if (kept.length) await deps.uploads.syncKept();
    return { files, forget };
  } catch (error) {
    await forget();
    throw error;
  } finally {
    await ticket?.close();
  }
}

/** The kept files in the file index, as the record's (erasing the record removes them: records/erasure). */
export async function indexInboundFiles(
  tx: Transaction,
  files: InboundFile[],
  record: { kind: RecordKind; id: string },
  at: Date,
): Promise<void> {
  const kept: StoredFile[] = files.flatMap((file) =>
    file.storedName
      ? [{ storedName: file.storedName, originalName: file.name, mimeType: file.contentType, size: file.size }]
      : [],
  );
  await indexRecordFiles(tx, record, kept, at);
}
