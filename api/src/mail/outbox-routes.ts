import type Router from '@koa/router';
import { API_PATHS, type OutboxMailSummary, type OutboxPage } from '@sourcing/shared';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { HttpError, NOT_FOUND } from '../http/errors';
import { validate, type InputState } from '../http/validate';
import { UUID } from '../records/list/cursor';
import { OUTBOX, type OutboxRow } from './outbox-entity';

export const RETRY_FAILED_ONLY = 'Only a failed mail can be retried';

/** The newest mails the Outbox page shows. */
export const OUTBOX_PAGE_SIZE = 200;

const outboxQuery = z.object({
  recordId: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(UUID, 'recordId must be a record id').optional()),
});

const present = (row: OutboxRow): OutboxMailSummary => ({
  id: row.id,
  purpose: row.purpose,
  recordKind: row.recordKind,
  recordId: row.recordId,
  recipients: row.recipients,
  subject: row.subject,
  state: row.state,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/**
 * GET /api/admin/outbox[?recordId=]: the newest mails and their states; POST
 * /api/admin/outbox/:id/retry: a failed mail is queued again, from its first attempt.
 */
export function registerOutboxRoutes(router: Router, deps: AppDeps) {
  // Every role sees a record's mails; only owners send a failed one again.
  const viewer = requireRole(deps.tokens, 'viewer');
  const owner = requireRole(deps.tokens, 'owner');
  const repo = () => deps.db.reads.getRepository<OutboxRow>(OUTBOX);

  router.get<AdminState & InputState<never, z.output<typeof outboxQuery>>>(
    API_PATHS.adminOutbox,
    viewer,
    validate({ query: outboxQuery }),
    async (ctx) => {
      const { recordId } = ctx.state.input.query;
      const rows = await repo().find({
        where: recordId ? { recordId } : {},
        order: { createdAt: 'DESC', id: 'DESC' },
        take: OUTBOX_PAGE_SIZE,
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: rows.map(present) } satisfies OutboxPage;
    },
  );

  router.post(`${API_PATHS.adminOutbox}/:id/retry`, owner, async (ctx) => {
    const { id } = ctx.params;
    const row = UUID.test(id) ? await repo().findOneBy({ id }) : null;
    if (!row) throw new HttpError(404, NOT_FOUND);
    await deps.db.transaction(async (tx) => {
      const { affected } = await tx.manager
        .getRepository<OutboxRow>(OUTBOX)
        .update({ id, state: 'failed' }, { state: 'pending', attempts: 0, nextAttemptAt: deps.now(), leaseUntil: null });
      if (!affected) throw new HttpError(409, RETRY_FAILED_ONLY);
      const record = row.recordKind && row.recordId ? { kind: row.recordKind, id: row.recordId } : null;
      const details = { summary: `${row.purpose} mail queued again`, purpose: row.purpose, record };
      await deps.audit(ctx, 'mail-retried', { kind: 'mail', id }, details, tx);
    });
    deps.mail.nudge();
    ctx.body = present(await repo().findOneByOrFail({ id }));
  });
}
