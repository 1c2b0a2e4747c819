import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { HttpError } from './errors';

/** JSON and form bodies; multipart is left to the upload routes (uploads/receive-files.ts). */
export const JSON_BODY_LIMIT = '100kb';

export const UNREADABLE_BODY = 'The request body could not be read';
export const NO_CONTENT_ENCODING = 'Request bodies cannot be sent with a Content-Encoding: send them uncompressed';

/** Whether the request says its body is compressed (anything but no Content-Encoding or `identity`). */
function hasContentEncoding(header: string): boolean {
  const encoding = header.trim().toLowerCase();
  return encoding !== '' && encoding !== 'identity';
}

/**
 * Parses JSON and form bodies. A compressed body of any type is refused (415) before a byte of it
 * is read: no browser sends one, a 100 KB body gains nothing from it, and a decompressor is a
 * stream that can fail after the answer was given (docs/hardening.md#request-bodies). Whatever
 * else goes wrong while reading a body is the client's doing: 4xx, never 500.
 */
export function bodyParser(): Middleware {
  const parse = koaBody({ multipart: false, jsonLimit: JSON_BODY_LIMIT, formLimit: JSON_BODY_LIMIT, text: false });
  return async (ctx, next) => {
    if (hasContentEncoding(ctx.get('Content-Encoding'))) throw new HttpError(415, NO_CONTENT_ENCODING);
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      const status = Number((error as { status?: unknown }).status);
      throw status >= 400 && status < 500 ? error : new HttpError(400, UNREADABLE_BODY);
    }
    await next();
  };
}
