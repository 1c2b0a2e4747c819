import type Router from '@koa/router';
import { API_PATHS } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { describeArchives } from './backup-rotation';
import { backupStatus, readBackupRuns } from './backup-runs';

/** GET /api/admin/backups: the backups' state, schedule, last runs and the archives kept, for owners. */
export function registerBackupRoutes(router: Router, deps: Pick<AppDeps, 'config' | 'db' | 'tokens' | 'now'>) {
  router.get<AdminState>(API_PATHS.adminBackups, requireRole(deps.tokens, 'owner'), async (ctx) => {
    const settings = deps.config.storage.backups;
    const [runs, archives] = await Promise.all([
      readBackupRuns(deps.db),
      settings.dir ? describeArchives(settings.dir) : Promise.resolve([]),
    ]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = backupStatus(runs, settings, deps.now(), archives);
  });
}
