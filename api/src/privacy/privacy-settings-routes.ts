import type Router from '@koa/router';
import { API_PATHS, privacySettingsSchema, type PrivacySettings } from '@sourcing/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { validate, type InputState } from '../http/validate';
import { readPrivacySettings, saveKeptStatuses } from './privacy-settings';

/** 'inquiries: Won; subscribers: confirmed', or 'nothing' */
const keptSummary = (kept: PrivacySettings['keptStatuses']) =>
  Object.entries(kept)
    .filter(([, statuses]) => statuses?.length)
    .map(([list, statuses]) => `${list}: ${statuses.join(', ')}`)
    .join('; ') || 'nothing';

/**
 * GET and PATCH /admin/privacy-settings (owners): RETENTION_MONTHS as configured, and per list the
 * statuses retention keeps (docs/admin.md#retention).
 */
export function registerPrivacySettingsRoutes(router: Router, deps: AppDeps) {
  const owner = requireRole(deps.tokens, 'owner');
  const path = API_PATHS.adminPrivacySettings;

  router.get(path, owner, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readPrivacySettings(deps.db, deps.config);
  });

  router.patch<AdminState & InputState<z.output<typeof privacySettingsSchema>>>(
    path,
    owner,
    validate({ body: privacySettingsSchema, message: 'Invalid settings' }),
    async (ctx) => {
      const { keptStatuses } = ctx.state.input.body;
      await deps.db.transaction(async (tx) => {
        await saveKeptStatuses(tx, keptStatuses);
        await deps.audit(ctx, 'privacy-settings-changed', null, { summary: `retention keeps ${keptSummary(keptStatuses)}` }, tx);
      });
      ctx.body = (await readPrivacySettings(deps.db, deps.config)) satisfies PrivacySettings;
    },
  );
}
