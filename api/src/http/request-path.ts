import type { Middleware } from 'koa';
import { HttpError } from './errors';

export const AMBIGUOUS_PATH = 'Bad request path';

/**
 * The path a request names, percent-decoded once, for every decision made on it (security
 * headers, the file served). null when it could be read as two different paths: an encoded
 * separator (%2F, %5C), a dot segment, a backslash or NUL, or encoding that does not decode.
 */
export function decodedPath(rawPath: string): string | null {
  if (!rawPath.startsWith('/') || /%(2f|5c)/i.test(rawPath)) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (/[\\\0]/.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return path;
}

/** 400 for any request whose path decodedPath() cannot read one way only. */
export function refuseAmbiguousPaths(): Middleware {
  return async (ctx, next) => {
    if (decodedPath(ctx.path) === null) throw new HttpError(400, AMBIGUOUS_PATH);
    await next();
  };
}
