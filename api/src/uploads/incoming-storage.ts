import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type multer from '@koa/multer';
import { HttpError } from '../http/errors';

export const NO_SPACE_LEFT = 'The server has no room for this upload now. Please try again later.';

/** Writing an upload failed on our side, and not for a full disk: a server error, never the client's. */
export class UploadWriteError extends Error {
  constructor(cause: unknown) {
    super(`Could not write an upload: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UploadWriteError';
  }
}

/** How many leading bytes of each file are kept as it is written: file-type's sample for telling a type (uploads/detect-upload-type.ts). */
export const LEADING_BYTES = 4100;

/** A multer storage engine for one request's files. */
export interface IncomingStorage extends multer.StorageEngine {
  /** Waits until no write of this request is running any more, then removes every file it wrote. */
  discardAll(): Promise<void>;
}

/**
 * Writes each file part of one request to `dir` under a random name, keeping its first
 * LEADING_BYTES in memory (`leading` on the file) so its type is told without reading it back. Every chunk is taken from
 * the upload budget (`beforeWrite`) before it is written; while the budget is asked, the chunk is
 * held and backpressure pauses the part, and with it the request. A write that fails removes its
 * own file and tells whose failure it was: the budget's refusal (HttpError) and a full disk (507)
 * are answered as such, any other failure of ours is an UploadWriteError (500), and a part the
 * parser broke off keeps the parser's error.
 */
export function incomingStorage(dir: string, beforeWrite: (bytes: number) => Promise<void>): IncomingStorage {
  const writes: Promise<unknown>[] = [];
  const paths: string[] = [];
  return {
    _handleFile(_req, file, done) {
      const path = join(dir, randomUUID());
      paths.push(path);
      // multer 2 hands the part's bytes over as file.stream, which the type definitions predate.
      const writing = writePart((file as multer.File & { stream: Readable }).stream, path, beforeWrite);
      writes.push(writing.catch(() => undefined));
      writing.then(({ size, leading }) => {
        const written: multer.File & { leading: Buffer } = { ...file, path, size, leading };
        done(null, written);
      }, done);
    },
    _removeFile(_req, file, done) {
      // Called back without an error once removed; the type definitions only know the failure.
      rm(file.path, { force: true }).then(() => (done as (error?: Error) => void)(), done);
    },
    async discardAll() {
      await Promise.all(writes);
      await Promise.all(paths.map((path) => rm(path, { force: true })));
    },
  };
}

async function writePart(
  part: Readable,
  path: string,
  beforeWrite: (bytes: number) => Promise<void>,
): Promise<{ size: number; leading: Buffer }> {
  let size = 0;
  const leading = Buffer.allocUnsafe(LEADING_BYTES);
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      beforeWrite(chunk.length).then(() => {
        if (size < LEADING_BYTES) chunk.copy(leading, size, 0, LEADING_BYTES - size);
        size += chunk.length;
        next(null, chunk);
      }, next);
    },
  });
  const file = createWriteStream(path);
  let partBroken = false;
  // The part's stream is the parser's: when it breaks (a body cut short) the write stops with its
  // error; when the write fails, the part is drained, not destroyed with an error multer would
  // take for the parser's.
  finished(part, (error) => {
    if (!error) return;
    partBroken = true;
    counted.destroy(error);
  });
  part.pipe(counted);
  try {
    await pipeline(counted, file);
    return { size, leading: leading.subarray(0, Math.min(size, LEADING_BYTES)) };
  } catch (error) {
    part.unpipe(counted);
    part.resume();
    // The file may still be opening: removed before, it would be created after.
    await closed(file);
    await rm(path, { force: true });
    throw partBroken ? error : ourFailure(error);
  }
}

const closed = (file: WriteStream) =>
  file.closed ? Promise.resolve() : new Promise<void>((resolve) => file.once('close', () => resolve()));

function ourFailure(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new HttpError(507, NO_SPACE_LEFT);
  return new UploadWriteError(error);
}
