import type Router from '@koa/router';
import { ADMIN_LISTS, bulkEraseSchema, ERASE_SUFFIX, type BulkErased } from '@sourcing/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { validate, type InputState } from '../../http/validate';
import { UUID } from '../list/cursor';
import type { RecordKind } from '../record-kind';
import { eraseRecords } from './erase-record';

export const RECORD_ERASED = 'Record erased';

/** '3 records erased', '1 record erased'. */
export const recordsErased = (n: number) => `${n} ${n === 1 ? 'record' : 'records'} erased`;

/**
 * DELETE <list>/:id: an owner erases a record and every trace of it (docs/admin.md#erasure); POST
 * <list>/erase `{ ids }`: several at once, from the list's selection (ids of no record are skipped).
 */
export function registerErasure(router: Router, deps: AppDeps, kind: RecordKind) {
  const path = ADMIN_LISTS[kind.definition.list].path;
  const owner = requireRole(deps.tokens, 'owner');
  router.post<AdminState & InputState<z.output<typeof bulkEraseSchema>>>(
    `${path}${ERASE_SUFFIX}`,
    owner,
    validate({ body: bulkEraseSchema, message: 'Invalid erasure' }),
    async (ctx) => {
      const erased = await eraseRecords(deps, ctx, kind, [...new Set(ctx.state.input.body.ids)], { bulk: true });
      ctx.body = { message: recordsErased(erased.length), erased: erased.length } satisfies BulkErased;
    },
  );
  router.delete(`${path}/:id`, owner, async (ctx) => {
    const { id } = ctx.params;
    if (!UUID.test(id) || (await eraseRecords(deps, ctx, kind, [id], { bulk: false })).length === 0) {
      throw new HttpError(404, NOT_FOUND);
    }
    ctx.body = { message: RECORD_ERASED };
  });
}
