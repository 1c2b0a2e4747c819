import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ALLOWED_UPLOAD_TYPES } from '@sourcing/shared';
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';
import type { IncomingFile } from './receive-files';

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

/**
 * Allowed types that file-type tells by their leading bytes alone: for these its answer from the
 * bytes kept while the file was written is the one it gives reading the file. A ZIP (DOCX, XLSX)
 * is told by entries that may lie anywhere, a PNG by its chunks: those, and anything not told at
 * once, are read from the file.
 */
const TOLD_BY_LEADING_BYTES = new Set(['application/pdf', 'image/jpeg', 'image/gif', 'image/webp', COMPOUND_FILE_MIME]);

/** Whether the kept leading bytes are the whole file. */
const keptWhole = (file: IncomingFile) => file.size <= file.leading.length;

/** The whole file's bytes: the kept ones when they are all of it, else read from disk. */
const wholeFile = (file: IncomingFile) => (keptWhole(file) ? Promise.resolve(file.leading) : readFile(file.path));

async function fileTypeOf(file: IncomingFile): Promise<FileTypeResult | undefined> {
  const fromLeading = await fileTypeFromBuffer(file.leading);
  if (keptWhole(file) || (fromLeading && TOLD_BY_LEADING_BYTES.has(fromLeading.mime))) return fromLeading;
  return fileTypeFromFile(file.path);
}

/** CSV and TXT have no magic bytes: they must be valid UTF-8 text without NUL bytes. */
async function isPlainText(file: IncomingFile): Promise<boolean> {
  const bytes = await wholeFile(file);
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
export async function detectUploadType(file: IncomingFile): Promise<DetectedType | null> {
  const nameExtension = extname(file.originalName).toLowerCase();
  const detected = await fileTypeOf(file);
  if (detected?.mime === COMPOUND_FILE_MIME) return OLE_TYPES[nameExtension] ?? null;
  if (detected) return ALLOWED_MIMES.has(detected.mime) ? { mime: detected.mime, extension: `.${detected.ext}` } : null;
  if (!(await isPlainText(file))) return null;
  return nameExtension === '.csv' ? { mime: 'text/csv', extension: '.csv' } : { mime: 'text/plain', extension: '.txt' };
}
