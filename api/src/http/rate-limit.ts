import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { isRefusal, retryAfterSeconds } from '../limits/limiters';
import { clientAddress } from './client-address';
import { HttpError } from './errors';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a minute.';

/**
 * Counts each request against its client address (see client-address.ts) before anything else
 * of it is read; past the limiter's points, 429 with Retry-After.
 */
export function rateLimit(limiter: RateLimiterAbstract): Middleware {
  return async (ctx, next) => {
    try {
      await limiter.consume(clientAddress(ctx));
    } catch (reason) {
      if (!isRefusal(reason)) throw reason;
      ctx.set('Retry-After', retryAfterSeconds(reason.msBeforeNext));
      throw new HttpError(429, TOO_MANY_REQUESTS);
    }
    await next();
  };
}
