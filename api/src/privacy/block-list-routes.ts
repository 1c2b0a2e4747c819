import type Router from '@koa/router';
import {
  API_PATHS,
  blockSendersSchema,
  parseBlockValue,
  type BlockListPage,
  type BlockedSender,
  type BlockKind,
} from '@sourcing/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { HttpError, NOT_FOUND } from '../http/errors';
import { validate, type InputState } from '../http/validate';
import { addToBlockList, blockList, removeFromBlockList } from './block-list';

export const UNBLOCKED = 'Removed from the block list';

/** 'blocked 2 addresses and 1 domain': what the audit trail keeps of a change (domains by name, addresses by count). */
function blockedSummary(entries: { kind: BlockKind }[]): string {
  const count = (kind: BlockKind, one: string, many: string) => {
    const n = entries.filter((e) => e.kind === kind).length;
    return n ? `${n} ${n === 1 ? one : many}` : '';
  };
  return `blocked ${[count('address', 'address', 'addresses'), count('domain', 'domain', 'domains')].filter(Boolean).join(' and ')}`;
}

/**
 * The block list, managed by owners (docs/api.md#block-list): GET lists it, POST adds addresses or
 * domains, DELETE /:value takes one off. The audit trail names blocked domains, never addresses.
 */
export function registerBlockListRoutes(router: Router, deps: AppDeps) {
  const owner = requireRole(deps.tokens, 'owner');
  const path = API_PATHS.adminBlockList;

  router.get(path, owner, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: await blockList(deps.db) } satisfies BlockListPage;
  });

  router.post<AdminState & InputState<z.output<typeof blockSendersSchema>>>(
    path,
    owner,
    validate({ body: blockSendersSchema, message: 'Invalid block list entry' }),
    async (ctx) => {
      const added: BlockedSender[] = await deps.db.transaction(async (tx) => {
        const rows = await addToBlockList(tx, deps.engine, ctx.state.input.body.values, ctx.state.admin.email, deps.now());
        if (rows.length) {
          const domains = rows.filter((r) => r.kind === 'domain').map((r) => r.value);
          await deps.audit(ctx, 'senders-blocked', null, { summary: blockedSummary(rows), domains }, tx);
        }
        return rows;
      });
      ctx.status = 201;
      ctx.body = { data: added } satisfies BlockListPage;
    },
  );

  router.delete(`${path}/:value`, owner, async (ctx) => {
    const parsed = parseBlockValue(ctx.params.value);
    if (!parsed.ok) throw new HttpError(404, NOT_FOUND);
    const removed = await deps.db.transaction(async (tx) => {
      const kind = await removeFromBlockList(tx, parsed.value);
      if (kind) {
        const summary = kind === 'domain' ? `domain ${parsed.value} unblocked` : 'address unblocked';
        await deps.audit(ctx, 'sender-unblocked', null, { summary }, tx);
      }
      return kind;
    });
    if (!removed) throw new HttpError(404, NOT_FOUND);
    ctx.body = { message: UNBLOCKED };
  });
}
