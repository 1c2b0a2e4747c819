import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import type { Middleware } from 'koa';
import { API_PREFIX } from '@sourcing/shared';
import { decodedPath } from '../http/request-path';
import { contentTypeOf } from './content-types';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's hashed output: safe to cache forever. */
const isHashedAsset = (urlPath: string) => urlPath.startsWith('/assets/');

async function statFile(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtime: info.mtime } : null;
  } catch {
    return null;
  }
}

async function fileAt(root: string, relative: string) {
  const full = normalize(join(root, relative));
  if (full !== root && !full.startsWith(root + sep)) return null;
  return statFile(full);
}

/** Encodings the web build precompresses (web/scripts/precompress.mjs), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the built web (site and admin): the exact file, else `<path>/index.html` or
 * `<path>.html`, else the admin app for /admin and /admin/*, else 404.html (or index.html)
 * with status 404. Nothing under /api is served from here.
 */
export function serveWeb(distDir: string): Middleware {
  const root = normalize(distDir).replace(/[\\/]+$/, '');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`)) {
      await next();
      return;
    }
    // The same reading of the path as the security headers were set from.
    const urlPath = decodedPath(ctx.path);
    if (urlPath === null) {
      await next();
      return;
    }

    let status = 200;
    let file = await fileAt(root, urlPath);
    if (!file && !urlPath.startsWith('/assets/')) {
      const trimmed = urlPath.replace(/\/+$/, '');
      file = (await fileAt(root, `${trimmed}/index.html`)) ?? (trimmed ? await fileAt(root, `${trimmed}.html`) : null);
      if (!file && (trimmed === '/admin' || trimmed.startsWith('/admin/'))) file = await fileAt(root, 'admin/index.html');
    }
    if (!file) {
      status = 404;
      file = (await fileAt(root, '404.html')) ?? (await fileAt(root, 'index.html'));
      if (!file) {
        await next();
        return;
      }
    }

    ctx.status = status;
    ctx.type = contentTypeOf(file.path);
    ctx.set('Cache-Control', status === 200 && isHashedAsset(urlPath) ? IMMUTABLE : REVALIDATE);
    ctx.lastModified = file.mtime;
    let etagSuffix = '';
    const variants = await Promise.all(PRECOMPRESSED.map((v) => statFile(file!.path + v.suffix)));
    if (variants.some(Boolean)) {
      ctx.vary('Accept-Encoding');
      // Our preference (Brotli is smaller), not the order the client happened to list them in.
      const chosen = PRECOMPRESSED.findIndex((v, i) => variants[i] && ctx.acceptsEncodings(v.encoding) === v.encoding);
      if (chosen >= 0) {
        file = variants[chosen]!;
        ctx.set('Content-Encoding', PRECOMPRESSED[chosen].encoding);
        etagSuffix = `-${PRECOMPRESSED[chosen].encoding}`;
      }
    }
    ctx.etag = `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}${etagSuffix}"`;
    if (status === 200 && ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.length = file.size;
    // Koa answers HEAD with the headers alone.
    if (ctx.method === 'GET') ctx.body = createReadStream(file.path);
  };
}
