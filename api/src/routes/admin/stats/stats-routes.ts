import type Router from '@koa/router';
import { API_PATHS, STATS_PERIODS } from '@sourcing/shared';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { requireRole, type AdminState } from '../../../auth/require-admin';
import { validate, type InputState } from '../../../http/validate';
import { dashboardStats } from './dashboard-stats';

const statsQuery = z.object({
  period: z.preprocess(
    (v) => (v === undefined || v === '' ? 'week' : v),
    z.enum(STATS_PERIODS, { error: `period must be one of ${STATS_PERIODS.join(', ')}` }),
  ),
});

/** GET /api/admin/stats?period=week|month|year: the dashboard's figures, aggregated in SQL. */
export function registerStatsRoutes(router: Router, deps: AppDeps) {
  const query = validate({ query: statsQuery, message: 'Invalid period' });
  router.get<AdminState & InputState<never, z.output<typeof statsQuery>>>(
    API_PATHS.adminStats,
    requireRole(deps.tokens, 'viewer'),
    query,
    async (ctx) => {
      const { period } = ctx.state.input.query;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await dashboardStats(deps, period);
    },
  );
}
