import Router from '@koa/router';
import { API_PREFIX } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { authRoutes } from '../auth/routes';
import { rateLimit } from '../http/rate-limit';
import { registerNewsletterRoutes } from '../mail/newsletter/newsletter-routes';
import { registerOutboxRoutes } from '../mail/outbox-routes';
import { registerReplyRoute } from '../mail/reply-routes';
import { registerAdminList } from '../records/list/register-admin-list';
import { ALL_RECORD_KINDS } from '../records/record-kinds';
import { registerSubmission } from '../records/register-submission';
import { registerStatsRoutes } from './admin/stats/stats-routes';
import { registerUploadRoutes } from './files/uploads/upload-routes';
import { registerSystemRoutes } from './system/system-routes';

/** Every route under /api. The route walk test reads `router.stack` to check access control. */
export function createApiRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: API_PREFIX });
  const publicPost = rateLimit(
    deps.limiters({ name: 'public-post', points: deps.config.rateLimitPublicPerMinute, durationSeconds: 60 }),
  );

  registerSystemRoutes(router, deps);
  router.use(authRoutes(deps.auth).routes());
  for (const kind of ALL_RECORD_KINDS) {
    registerSubmission(router, deps, kind, publicPost);
    registerAdminList(router, deps, kind);
    registerReplyRoute(router, deps, kind);
  }
  registerUploadRoutes(router, deps);
  registerStatsRoutes(router, deps);
  registerOutboxRoutes(router, deps);
  registerNewsletterRoutes(router, deps, publicPost);
  return router;
}
