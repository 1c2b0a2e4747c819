import { UPLOAD_LIMITS } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { cleanFileName } from './file-names';
import { FORM_TOO_LARGE, largestMultipartBody, parseMultipart } from './parse-multipart';

/** A file written to the incoming folder, not yet checked. */
export interface IncomingFile {
  path: string;
  /** The visitor's file name made safe to show (see cleanFileName); '' when none was usable. */
  originalName: string;
  size: number;
}

export interface IncomingFilesState {
  incomingFiles: IncomingFile[];
}

export const MULTIPART_ONLY = 'Send the form as multipart/form-data';
export const NO_CONTENT_ENCODING = 'Uploads cannot be sent with a Content-Encoding';

/**
 * Multipart parsing for one file field: files go to UPLOADS_DIR/.incoming under random names,
 * limited in size and count and taken from the upload budgets before they are written; whatever
 * the handler does not keep is deleted when it ends. A JSON or form body (no files) is left as
 * the body parser read it.
 */
export function receiveFiles(
  deps: Pick<AppDeps, 'uploads' | 'uploadBudget'>,
  field: string,
  maxFiles: number,
): Middleware<IncomingFilesState> {
  const store = deps.uploads;
  const largestBody = largestMultipartBody(maxFiles, UPLOAD_LIMITS.maxFileBytes);
  return async (ctx, next) => {
    ctx.state.incomingFiles = [];
    if (ctx.is('multipart/*')) {
      if (!ctx.is('multipart/form-data')) throw new HttpError(415, MULTIPART_ONLY);
      const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
      if (encoding && encoding !== 'identity') throw new HttpError(415, NO_CONTENT_ENCODING);
      const announced = ctx.request.length ?? 0;
      if (announced > largestBody) throw new HttpError(413, FORM_TOO_LARGE);
      const ticket = await deps.uploadBudget.open(clientAddress(ctx), announced);
      const { fields, files } = await parseMultipart(ctx.req, {
        fileField: field,
        maxFiles,
        maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
        incomingDir: store.incomingDir,
        beforeWrite: ticket.beforeWrite,
      }).finally(() => ticket.close());
      ctx.request.body = fields;
      // An empty part with an empty name is how a browser sends a file input left empty.
      const empty = files.filter((f) => f.name === '' && f.size === 0);
      await store.discardIncoming(empty.map((f) => f.path));
      ctx.state.incomingFiles = files
        .filter((f) => !empty.includes(f))
        .map((f) => ({ path: f.path, originalName: cleanFileName(f.name), size: f.size }));
    }
    try {
      await next();
    } finally {
      await store.discardIncoming(ctx.state.incomingFiles.map((f) => f.path));
    }
  };
}
