import { ALLOWED_UPLOAD_TYPES } from '@sourcing/shared';
import { HttpError } from '../http/errors';
import { detectUploadType } from './detect-upload-type';
import type { IncomingFile } from './receive-files';

export interface CheckedFile extends IncomingFile {
  mimeType: string;
  extension: string;
}

const ALLOWED_LABELS = ALLOWED_UPLOAD_TYPES.map((t) => t.label).join(', ');
export const unsupportedFile = (name: string) => `${name} is not an allowed file type (${ALLOWED_LABELS})`;

/** Every file must be one of the allowed types by content; the first that is not refuses the submission. */
export async function checkFiles(files: IncomingFile[], field: string): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const type = await detectUploadType(file.path, file.originalName);
    if (!type) {
      const message = unsupportedFile(file.originalName || 'The file');
      throw new HttpError(415, message, { [field]: message });
    }
    checked.push({ ...file, mimeType: type.mime, extension: type.extension });
  }
  return checked;
}
