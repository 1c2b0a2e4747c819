import type Router from '@koa/router';
import {
  ADMIN_LISTS,
  API_PATHS,
  BULK_CHANGE_MAX,
  BULK_SUFFIX,
  CONFLICT_MESSAGE,
  NOTE_MAX_LENGTH,
  NOTES_SUFFIX,
  requiredText,
  outcomeReasonsOf,
  TIMELINE_SUFFIX,
  type Assignee,
  type BulkChangeResult,
  type ConflictBody,
  type DeskChange,
  type AdminListName,
} from '@sourcing/shared';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { AdminEntity } from '../../auth/schema';
import { actorOf, assigneeOf } from '../../staff/staff-names';
import { discardBody } from '../../http/discard-body';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { validate, type InputState } from '../../http/validate';
import { UUID } from '../list/cursor';
import { linkSigner } from '../list/register-admin-list';
import { createPresenter } from '../present-record';
import type { AnyRow, RecordKind } from '../record-kind';
import { ALL_RECORD_KINDS } from '../record-kinds';
import { changeWithEvents } from '../publish';
import { serveWaitingQuietly } from '../assignment/automatic-assignment';
import { changeEvent, changeRecords, mayOwnRecords, OwnerNotFound, type ChangedBy, type VersionedId } from './change-records';
import { presentTimelineEntry, timelineOf } from './present-timeline';
import { eventRow, storeEvents } from './record-events';
import { touchRecords } from './updated-at';

export const JSON_ONLY = 'Send the change as JSON';
/**
 * Desk changes are JSON, which the body parser has read. Any other body is still unread: it is
 * read and dropped before the refusal, so the connection stays in step for the client's next
 * request (a body too large to read is refused with the connection closed).
 */
export const jsonBodyOnly: Middleware = async (ctx, next) => {
  const hasBody = ctx.get('Transfer-Encoding') !== '' || Number(ctx.get('Content-Length') || 0) > 0;
  if (hasBody && !ctx.is('json')) {
    if (!(await discardBody(ctx.req))) throw new HttpError(413, JSON_ONLY, undefined, { Connection: 'close' });
    throw new HttpError(415, JSON_ONLY);
  }
  await next();
};

/** The guards every desk mutation passes before its handler: an agent or owner (docs/admin.md#staff-and-roles). */
export function deskMutationGuards(deps: Pick<AppDeps, 'tokens'>): Middleware<AdminState>[] {
  return [requireRole(deps.tokens, 'agent')];
}

const changeFields = (statuses: readonly string[]) => ({
  status: z.enum(statuses as [string, ...string[]], { error: `status must be one of ${statuses.join(', ')}` }).optional(),
  reason: z.string({ error: 'reason must be text' }).optional(),
  ownerId: z.string().regex(UUID, 'ownerId must be an admin id or null').nullable().optional(),
});
const version = z
  .number({ error: 'version must be a number' })
  .int('version must be a number')
  .min(1, 'version must be a number');
const somethingToChange = (c: { status?: string; ownerId?: string | null }) => c.status !== undefined || c.ownerId !== undefined;
const NOTHING_TO_CHANGE = { message: 'Give a status or an owner', path: ['status'] };

/**
 * What is wrong with a change's reason, if anything: a status that asks why (Won, Lost:
 * docs/admin.md#outcome-reasons) comes with one of its reasons, and only such a status comes with
 * a reason. A bulk change gives its one reason to every record.
 */
function outcomeReasonProblem(list: AdminListName, { status, reason }: { status?: string; reason?: string }): string | null {
  const reasons = status === undefined ? null : outcomeReasonsOf(list, status);
  if (reasons === null) return reason === undefined ? null : 'reason goes only with a status that asks why, such as Won or Lost';
  if (reason === undefined) return `Choose why it was ${status}: ${reasons.join(', ')}`;
  return reasons.includes(reason) ? null : `reason must be one of ${reasons.join(', ')}`;
}

const checkOutcomeReason = (list: AdminListName) => (change: { status?: string; reason?: string }, ctx: z.RefinementCtx) => {
  const message = outcomeReasonProblem(list, change);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['reason'] });
};

function changeSchema(list: AdminListName, statuses: readonly string[]) {
  return z
    .object({ version, ...changeFields(statuses) })
    .refine(somethingToChange, NOTHING_TO_CHANGE)
    .superRefine(checkOutcomeReason(list));
}

function bulkSchema(list: AdminListName, statuses: readonly string[]) {
  return z
    .object({
      records: z
        .array(z.object({ id: z.string().regex(UUID, 'Unknown record'), version }))
        .min(1, 'Select at least one record')
        .max(BULK_CHANGE_MAX, `At most ${BULK_CHANGE_MAX} records at once`),
      ...changeFields(statuses),
    })
    .refine(somethingToChange, NOTHING_TO_CHANGE)
    .superRefine(checkOutcomeReason(list));
}

const noteSchema = z.object({ text: requiredText('Note is required', NOTE_MAX_LENGTH) });

type Change = z.output<ReturnType<typeof changeSchema>>;
type BulkChange = z.output<ReturnType<typeof bulkSchema>>;

/** 404 unless the id names a record of the kind. */
export async function rowOf(deps: Pick<AppDeps, 'db'>, kind: RecordKind, id: string): Promise<AnyRow> {
  const row = UUID.test(id) ? await deps.db.reads.getRepository<AnyRow>(kind.entity).findOneBy({ id }) : null;
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/**
 * Changes records, each change audited and announced to every admin as it commits; then what waits
 * for the automatic assignment is given out, should the change have made room (a record closed or given away).
 */
async function change(deps: AppDeps, kind: RecordKind, targets: VersionedId[], wanted: DeskChange, by: ChangedBy) {
  try {
    const outcome = await changeRecords(deps, kind, targets, wanted, by);
    await serveWaitingQuietly(deps, kind);
    return outcome;
  } catch (error) {
    if (error instanceof OwnerNotFound) throw new HttpError(400, error.message, { ownerId: error.message });
    throw error;
  }
}

/**
 * The desk of a worked kind: PATCH <list>/:id (status/owner, with the version seen), POST
 * <list>/bulk, POST <list>/:id/notes and GET <list>/:id/timeline (docs/api.md#sales-desk).
 */
function registerDesk(router: Router, deps: AppDeps, kind: RecordKind, statuses: readonly string[]) {
  const { list } = kind.definition;
  const path = ADMIN_LISTS[list].path;
  const present = createPresenter(kind) as (row: AnyRow, sign: ReturnType<typeof linkSigner>) => unknown;
  const mutation = [...deskMutationGuards(deps), jsonBodyOnly];

  router.patch<AdminState & InputState<Change>>(
    `${path}/:id`,
    ...mutation,
    validate({ body: changeSchema(list, statuses), message: 'Invalid change' }),
    async (ctx) => {
      const { version: seen, ...wanted } = ctx.state.input.body;
      const row = await rowOf(deps, kind, ctx.params.id);
      const outcome = await change(deps, kind, [{ id: row.id, version: seen }], wanted, {
        actor: await actorOf(deps.db.reads, ctx),
        who: ctx,
        bulk: false,
      });
      const sign = linkSigner(deps, ctx);
      const [conflict] = outcome.conflicts;
      if (conflict) {
        ctx.status = 409;
        ctx.body = { error: CONFLICT_MESSAGE, current: present(conflict, sign) } satisfies ConflictBody<unknown>;
        return;
      }
      if (outcome.missing.length) throw new HttpError(404, NOT_FOUND);
      ctx.body = present(outcome.updated[0], sign);
    },
  );

  router.post<AdminState & InputState<BulkChange>>(
    `${path}${BULK_SUFFIX}`,
    ...mutation,
    validate({ body: bulkSchema(list, statuses), message: 'Invalid change' }),
    async (ctx) => {
      const { records, ...wanted } = ctx.state.input.body;
      const outcome = await change(deps, kind, records, wanted, {
        actor: await actorOf(deps.db.reads, ctx),
        who: ctx,
        bulk: true,
      });
      const sign = linkSigner(deps, ctx);
      ctx.body = {
        updated: outcome.updated.map((row) => present(row, sign)),
        conflicts: outcome.conflicts.map((row) => present(row, sign)),
      } satisfies BulkChangeResult<unknown>;
    },
  );

  router.post<AdminState & InputState<z.output<typeof noteSchema>>>(
    `${path}/:id${NOTES_SUFFIX}`,
    ...mutation,
    validate({ body: noteSchema }),
    async (ctx) => {
      const row = (await rowOf(deps, kind, ctx.params.id)) as AnyRow & {
        status: string;
        ownerId: string | null;
        version: number;
      };
      const actor = await actorOf(deps.db.reads, ctx);
      const at = deps.now();
      const stored = await changeWithEvents(deps, async (tx, announce) => {
        const [note] = await storeEvents(tx, [
          eventRow(kind.definition.kind, row.id, 'note', actor, { text: ctx.state.input.body.text }, at),
        ]);
        await touchRecords(tx, kind, [row.id], at);
        // The audit trail says a note was added, not what it says (it may name people).
        await deps.audit(ctx, 'record-note-added', { kind: kind.definition.kind, id: row.id }, { summary: 'note added' }, tx);
        await announce(changeEvent(kind, row, actor, 'note', `added a note to ${String(row[kind.definition.title])}`));
        return note;
      });
      ctx.status = 201;
      ctx.body = { ...presentTimelineEntry(stored), actor };
    },
  );

  router.get(`${path}/:id${TIMELINE_SUFFIX}`, requireRole(deps.tokens, 'viewer'), async (ctx) => {
    const row = await rowOf(deps, kind, ctx.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await timelineOf(deps.db.reads, row.id, row.createdAt);
  });
}

/** Every worked kind's desk routes, and GET /api/admin/assignees: who can own a record (the owner dropdown). */
export function registerDeskRoutes(router: Router, deps: AppDeps) {
  for (const kind of ALL_RECORD_KINDS) {
    if (kind.definition.statuses) registerDesk(router, deps, kind, kind.definition.statuses);
  }
  router.get(API_PATHS.adminAssignees, requireRole(deps.tokens, 'viewer'), async (ctx) => {
    // Viewers cannot work records, and disabled accounts cannot sign in: neither is offered as an owner.
    const admins = (await deps.db.reads.getRepository(AdminEntity).find()).filter(mayOwnRecords);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = admins
      .map(assigneeOf)
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email)) satisfies Assignee[];
  });
}
