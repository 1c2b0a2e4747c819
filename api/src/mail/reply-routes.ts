import type Router from '@koa/router';
import { ADMIN_LISTS, referenceFieldOf, REPLY_FILES_FIELD, REPLY_MAX_FILES, staffReplySchema } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { validate, type InputState } from '../http/validate';
import type { RecordKind } from '../records/record-kind';
import { receiveFiles, type IncomingFilesState } from '../uploads/receive-files';
import { sendStaffReply } from './staff-reply';

export { ccBlocked, NOT_A_RECORD_FILE, REPLY_REFUSED } from './staff-reply';

/**
 * POST <list>/:id/reply (agents and owners): staff answer the sender of a record with references
 * (sendStaffReply, docs/mail.md#replies). JSON, or multipart with new files (REPLY_FILES_FIELD,
 * received like form uploads: size and count limits, the upload budgets; the lists as `cc[]`
 * and `attachments[]`). Answers 201 `Reply queued`.
 */
export function registerReplyRoute(router: Router, deps: AppDeps, kind: RecordKind) {
  if (!referenceFieldOf(kind.definition)) return;
  router.post<AdminState & InputState<z.output<typeof staffReplySchema>> & IncomingFilesState>(
    `${ADMIN_LISTS[kind.definition.list].path}/:id/reply`,
    requireRole(deps.tokens, 'agent'),
    receiveFiles(deps, REPLY_FILES_FIELD, REPLY_MAX_FILES) as Middleware,
    validate({ body: staffReplySchema }),
    async (ctx) => {
      await sendStaffReply(deps, ctx, ctx.state.admin, kind, ctx.params.id, ctx.state.input.body, ctx.state.incomingFiles);
      ctx.status = 201;
      ctx.body = { message: 'Reply queued' };
    },
  );
}
