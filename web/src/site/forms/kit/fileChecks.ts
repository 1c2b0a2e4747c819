import { ALLOWED_UPLOAD_TYPES, canRunPrograms, runnableFileRefused, UPLOAD_LIMITS } from '@sourcing/shared';

/** Just what the checks read of a File, so they run in Node tests too. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

const ALLOWED_LABELS = ALLOWED_UPLOAD_TYPES.map((t) => t.label).join(', ');
const MAX_MB = UPLOAD_LIMITS.maxFileBytes / (1024 * 1024);

function isAllowedType(file: PickedFile): boolean {
  const name = file.name.toLowerCase();
  return ALLOWED_UPLOAD_TYPES.some(
    (t) => (file.type !== '' && t.mime === file.type) || t.extensions.some((ext) => name.endsWith(ext)),
  );
}

/**
 * The same limits the API enforces, checked before anything is uploaded: type, size per file
 * and count. Answers the first problem as a sentence for the field, or null.
 */
export function fileProblem(files: readonly PickedFile[], maxFiles: number): string | null {
  if (files.length > maxFiles) {
    return maxFiles === 1 ? 'Attach only one file' : `Attach at most ${maxFiles} files`;
  }
  for (const file of files) {
    if (canRunPrograms(file.name)) return runnableFileRefused(file.name, `"${file.name}"`);
    if (!isAllowedType(file)) return `"${file.name}" is not an allowed file type (${ALLOWED_LABELS})`;
    if (file.size > UPLOAD_LIMITS.maxFileBytes) return `"${file.name}" is larger than ${MAX_MB} MB`;
  }
  return null;
}

/** A file size people read: '850 B', '12.3 KB', '4.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Same file picked twice (name, size and date) is kept once. */
export function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}
