import type Router from '@koa/router';
import {
  ADMIN_LISTS,
  FOLLOW_UP_SUFFIX,
  followUpSchema,
  SNOOZE_SUFFIX,
  snoozeSchema,
  type FollowUpInput,
  type SnoozeInput,
} from '@sourcing/shared';
import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import type { AdminState } from '../../auth/require-admin';
import { validate, type InputState } from '../../http/validate';
import { actorOf } from '../../staff/staff-names';
import { WORKED_KINDS } from '../assignment/automatic-assignment';
import type { DeskRow } from '../desk/change-records';
import { deskMutationGuards, jsonBodyOnly, rowOf } from '../desk/desk-routes';
import { linkSigner } from '../list/register-admin-list';
import { findRecord, listDefinitionOf } from '../list/record-list';
import type { RecordKind } from '../record-kind';
import { clearFollowUp, endSnooze, setFollowUp, snoozeRecord, type FollowUpChangedBy } from './follow-up-changes';

type AdminContext = Context & { state: AdminState };

/** The signed-in admin as the change's actor, and the request its audit entry names. */
const changedBy = async (deps: Pick<AppDeps, 'db'>, ctx: AdminContext): Promise<FollowUpChangedBy> => ({
  actor: await actorOf(deps.db.reads, ctx),
  who: ctx,
});

/**
 * PUT and DELETE <list>/:id/follow-up, PUT and DELETE <list>/:id/snooze of a worked kind (agents
 * and owners, docs/api.md#follow-ups-and-snooze): each answers the record as GET <list>/:id does.
 */
function registerFor(router: Router, deps: AppDeps, kind: RecordKind) {
  const path = `${ADMIN_LISTS[kind.definition.list].path}/:id`;
  const list = listDefinitionOf(kind);
  const guards = deskMutationGuards(deps);
  const record = async (id: string) => (await rowOf(deps, kind, id)) as DeskRow;
  const answer = async (ctx: AdminContext, row: DeskRow) => {
    ctx.body = await findRecord(deps, list, row.id, linkSigner(deps, ctx));
  };

  router.put<AdminState & InputState<FollowUpInput>>(
    `${path}${FOLLOW_UP_SUFFIX}`,
    ...guards,
    jsonBodyOnly,
    validate({ body: followUpSchema }),
    async (ctx) => {
      const row = await record(ctx.params.id);
      await setFollowUp(deps, kind, row, ctx.state.input.body, await changedBy(deps, ctx));
      await answer(ctx, row);
    },
  );

  router.delete<AdminState>(`${path}${FOLLOW_UP_SUFFIX}`, ...guards, async (ctx) => {
    const row = await record(ctx.params.id);
    await clearFollowUp(deps, kind, row, await changedBy(deps, ctx));
    await answer(ctx, row);
  });

  router.put<AdminState & InputState<SnoozeInput>>(
    `${path}${SNOOZE_SUFFIX}`,
    ...guards,
    jsonBodyOnly,
    validate({ body: snoozeSchema(deps.now) }),
    async (ctx) => {
      const row = await record(ctx.params.id);
      await snoozeRecord(deps, kind, row, ctx.state.input.body, await changedBy(deps, ctx));
      await answer(ctx, row);
    },
  );

  router.delete<AdminState>(`${path}${SNOOZE_SUFFIX}`, ...guards, async (ctx) => {
    const row = await record(ctx.params.id);
    await endSnooze(deps, kind, row, await changedBy(deps, ctx));
    await answer(ctx, row);
  });
}

/** The follow-up and snooze routes of every worked kind. */
export function registerFollowUpRoutes(router: Router, deps: AppDeps) {
  for (const kind of WORKED_KINDS) registerFor(router, deps, kind);
}
