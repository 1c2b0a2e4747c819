import { extname } from 'node:path';
import { ALLOWED_UPLOAD_TYPES, canRunPrograms, runnableFileRefused } from '@sourcing/shared';
import { HttpError } from '../http/errors';
import { detectUploadType } from './detect-upload-type';
import type { IncomingFile } from './receive-files';

export interface CheckedFile extends Omit<IncomingFile, 'leading'> {
  mimeType: string;
  extension: string;
}

const ALLOWED_LABELS = ALLOWED_UPLOAD_TYPES.map((t) => t.label).join(', ');
export const unsupportedFile = (name: string) => `${name} is not an allowed file type (${ALLOWED_LABELS})`;
/** 'an XLSX', 'a PDF': the labels are read letter by letter. */
const withArticle = (label: string) => `${/^[AEFHILMNORSX]/.test(label) ? 'an' : 'a'} ${label}`;
export const notWhatItsNameSays = (name: string, label: string) => `The content of ${name} is not ${withArticle(label)}`;

/** Why a file was refused: its name promised an allowed type its content is not, or the type is not allowed. */
function refusalOf(name: string): string {
  const extension = extname(name).toLowerCase();
  const promised = ALLOWED_UPLOAD_TYPES.find((t) => (t.extensions as readonly string[]).includes(extension));
  return promised ? notWhatItsNameSays(name, promised.label) : unsupportedFile(name || 'The file');
}

/**
 * Every file must be one of the allowed types by content, under a name that does not run
 * programs when opened; the first that is not refuses the submission. A file sent without a
 * usable name is kept as 'file-<n>' with its type's extension.
 */
export async function checkFiles(files: IncomingFile[], field: string): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const [index, file] of files.entries()) {
    if (canRunPrograms(file.originalName)) {
      const message = runnableFileRefused(file.originalName);
      throw new HttpError(415, message, { [field]: message });
    }
    const type = await detectUploadType(file);
    if (!type) {
      const message = refusalOf(file.originalName);
      throw new HttpError(415, message, { [field]: message });
    }
    const originalName = file.originalName || `file-${index + 1}${type.extension}`;
    checked.push({ path: file.path, size: file.size, originalName, mimeType: type.mime, extension: type.extension });
  }
  return checked;
}
