import type { Middleware } from 'koa';
import { decodedPath } from './request-path';

export interface SecurityHeaderOptions {
  /** Origins allowed to frame /embed/* pages; every other page refuses framing. */
  embedOrigins: string[];
  /** Extra image origins (map tiles). */
  imageOrigins: string[];
}

export const EMBED_PATH_PREFIX = '/embed/';

/** Only a path that reads one way (see decodedPath), the one the file is served from, may be framed. */
const isEmbedPath = (rawPath: string) => decodedPath(rawPath)?.startsWith(EMBED_PATH_PREFIX) ?? false;

function contentSecurityPolicy(embeddable: boolean, options: SecurityHeaderOptions): string {
  const ancestors = embeddable && options.embedOrigins.length ? options.embedOrigins.join(' ') : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Toasts and map styles are injected at runtime.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${options.imageOrigins.join(' ')}`.trim(),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** CSP, framing, nosniff, referrer policy on every response; HSTS on HTTPS (or behind a trusted proxy saying so). */
export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  // The two policies (embeddable page or not) are made once, not per request.
  const embedPolicy = contentSecurityPolicy(true, options);
  const pagePolicy = contentSecurityPolicy(false, options);
  return async (ctx, next) => {
    const embeddable = isEmbedPath(ctx.path);
    ctx.set('Content-Security-Policy', embeddable ? embedPolicy : pagePolicy);
    if (!embeddable) ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
