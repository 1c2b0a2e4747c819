import type Router from '@koa/router';
import { API_PATHS } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { HttpError } from '../http/errors';
import { validate, type InputState } from '../http/validate';
import { auditQuerySchema, listAudit, type AuditQueryInput } from './audit-log';

/** GET /api/admin/audit: the audit trail, filtered and paged, for owners. */
export function registerAuditRoutes(router: Router, deps: AppDeps) {
  router.get<AdminState & InputState<never, AuditQueryInput>>(
    API_PATHS.adminAudit,
    requireRole(deps.tokens, 'owner'),
    validate({ query: auditQuerySchema, message: 'Invalid audit filter' }),
    async (ctx) => {
      const page = await listAudit(deps.db, ctx.state.input.query);
      if (!page) throw new HttpError(400, 'Invalid cursor');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = page;
    },
  );
}
