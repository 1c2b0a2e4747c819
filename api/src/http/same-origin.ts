import type { Middleware } from 'koa';
import { HttpError } from './errors';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * For endpoints that act on the session cookies (sign-in, refresh, sign-out): a browser names the
 * page a request comes from in Origin (and Sec-Fetch-Site), and only this site, PUBLIC_URL or one
 * of CORS_ORIGINS may send one. Without either header the caller is not a page of another site:
 * browsers send them with every cross-site POST.
 */
export function requireSameOrigin(trustedOrigins: string[]): Middleware {
  const trusted = new Set(trustedOrigins);
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    const site = ctx.get('Sec-Fetch-Site');
    const allowed = origin
      ? origin === `${ctx.protocol}://${ctx.host}` || trusted.has(origin)
      : !site || site === 'same-origin' || site === 'none';
    if (!allowed) throw new HttpError(403, CROSS_SITE_REFUSED);
    await next();
  };
}
