import type { ApiErrorBody, FieldErrors } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { Logger } from './logger';

/** A failure the client caused or may see: answered as `{ error, fields? }` with `status` (and `headers`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOT_FOUND = 'Not found';
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again later.';

interface StatusLike {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

/**
 * Turns every thrown error into JSON: HttpError and exposed 4xx errors (body parser)
 * keep their text; anything else is logged and answered 500 without details.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const err = (caught ?? {}) as StatusLike;
      const status = Number(err.status ?? err.statusCode);
      let body: ApiErrorBody;
      if (caught instanceof HttpError) {
        ctx.status = caught.status;
        if (caught.headers) ctx.set(caught.headers);
        body = caught.fields ? { error: caught.message, fields: caught.fields } : { error: caught.message };
      } else if (status >= 400 && status < 500) {
        ctx.status = status;
        body = {
          error: err.expose === false ? 'Bad request' : (typeof err.message === 'string' && err.message) || 'Bad request',
        };
      } else {
        logger.error('request failed', {
          method: ctx.method,
          path: ctx.path,
          error: caught instanceof Error ? (caught.stack ?? caught.message) : String(caught),
        });
        ctx.status = 500;
        body = { error: INTERNAL_ERROR };
      }
      ctx.body = body;
    }
  };
}
