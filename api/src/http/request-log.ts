import type { Middleware } from 'koa';
import type { Logger } from './logger';

/** One structured line per request (path without query string: signed links stay out of logs). */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info('request', {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: ctx.ip,
        length: ctx.response.length ?? null,
      });
    }
  };
}
