/**
 * What the app's window may load or open. URLs are parsed and compared by origin, never matched as
 * substrings ('https://server.example.com.evil.test' is not 'https://server.example.com').
 */
import type { Event, HandlerDetails, Session, WebContents, WindowOpenHandlerResponse } from 'electron';

export interface TrustedOrigins {
  /** Origin the app's own pages are served from (app://admin, or the dev server). */
  app: string;
  /** Origin of the configured API server, null before the first-run screen. */
  server: string | null;
}

/** 'allow': load it in the window; 'external': hand it to the system (browser, mail client); 'deny'. */
export type UrlDecision = 'allow' | 'external' | 'deny';

const EXTERNAL_SCHEMES = new Set(['mailto:', 'tel:']);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * scheme://host[:port] of a URL with a host, else null. Node's URL gives custom schemes such as
 * app:// an opaque 'null' origin, so the origin is built from the parsed parts.
 */
function originOfParsed(url: URL): string | null {
  return url.host ? `${url.protocol}//${url.host}` : null;
}

export function originOf(url: string): string | null {
  const parsed = parse(url);
  return parsed && originOfParsed(parsed);
}

/** A navigation of the app's window: only the app's own pages stay in it; server pages open in the browser. */
export function decideNavigation(url: string, trusted: TrustedOrigins): UrlDecision {
  const parsed = parse(url);
  if (!parsed || parsed.username || parsed.password) return 'deny';
  if (originOfParsed(parsed) === trusted.app) return 'allow';
  return decideExternal(parsed, trusted);
}

/** `window.open` and target=_blank links: never a new app window, the server or mail/phone go to the system. */
export function decideWindowOpen(url: string, trusted: TrustedOrigins): UrlDecision {
  const parsed = parse(url);
  if (!parsed || parsed.username || parsed.password) return 'deny';
  return decideExternal(parsed, trusted);
}

function decideExternal(parsed: URL, trusted: TrustedOrigins): UrlDecision {
  if (EXTERNAL_SCHEMES.has(parsed.protocol)) return 'external';
  if (trusted.server !== null && originOfParsed(parsed) === trusted.server) return 'external';
  return 'deny';
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * Applies the allowlists to one webContents: in-app navigation only to the app, the server and
 * mail links handed to the system, no new windows, no <webview>.
 */
export function guardWebContents(
  contents: GuardedContents,
  trusted: () => TrustedOrigins,
  openExternal: (url: string) => void,
): void {
  const onNavigate = (event: Event<{ url: string }>) => {
    const decision = decideNavigation(event.url, trusted());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') openExternal(event.url);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', onNavigate);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }: HandlerDetails): WindowOpenHandlerResponse => {
    if (decideWindowOpen(url, trusted()) === 'external') openExternal(url);
    return { action: 'deny' };
  });
}

/** The admin UI needs no camera, microphone, location, notifications API or anything else. */
export function denyAllPermissions(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * The Content-Security-Policy header of the app's pages: scripts and styles only from the app,
 * network only to the configured server (HTTP and its WebSocket); frames only of the server's pages
 * that let the app frame them (a received mail's HTML, docs/mail.md#reading-answers; a PDF preview).
 */
export function contentSecurityPolicy(serverOrigin: string | null): string {
  const server = serverOrigin ? [serverOrigin, serverOrigin.replace(/^http/, 'ws')] : [];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...server.slice(0, 1)].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...server].join(' '),
    ['frame-src', ...(server.length ? server.slice(0, 1) : ["'none'"])].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** IPC calls are answered only for the app's own page (not for a page of another origin that got loaded). */
export function isTrustedSenderUrl(frameUrl: string | undefined, appOrigin: string): boolean {
  return frameUrl !== undefined && originOf(frameUrl) === appOrigin;
}
