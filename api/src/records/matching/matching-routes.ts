import type Router from '@koa/router';
import {
  ADMIN_LISTS,
  ALREADY_LINKED,
  LINKS_SUFFIX,
  MATCHED_LISTS,
  MATCHES_SUFFIX,
  NOT_LINKED,
  type MatchedListName,
} from '@sourcing/shared';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { actorOf } from '../../staff/staff-names';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { validate, type InputState } from '../../http/validate';
import { deskMutationGuards, jsonBodyOnly, rowOf } from '../desk/desk-routes';
import { UUID } from '../list/cursor';
import { RECORD_KINDS } from '../record-kinds';
import { findMatches, matchedRecord } from './find-matches';
import { changeLink, LinkedRecordNotFound, LinkStateConflict } from './links';

const linkSchema = z.object({ id: z.string({ error: 'Unknown record' }).regex(UUID, 'Unknown record') });

/**
 * A matched list's matching (docs/api.md#matching): GET <list>/:id/matches for viewers; POST
 * <list>/:id/links `{ id }` and DELETE <list>/:id/links/:otherId for agents and owners.
 */
function registerMatching(router: Router, deps: AppDeps, list: MatchedListName) {
  const path = `${ADMIN_LISTS[list].path}/:id`;
  const otherList = MATCHED_LISTS[list];

  router.get(`${path}${MATCHES_SUFFIX}`, requireRole(deps.tokens, 'viewer'), async (ctx) => {
    const row = await rowOf(deps, RECORD_KINDS[list], ctx.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await findMatches(deps.db, list, row.id);
  });

  const link = async (ctx: Context & { state: AdminState; params: Record<string, string> }, otherId: string, linked: boolean) => {
    const { id } = ctx.params;
    if (!UUID.test(id) || !UUID.test(otherId)) throw new HttpError(404, NOT_FOUND);
    try {
      const actor = await actorOf(deps.db.reads, ctx);
      return await changeLink(deps, list, id, otherId, linked, { actor, who: ctx });
    } catch (error) {
      if (error instanceof LinkedRecordNotFound) throw new HttpError(404, NOT_FOUND);
      if (error instanceof LinkStateConflict) throw new HttpError(409, linked ? ALREADY_LINKED : NOT_LINKED);
      throw error;
    }
  };

  router.post<AdminState & InputState<z.output<typeof linkSchema>>>(
    `${path}${LINKS_SUFFIX}`,
    ...deskMutationGuards(deps),
    jsonBodyOnly,
    validate({ body: linkSchema, message: 'Invalid link' }),
    async (ctx) => {
      const other = await link(ctx, ctx.state.input.body.id, true);
      ctx.status = 201;
      ctx.body = matchedRecord(otherList, other, null, true);
    },
  );

  router.delete<AdminState>(`${path}${LINKS_SUFFIX}/:otherId`, ...deskMutationGuards(deps), async (ctx) => {
    await link(ctx, ctx.params.otherId, false);
    ctx.body = { message: 'Unlinked' };
  });
}

export function registerMatchingRoutes(router: Router, deps: AppDeps) {
  for (const list of Object.keys(MATCHED_LISTS) as MatchedListName[]) registerMatching(router, deps, list);
}
