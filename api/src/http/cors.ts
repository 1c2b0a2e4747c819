import cors from '@koa/cors';
import { FORM_PROOF_HEADER } from '@sourcing/shared';
import type { Middleware } from 'koa';

/** CORS with credentials, answered only for the configured origins (none by default). */
export function corsForOrigins(origins: string[]): Middleware {
  const allowed = new Set(origins);
  const handler = cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', FORM_PROOF_HEADER],
    maxAge: 600,
  });
  return async (ctx, next) => {
    if (allowed.has(ctx.get('Origin'))) await handler(ctx, next);
    else await next();
  };
}
