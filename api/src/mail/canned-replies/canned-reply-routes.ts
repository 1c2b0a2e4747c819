import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { API_PATHS, cannedReplySchema, type CannedReply } from '@sourcing/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { dbTime, timeFromDb } from '../../db/engine';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { validate, type InputState } from '../../http/validate';
import { UUID } from '../../records/list/cursor';

interface CannedReplyRow {
  id: string;
  title: string;
  body: string;
  updatedAt: Date | string;
}

const present = (row: CannedReplyRow): CannedReply => ({
  id: String(row.id),
  title: row.title,
  body: row.body,
  updatedAt: timeFromDb(row.updatedAt).toISOString(),
});

type CannedReplyState = AdminState & InputState<z.output<typeof cannedReplySchema>>;

/**
 * Canned replies (docs/admin.md#canned-replies): agents and owners read them (the reply form offers
 * them, placeholders filled in from the record by the admin UI); owners add, change and remove
 * them, each change in the audit trail.
 */
export function registerCannedReplyRoutes(router: Router, deps: AppDeps) {
  const agent = requireRole(deps.tokens, 'agent');
  const owner = requireRole(deps.tokens, 'owner');
  const path = API_PATHS.adminCannedReplies;
  const body = validate({ body: cannedReplySchema });
  const find = async (id: string) => {
    const [row] = UUID.test(id)
      ? await deps.db.all<CannedReplyRow>(`SELECT "id", "title", "body", "updatedAt" FROM "canned_replies" WHERE "id" = ?`, [id])
      : [];
    if (!row) throw new HttpError(404, NOT_FOUND);
    return row;
  };

  router.get(path, agent, async (ctx) => {
    const rows = await deps.db.all<CannedReplyRow>(
      `SELECT "id", "title", "body", "updatedAt" FROM "canned_replies" ORDER BY "title", "id"`,
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows.map(present);
  });

  router.post<CannedReplyState>(path, owner, body, async (ctx) => {
    const { title, body: text } = ctx.state.input.body;
    const id = randomUUID();
    const at = dbTime(deps.engine, deps.now());
    await deps.db.transaction(async (tx) => {
      await tx.run(`INSERT INTO "canned_replies" ("id", "title", "body", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?)`, [
        id,
        title,
        text,
        at,
        at,
      ]);
      await deps.audit(ctx, 'canned-reply-changed', null, { summary: `canned reply "${title}" added`, id }, tx);
    });
    ctx.status = 201;
    ctx.body = present(await find(id));
  });

  router.put<CannedReplyState>(`${path}/:id`, owner, body, async (ctx) => {
    const { id } = await find(ctx.params.id);
    const { title, body: text } = ctx.state.input.body;
    await deps.db.transaction(async (tx) => {
      await tx.run(`UPDATE "canned_replies" SET "title" = ?, "body" = ?, "updatedAt" = ? WHERE "id" = ?`, [
        title,
        text,
        dbTime(deps.engine, deps.now()),
        id,
      ]);
      await deps.audit(ctx, 'canned-reply-changed', null, { summary: `canned reply "${title}" changed`, id }, tx);
    });
    ctx.body = present(await find(id));
  });

  router.delete(`${path}/:id`, owner, async (ctx) => {
    const { id, title } = await find(ctx.params.id);
    await deps.db.transaction(async (tx) => {
      await tx.run(`DELETE FROM "canned_replies" WHERE "id" = ?`, [id]);
      await deps.audit(ctx, 'canned-reply-changed', null, { summary: `canned reply "${title}" removed`, id }, tx);
    });
    ctx.body = { message: 'Canned reply removed' };
  });
}
