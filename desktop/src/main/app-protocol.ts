/**
 * The app's pages are served from app://admin rather than file://, so they have a real origin: the
 * server can list it in CORS_ORIGINS, and the CSP header can name the configured server.
 */
import { extname, isAbsolute, join, normalize, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CustomScheme, Protocol } from 'electron';
import { contentSecurityPolicy } from './security';

export const APP_SCHEME = 'app';
export const APP_HOST = 'admin';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Registered before the app is ready: a standard, secure scheme that may use fetch and CORS. */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
};

/** The file under `rootDir` an app:// URL names; null for another host or a path that leaves the folder. */
export function resolveAppFile(requestUrl: string, rootDir: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const file = normalize(join(rootDir, path === '/' ? 'index.html' : path));
  const inside = relative(rootDir, file);
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return null;
  return file;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Module scripts are refused without a JavaScript type, so the type never depends on sniffing. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Serves the built renderer from `rootDir`, every response with the CSP for the current server. */
export function serveAppFiles(
  protocol: Pick<Protocol, 'handle'>,
  fetchFile: (fileUrl: string) => Promise<Response>,
  rootDir: string,
  serverOrigin: () => string | null,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(request.url, rootDir);
    const response = file ? await fetchFile(pathToFileURL(file).toString()).catch(() => null) : null;
    if (!file || !response?.ok) return new Response('Not found', { status: 404 });
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy(serverOrigin()));
    headers.set('Content-Type', contentTypeOf(file));
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
