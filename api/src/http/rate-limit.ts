import type { Middleware } from 'koa';
import { clientAddress } from './client-address';
import { HttpError } from './errors';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a minute.';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

/**
 * Fixed-window counter per client address (see client-address.ts). In memory: each replica
 * counts on its own.
 */
export function rateLimit({ limit, windowMs, now = Date.now }: RateLimitOptions): Middleware {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();
  return async (ctx, next) => {
    const at = now();
    if (at - lastSweep > windowMs) {
      for (const [key, w] of windows) if (at - w.startedAt >= windowMs) windows.delete(key);
      lastSweep = at;
    }
    const address = clientAddress(ctx);
    let window = windows.get(address);
    if (!window || at - window.startedAt >= windowMs) {
      window = { startedAt: at, count: 0 };
      windows.set(address, window);
    }
    window.count += 1;
    if (window.count > limit) {
      ctx.set('Retry-After', String(Math.ceil((window.startedAt + windowMs - at) / 1000)));
      throw new HttpError(429, TOO_MANY_REQUESTS);
    }
    await next();
  };
}
