import type { AttachmentFile } from '@sourcing/shared';
import type { StoredFile } from '../db/entities/stored-file';
import { servedFileName, shownFileName } from '../uploads/file-names';

/** Turns a stored name into an absolute signed, short-lived URL (see uploads/signed-links.ts). */
export type LinkSigner = (storedName: string) => string;

export function presentAttachmentFiles(files: StoredFile[], sign: LinkSigner): AttachmentFile[] {
  return files.map((f) => ({
    ...f,
    originalName: shownFileName(f.originalName),
    fileName: servedFileName(f.originalName, f.mimeType),
    url: sign(f.storedName),
  }));
}
