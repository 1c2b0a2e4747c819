import { randomUUID } from 'node:crypto';
import multer from '@koa/multer';
import { UPLOAD_LIMITS } from '@sourcing/shared';
import type { Middleware } from 'koa';
import { HttpError } from '../http/errors';
import type { UploadStore } from './upload-store';

/** A file multer wrote to the incoming folder, not yet checked. */
export interface IncomingFile {
  path: string;
  originalName: string;
  size: number;
}

export interface IncomingFilesState {
  incomingFiles: IncomingFile[];
}

const MB = UPLOAD_LIMITS.maxFileBytes / (1024 * 1024);
export const FILE_TOO_LARGE = `Each file must be at most ${MB} MB`;
export const tooManyFiles = (max: number) => (max === 1 ? 'Attach at most one file' : `Attach at most ${max} files`);

/**
 * Multipart parsing for one file field: files go to UPLOADS_DIR/.incoming under random names,
 * limited in size and count; whatever the handler does not keep is deleted when it ends.
 */
export function receiveFiles(store: UploadStore, field: string, maxFiles: number): Middleware<IncomingFilesState> {
  const options: multer.Options & { defParamCharset: string } = {
    storage: multer.diskStorage({
      destination: store.incomingDir,
      filename: (_req, _file, done) => done(null, randomUUID()),
    }),
    // Browsers send UTF-8 file names without saying so.
    defParamCharset: 'utf8',
    limits: {
      fileSize: UPLOAD_LIMITS.maxFileBytes,
      files: maxFiles,
      fields: 60,
      fieldSize: 64 * 1024,
      fieldNameSize: 100,
      parts: 60 + maxFiles,
    },
  };
  const upload = multer(options).fields([{ name: field, maxCount: maxFiles }]);

  return async (ctx, next) => {
    try {
      await upload(ctx as never, async () => {});
    } catch (error) {
      throw uploadError(error, field, maxFiles);
    }
    const files = ctx.files && !Array.isArray(ctx.files) ? ctx.files[field] ?? [] : [];
    ctx.state.incomingFiles = files.map((f) => ({ path: f.path, originalName: cleanFileName(f.originalname), size: f.size }));
    try {
      await next();
    } finally {
      await store.discardIncoming(ctx.state.incomingFiles.map((f) => f.path));
    }
  };
}

/** The visitor's file name without folders or control characters, for display and Content-Disposition. */
export function cleanFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200) || 'file';
}

function uploadError(error: unknown, field: string, maxFiles: number): unknown {
  const code = (error as { code?: string }).code;
  const errorField = (error as { field?: string }).field;
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new HttpError(413, FILE_TOO_LARGE, { [field]: FILE_TOO_LARGE });
    case 'LIMIT_FILE_COUNT':
      return new HttpError(400, tooManyFiles(maxFiles), { [field]: tooManyFiles(maxFiles) });
    case 'LIMIT_UNEXPECTED_FILE':
      return errorField === field
        ? new HttpError(400, tooManyFiles(maxFiles), { [field]: tooManyFiles(maxFiles) })
        : new HttpError(400, `Unexpected file field: ${errorField ?? ''}`.trim());
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
      return new HttpError(413, 'The form is too large');
    default:
      return code || (error as { status?: number }).status ? new HttpError(400, 'Malformed multipart body') : error;
  }
}
