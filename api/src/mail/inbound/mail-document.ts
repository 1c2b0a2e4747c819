/**
 * The page a received mail's HTML is shown on (docs/mail.md#reading-answers): served by the API
 * under a policy of its own, so the admin's frame shows it as a document of no origin (sandboxed,
 * no scripts) that loads nothing but the mail's inline styles and data: images, and remote images
 * only when staff asked for them. The HTML was sanitised when the mail was stored (read-inbound.ts);
 * the policy and the sandbox hold even if it had not been.
 */

const MAIL_STYLE =
  'body{margin:12px;color:#1c2333;font:15px/1.5 system-ui,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}';

/** The response's Content-Security-Policy: framed only by the admin (its own origin and the desktop app's). */
export function mailPolicy(remoteImages: boolean, frameAncestors: string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${remoteImages ? ' https: http:' : ''}`,
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
    'sandbox allow-popups allow-popups-to-escape-sandbox',
  ].join('; ');
}

/**
 * The sanitised HTML with its remote images' `data-src` made `src` again. sanitize-html wrote every
 * attribute double-quoted with its quotes escaped, so the value is taken whole.
 */
export function withRemoteImages(html: string): string {
  return html.replace(/<img\b([^>]*?)\sdata-src="(https?:\/\/[^"]*)"/gi, '<img$1 src="$2"');
}

/** The whole page around the mail's HTML; links open in a new tab, and send no referrer. */
export function mailDocument(html: string, remoteImages: boolean): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer"><base target="_blank">',
    `<style>${MAIL_STYLE}</style></head><body>${remoteImages ? withRemoteImages(html) : html}</body></html>`,
  ].join('');
}
