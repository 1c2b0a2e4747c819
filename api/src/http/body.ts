import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { HttpError } from './errors';

/** JSON and form bodies; multipart is left to the upload routes (uploads/receive-files.ts). */
export const JSON_BODY_LIMIT = '100kb';

export const UNREADABLE_BODY = 'The request body could not be read: it is not encoded as its Content-Encoding says';

/**
 * Parses JSON and form bodies. Whatever goes wrong while reading one (a body that is not gzip,
 * deflate or Brotli as announced, or cut short) is the client's doing: 400, never 500.
 */
export function bodyParser(): Middleware {
  const parse = koaBody({ multipart: false, jsonLimit: JSON_BODY_LIMIT, formLimit: JSON_BODY_LIMIT, text: false });
  return async (ctx, next) => {
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      const status = Number((error as { status?: unknown }).status);
      throw status >= 400 && status < 500 ? error : new HttpError(400, UNREADABLE_BODY);
    }
    await next();
  };
}
