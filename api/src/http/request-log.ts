import type { Middleware } from 'koa';
import type { Logger } from './logger';

/**
 * One structured line per request (path without query string: signed links stay out of logs),
 * written once the response is sent, so `length` is the Content-Length Koa set while answering.
 * (Reading ctx.response.length before that serialises a JSON body a second time.)
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.res.once('close', () => {
      const length = ctx.res.getHeader('Content-Length');
      logger.info('request', {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: ctx.ip,
        length: length === undefined ? null : Number(length),
      });
    });
    await next();
  };
}
