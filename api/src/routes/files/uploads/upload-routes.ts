import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { Next } from 'koa';
import { API_PATHS } from '@sourcing/shared';
import type { AppDeps } from '../../../app-deps';
import { NOT_SIGNED_IN, bearerToken, declareRole } from '../../../auth/require-admin';
import { UPLOADED_FILE, type UploadedFileRow } from '../../../db/entities/uploaded-file';
import { HttpError, NOT_FOUND } from '../../../http/errors';
import { servedFileName } from '../../../uploads/file-names';

/** Shown in the browser (new tab) rather than downloaded. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * GET /api/uploads/:storedName for a signed-in admin (bearer) or with a valid signed link
 * (?expires=&by=&session=&sig=, valid while its holder's session is), so a link opened in a new tab or by the desktop app works.
 */
export function registerUploadRoutes(router: Router, deps: AppDeps) {
  // Any staff role reads files; a signed link (handed out by a read) stands in for the token.
  const viewerOrSignedLink = declareRole('viewer', async (ctx: RouterContext, next: Next) => {
    const token = bearerToken(ctx.get('Authorization'));
    const signedIn = token ? deps.tokens.verify(token) : null;
    const holder = deps.uploads.links.verify(ctx.params.storedName, new URLSearchParams(ctx.querystring));
    // A link works only while the session that was handed it does (not for a disabled account or after sign-out).
    const signed = holder && deps.sessions.roleOf(holder.adminId, holder.sessionId);
    if (!signedIn && !signed) throw new HttpError(401, NOT_SIGNED_IN);
    await next();
  });
  router.get(`${API_PATHS.uploads}/:storedName`, viewerOrSignedLink, async (ctx) => {
    const { storedName } = ctx.params;

    const path = deps.uploads.pathOf(storedName);
    const file = path ? await deps.db.reads.getRepository<UploadedFileRow>(UPLOADED_FILE).findOneBy({ storedName }) : null;
    const info = path && file ? await stat(path).catch(() => null) : null;
    if (!path || !file || !info?.isFile()) throw new HttpError(404, NOT_FOUND);

    const inline = INLINE_TYPES.has(file.mimeType);
    ctx.attachment(servedFileName(file.originalName, file.mimeType), { type: inline ? 'inline' : 'attachment' });
    ctx.type = file.mimeType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, no-store');
    // Uploaded content is never a page of ours: no scripts; sandboxed unless a PDF (browsers
    // refuse to render PDFs in a sandbox). Images and PDFs may be framed by the admin's own
    // pages (the detail view previews them), in the browser or the configured app origins.
    const ancestors = inline ? ["'self'", ...deps.config.corsOrigins].join(' ') : "'none'";
    ctx.set(
      'Content-Security-Policy',
      `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${ancestors}${
        file.mimeType === 'application/pdf' ? '' : '; sandbox'
      }`,
    );
    // frame-ancestors decides; the blanket X-Frame-Options: DENY would block the preview.
    if (inline) ctx.remove('X-Frame-Options');
    ctx.length = info.size;
    ctx.body = createReadStream(path);
  });
}
