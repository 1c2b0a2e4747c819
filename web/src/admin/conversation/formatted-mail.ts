/**
 * The document a received mail's HTML is shown in: the `srcdoc` of a sandboxed frame (no scripts,
 * no same origin), under a policy that loads nothing but the mail's own inline styles and images.
 * The API has sanitised the HTML already (docs/mail.md); the frame and the policy hold even if it
 * had not. Remote images (trackers, often) stay as `data-src` until staff ask for them.
 */

/** Nothing loads: inline styles and images inside the mail only. */
export const MAIL_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** The same, with remote images, once staff asked for them. */
export const MAIL_POLICY_REMOTE_IMAGES = "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:";

const MAIL_STYLE =
  'body{margin:12px;color:#1c2333;font:15px/1.5 system-ui,sans-serif;overflow-wrap:anywhere}img{max-width:100%;height:auto}';

/** The frame's document around the mail's HTML; links open in a new tab, and no page is sent as their referrer. */
export function mailDocument(html: string, remoteImages: boolean): string {
  const policy = remoteImages ? MAIL_POLICY_REMOTE_IMAGES : MAIL_POLICY;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="referrer" content="no-referrer"><base target="_blank">',
    `<style>${MAIL_STYLE}</style></head><body>${html}</body></html>`,
  ].join('');
}

/**
 * The mail's HTML with its remote images' `data-src` made `src` again (http and https only). The
 * parsed document is inert: nothing loads until the frame shows it.
 */
export function withRemoteImages(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const image of document.querySelectorAll('img[data-src]')) {
    const source = image.getAttribute('data-src') ?? '';
    image.removeAttribute('data-src');
    if (/^https?:\/\//i.test(source)) image.setAttribute('src', source);
  }
  return document.body.innerHTML;
}
