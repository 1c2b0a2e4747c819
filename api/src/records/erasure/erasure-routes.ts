import type Router from '@koa/router';
import { ADMIN_LISTS } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { requireRole } from '../../auth/require-admin';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { UUID } from '../list/cursor';
import type { RecordKind } from '../record-kind';
import { eraseRecord } from './erase-record';

export const RECORD_ERASED = 'Record erased';

/** DELETE <list>/:id: an owner erases a record and its files (docs/admin.md). */
export function registerErasure(router: Router, deps: AppDeps, kind: RecordKind) {
  router.delete(`${ADMIN_LISTS[kind.definition.list].path}/:id`, requireRole(deps.tokens, 'owner'), async (ctx) => {
    const { id } = ctx.params;
    if (!UUID.test(id) || !(await eraseRecord(deps, ctx, kind, id))) throw new HttpError(404, NOT_FOUND);
    ctx.body = { message: RECORD_ERASED };
  });
}
