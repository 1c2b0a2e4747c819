import type Router from '@koa/router';
import { ADMIN_LISTS, API_PATHS, READ_ALL_SUFFIX, READ_SUFFIX } from '@sourcing/shared';
import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { UUID } from '../list/cursor';
import { ALL_RECORD_KINDS } from '../record-kinds';
import { markAllRead, markRead, unreadCounts } from './read-state';

/**
 * GET /api/admin/unread, POST <list>/:id/read and POST <list>/read-all: the signed-in admin's own
 * read state, so every role has it (docs/api.md#read-state). Each answers the admin's unread counts.
 */
export function registerReadStateRoutes(router: Router, deps: AppDeps) {
  const viewer = requireRole(deps.tokens, 'viewer');
  const answerCounts = async (ctx: Context & { state: AdminState }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await unreadCounts(deps, ctx.state.admin.id);
  };

  router.get<AdminState>(API_PATHS.adminUnread, viewer, answerCounts);

  for (const kind of ALL_RECORD_KINDS) {
    const path = ADMIN_LISTS[kind.definition.list].path;
    router.post<AdminState>(`${path}${READ_ALL_SUFFIX}`, viewer, async (ctx) => {
      await markAllRead(deps, ctx.state.admin.id, kind);
      await answerCounts(ctx);
    });
    router.post<AdminState>(`${path}/:id${READ_SUFFIX}`, viewer, async (ctx) => {
      const { id } = ctx.params;
      if (!UUID.test(id) || !(await markRead(deps, ctx.state.admin.id, kind, id))) throw new HttpError(404, NOT_FOUND);
      await answerCounts(ctx);
    });
  }
}
