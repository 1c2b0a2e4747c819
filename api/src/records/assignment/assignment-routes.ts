import type Router from '@koa/router';
import { API_PATHS, assignmentRuleSchema, isDeskList, type AssignmentRule, type AssignmentRuleInput } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { HttpError, NOT_FOUND } from '../../http/errors';
import { validate, type InputState } from '../../http/validate';
import { RECORD_KINDS } from '../record-kinds';
import { readAssignmentRules, serveWaitingQuietly, writeAssignmentRule } from './automatic-assignment';

const ruleText = (rule: AssignmentRule) => `${rule.automatic ? 'automatic' : 'by hand'}, cap ${rule.openCap ?? 'none'}`;

/**
 * GET /admin/assignment-rules (all staff: the desk shows how records are given out) and
 * PUT /admin/assignment-rules/:list (owners), docs/admin.md#automatic-assignment. A rule saved
 * gives out what waits for it at once.
 */
export function registerAssignmentRoutes(router: Router, deps: AppDeps) {
  const path = API_PATHS.adminAssignmentRules;

  router.get(path, requireRole(deps.tokens, 'viewer'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readAssignmentRules(deps.db);
  });

  router.put<AdminState & InputState<AssignmentRuleInput>>(
    `${path}/:list`,
    requireRole(deps.tokens, 'owner'),
    validate({ body: assignmentRuleSchema }),
    async (ctx) => {
      const { list } = ctx.params;
      if (!isDeskList(list)) throw new HttpError(404, NOT_FOUND);
      const kind = RECORD_KINDS[list];
      const rule = await deps.db.transaction(async (tx) => {
        const { before, after } = await writeAssignmentRule(tx, deps.engine, kind, ctx.state.input.body, deps.now());
        const summary = `${list}: ${ruleText(before)} → ${ruleText(after)}`;
        await deps.audit(ctx, 'assignment-rule-changed', { kind: kind.definition.kind, id: null }, { summary }, tx);
        return after;
      });
      await serveWaitingQuietly(deps, kind);
      ctx.body = rule satisfies AssignmentRule;
    },
  );
}
