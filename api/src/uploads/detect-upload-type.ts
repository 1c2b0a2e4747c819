import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ALLOWED_UPLOAD_TYPES } from '@sourcing/shared';
import { fileTypeFromFile } from 'file-type';

export interface DetectedType {
  mime: string;
  /** Extension of the stored file, from the detected type (never from the visitor's name). */
  extension: string;
}

const ALLOWED_MIMES = new Set<string>(ALLOWED_UPLOAD_TYPES.map((t) => t.mime));
/** What file-type calls an OLE compound file (Microsoft's CFB container) by its header. */
const COMPOUND_FILE_MIME = 'application/x-cfb';
/** Legacy Office files are OLE containers: the header says "OLE", the name says Word or Excel. */
const OLE_TYPES: Record<string, DetectedType> = {
  '.doc': { mime: 'application/msword', extension: '.doc' },
  '.xls': { mime: 'application/vnd.ms-excel', extension: '.xls' },
};

/** CSV and TXT have no magic bytes: they must be valid UTF-8 text without NUL bytes. */
async function isPlainText(path: string): Promise<boolean> {
  const bytes = await readFile(path);
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file really is, judged by its content; null when it is not one of ALLOWED_UPLOAD_TYPES.
 * The original name only chooses between look-alikes (DOC/XLS, CSV/TXT).
 */
export async function detectUploadType(path: string, originalName: string): Promise<DetectedType | null> {
  const nameExtension = extname(originalName).toLowerCase();
  const detected = await fileTypeFromFile(path);
  if (detected?.mime === COMPOUND_FILE_MIME) return OLE_TYPES[nameExtension] ?? null;
  if (detected) return ALLOWED_MIMES.has(detected.mime) ? { mime: detected.mime, extension: `.${detected.ext}` } : null;
  if (!(await isPlainText(path))) return null;
  return nameExtension === '.csv' ? { mime: 'text/csv', extension: '.csv' } : { mime: 'text/plain', extension: '.txt' };
}
