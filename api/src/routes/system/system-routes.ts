import type Router from '@koa/router';
import { API_PATHS } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { escapedErrorCount } from '../../escaped-errors';

/**
 * Liveness (the process answers, how many errors escaped every handler, and the backups' state from
 * memory: docs/operations.md#health-checks) and readiness (the database answers).
 */
export function registerSystemRoutes(router: Router, deps: Pick<AppDeps, 'db' | 'logger' | 'backups'>) {
  router.get(API_PATHS.health, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok', escapedErrors: escapedErrorCount(), backups: deps.backups.health() };
  });

  router.get(API_PATHS.ready, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await deps.db.all('SELECT 1');
      ctx.body = { status: 'ready' };
    } catch (error) {
      deps.logger.warn('readiness check failed', { error: error instanceof Error ? error.message : String(error) });
      ctx.status = 503;
      ctx.body = { error: 'Database unavailable' };
    }
  });
}
