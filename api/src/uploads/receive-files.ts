import multer from '@koa/multer';
import { UPLOAD_LIMITS } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { cleanFileName } from './file-names';
import { incomingStorage, UploadWriteError } from './incoming-storage';

/** A file written to the incoming folder, not yet checked. */
export interface IncomingFile {
  path: string;
  /** The visitor's file name made safe to show (see cleanFileName); '' when none was usable. */
  originalName: string;
  size: number;
  /** Its first bytes (up to LEADING_BYTES), kept as it was written. */
  leading: Buffer;
}

export interface IncomingFilesState {
  incomingFiles: IncomingFile[];
}

export const MULTIPART_ONLY = 'Send the form as multipart/form-data';
export const MALFORMED_MULTIPART = 'Malformed multipart body';
export const FORM_TOO_LARGE = 'The form is too large';
export const tooManyFiles = (max: number) => (max === 1 ? 'Attach at most one file' : `Attach at most ${max} files`);
export const fileTooLarge = (maxBytes: number) => `Each file must be at most ${maxBytes / (1024 * 1024)} MB`;

const FIELD_LIMITS = { fields: 60, fieldSize: 64 * 1024, fieldNameSize: 100 };

/** The largest body a form of `maxFiles` files can honestly be: files, text fields and the multipart framing. */
const largestMultipartBody = (maxFiles: number) =>
  maxFiles * UPLOAD_LIMITS.maxFileBytes + FIELD_LIMITS.fields * FIELD_LIMITS.fieldSize + 1024 * 1024;

/** multer 2's options that @koa/multer passes on but its type definitions predate. */
type ParserOptions = multer.Options & {
  preservePath: boolean;
  defParamCharset: string;
  limits: { fieldArrayIndexLimit: number };
};

/**
 * Multipart parsing (@koa/multer) for one file field: files go to UPLOADS_DIR/.incoming under
 * random names (uploads/incoming-storage.ts), limited in size and count and taken from the upload
 * budgets before they are written; whatever the handler does not keep is deleted when it ends. A
 * JSON or form body (no files) is left as the body parser read it.
 */
export function receiveFiles(
  deps: Pick<AppDeps, 'uploads' | 'uploadBudget'>,
  field: string,
  maxFiles: number,
): Middleware<IncomingFilesState> {
  const store = deps.uploads;
  const largestBody = largestMultipartBody(maxFiles);
  const options: Omit<ParserOptions, 'storage'> = {
    // The file name exactly as sent: '..', '.' or '/' are renamed when checked (check-files.ts), not dropped.
    preservePath: true,
    // Browsers send UTF-8 file names without saying so.
    defParamCharset: 'utf8',
    limits: {
      ...FIELD_LIMITS,
      fileSize: UPLOAD_LIMITS.maxFileBytes,
      parts: FIELD_LIMITS.fields + maxFiles,
      headerPairs: 20,
      // multer reads 'a[9]' as a list: a name like 'a[4294967294]' would make one of four billion slots.
      fieldArrayIndexLimit: FIELD_LIMITS.fields,
    },
  };
  return async (ctx, next) => {
    ctx.state.incomingFiles = [];
    if (ctx.is('multipart/*')) {
      if (!ctx.is('multipart/form-data')) throw new HttpError(415, MULTIPART_ONLY);
      const announced = ctx.request.length ?? 0;
      if (announced > largestBody) throw new HttpError(413, FORM_TOO_LARGE);
      const ticket = await deps.uploadBudget.open(clientAddress(ctx), announced);
      const storage = incomingStorage(store.incomingDir, ticket.beforeWrite);
      // A part with an empty file name (a file input left empty) is no file: multer skips it (docs/hardening.md).
      const upload = multer({ ...options, storage } satisfies ParserOptions).array(field, maxFiles);
      try {
        await upload(ctx, async () => {});
      } catch (error) {
        await storage.discardAll();
        throw uploadError(error, field, maxFiles);
      } finally {
        await ticket.close();
      }
      const files = (Array.isArray(ctx.files) ? ctx.files : []) as (multer.File & Pick<IncomingFile, 'leading'>)[];
      ctx.state.incomingFiles = files.map((f) => ({
        path: f.path,
        originalName: cleanFileName(f.originalname),
        size: f.size,
        leading: f.leading,
      }));
    }
    try {
      await next();
    } finally {
      await store.discardIncoming(ctx.state.incomingFiles.map((f) => f.path));
    }
  };
}

/**
 * What the client is told when the form could not be read. Our own failures come typed from the
 * storage engine (a refused budget, a full disk, or an UploadWriteError that stays a server
 * error); multer's limits are 400/413; anything else is busboy's or the request's: a malformed or
 * broken-off body, 400.
 */
function uploadError(error: unknown, field: string, maxFiles: number): unknown {
  if (error instanceof HttpError || error instanceof UploadWriteError) return error;
  if (!(error instanceof Error) || error.name !== 'MulterError') return new HttpError(400, MALFORMED_MULTIPART);
  const { code, field: errorField } = error as Error & { code: string; field?: string };
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new HttpError(413, fileTooLarge(UPLOAD_LIMITS.maxFileBytes), { [field]: fileTooLarge(UPLOAD_LIMITS.maxFileBytes) });
    case 'LIMIT_UNEXPECTED_FILE':
      return errorField === field
        ? new HttpError(400, tooManyFiles(maxFiles), { [field]: tooManyFiles(maxFiles) })
        : new HttpError(400, `Unexpected file field: ${errorField ?? ''}`.trim());
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
      return new HttpError(413, FORM_TOO_LARGE);
    default:
      return new HttpError(400, MALFORMED_MULTIPART);
  }
}
