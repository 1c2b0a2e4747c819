import type Router from '@koa/router';
import { API_PATHS, DESK_LISTS, responseTargetSettingsSchema, type ResponseTargetSettings } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { requireRole, type AdminState } from '../../auth/require-admin';
import { validate, type InputState } from '../../http/validate';
import { readResponseTargetSettings, saveResponseTargetSettings } from './response-target-settings';

/** The audit line of a change: each list's target, the zone and the warning ('inquiries 240, ...; Asia/Kolkata; warn 30'). */
const summaryOf = (settings: ResponseTargetSettings) =>
  `${DESK_LISTS.map((list) => `${list} ${settings.targets[list] ?? 'none'}`).join(', ')}; ${settings.calendar.timeZone}; warn ${settings.warnBeforeMinutes}`;

/**
 * GET /admin/response-targets (all staff: the desk shows the targets) and PUT (owners),
 * docs/api.md#response-targets. Saving moves the unanswered records' due times onto the new settings.
 */
export function registerResponseTargetRoutes(router: Router, deps: AppDeps) {
  const path = API_PATHS.adminResponseTargets;

  router.get(path, requireRole(deps.tokens, 'viewer'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readResponseTargetSettings(deps.db, deps.config.timeZone);
  });

  router.put<AdminState & InputState<ResponseTargetSettings>>(
    path,
    requireRole(deps.tokens, 'owner'),
    validate({ body: responseTargetSettingsSchema }),
    async (ctx) => {
      const settings = ctx.state.input.body;
      await deps.db.transaction(async (tx) => {
        await saveResponseTargetSettings(tx, deps.db.engine, settings, deps.now());
        await deps.audit(ctx, 'response-targets-changed', null, { summary: summaryOf(settings) }, tx);
      });
      ctx.body = settings satisfies ResponseTargetSettings;
    },
  );
}
