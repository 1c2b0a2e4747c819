import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { HttpError } from '../http/errors';

/** A file part written to the incoming folder; `name` is what the client sent, unchecked. */
export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
}

export interface ParsedMultipart {
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
}

export interface MultipartOptions {
  /** The one field that may carry files, and how many. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  incomingDir: string;
  /** Awaited before each chunk of a file is written: refuses (throws) or lets it through. */
  beforeWrite?: (bytes: number) => Promise<void>;
}

const FIELD_LIMITS = { fields: 60, fieldSize: 64 * 1024, fieldNameSize: 100 };

/** The largest body a form of `maxFiles` files can honestly be: files, text fields and the multipart framing. */
export const largestMultipartBody = (maxFiles: number, maxFileBytes: number) =>
  maxFiles * maxFileBytes + FIELD_LIMITS.fields * FIELD_LIMITS.fieldSize + 1024 * 1024;

export const MALFORMED_MULTIPART = 'Malformed multipart body';
export const FORM_TOO_LARGE = 'The form is too large';
export const NO_SPACE_LEFT = 'The server has no room for this upload now. Please try again later.';
export const tooManyFiles = (max: number) => (max === 1 ? 'Attach at most one file' : `Attach at most ${max} files`);
export const fileTooLarge = (maxBytes: number) => `Each file must be at most ${maxBytes / (1024 * 1024)} MB`;

/**
 * Reads a multipart/form-data body: text fields into `fields` (a repeated name becomes a list),
 * files of `fileField` to `incomingDir` under random names. Anything that goes wrong rejects with
 * an HttpError (a malformed body is the client's: 400/413; a full disk 507) after every file it
 * wrote is removed again.
 */
export function parseMultipart(req: IncomingMessage, options: MultipartOptions): Promise<ParsedMultipart> {
  const { fileField, maxFiles, maxFileBytes, incomingDir, beforeWrite } = options;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // The file name exactly as sent: '..', '/' or '' are renamed by the caller, not dropped here.
      preservePath: true,
      // Browsers send UTF-8 file names without saying so.
      defParamCharset: 'utf8',
      limits: { ...FIELD_LIMITS, fileSize: maxFileBytes, parts: FIELD_LIMITS.fields + maxFiles, headerPairs: 20 },
    });
  } catch {
    return Promise.reject(new HttpError(400, MALFORMED_MULTIPART));
  }

  return new Promise((resolve, reject) => {
    const fields = new Map<string, string | string[]>();
    const files: ReceivedFile[] = [];
    const writes: Promise<unknown>[] = [];
    const reading = new Set<Readable>();
    let failure: unknown = null;
    let settled = false;

    const settle = () => {
      if (settled) return;
      settled = true;
      void Promise.allSettled(writes).then(async () => {
        if (!failure) return resolve({ fields: Object.fromEntries(fields), files });
        await Promise.all(files.map((file) => rm(file.path, { force: true })));
        reject(failure);
      });
    };
    const fail = (error: unknown) => {
      if (failure) return;
      failure = asHttpError(error);
      req.unpipe(parser);
      req.resume();
      for (const stream of reading) stream.destroy();
      settle();
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new HttpError(413, FORM_TOO_LARGE));
      const earlier = fields.get(name);
      fields.set(name, earlier === undefined ? value : [earlier, value].flat());
    });
    parser.on('file', (name, stream, info) => {
      // A part busboy takes for a file only by its type, under another name: ignored, as a browser never sends one.
      if (failure || (name !== fileField && info.filename === undefined)) return void stream.resume();
      if (name !== fileField) {
        stream.resume();
        return fail(new HttpError(400, `Unexpected file field: ${name}`));
      }
      if (files.length === maxFiles) {
        stream.resume();
        return fail(new HttpError(400, tooManyFiles(maxFiles), { [fileField]: tooManyFiles(maxFiles) }));
      }
      const file: ReceivedFile = { path: join(incomingDir, randomUUID()), name: info.filename ?? '', size: 0 };
      files.push(file);
      reading.add(stream);
      stream.on('limit', () =>
        fail(new HttpError(413, fileTooLarge(maxFileBytes), { [fileField]: fileTooLarge(maxFileBytes) })),
      );
      const counted = async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          await beforeWrite?.(chunk.length);
          file.size += chunk.length;
          yield chunk;
        }
      };
      writes.push(
        pipeline(stream, counted, createWriteStream(file.path))
          .catch(fail)
          .finally(() => reading.delete(stream)),
      );
    });
    parser.on('partsLimit', () => fail(new HttpError(413, FORM_TOO_LARGE)));
    parser.on('fieldsLimit', () => fail(new HttpError(413, FORM_TOO_LARGE)));
    parser.on('error', fail);
    parser.on('close', settle);
    // The client went away before the end of its body: busboy would wait for the rest forever.
    req.on('close', () => {
      if (!req.readableEnded) fail(new HttpError(400, 'The upload was interrupted'));
    });
    req.pipe(parser);
  });
}

/**
 * A malformed body (busboy's errors) is the client's: 400. Errors of the disk are ours: a full one
 * 507, anything else stays a server error.
 */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new HttpError(507, NO_SPACE_LEFT);
  return syscall ? error : new HttpError(400, MALFORMED_MULTIPART);
}
