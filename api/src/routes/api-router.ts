import Router from '@koa/router';
import { API_PREFIX } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { authRoutes } from '../auth/routes';
import { rateLimit } from '../http/rate-limit';
import { registerContactRoutes } from './records/contact/contact-routes';
import { registerInquiryRoutes } from './records/inquiries/inquiry-routes';
import { registerSupplierInquiryRoutes } from './records/supplier-inquiries/supplier-inquiry-routes';
import { registerSubscriberRoutes } from './records/subscribers/subscriber-routes';
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
  registerSubscriberRoutes(router, deps, publicPost);
  registerContactRoutes(router, deps, publicPost);
  registerInquiryRoutes(router, deps, publicPost);
  registerSupplierInquiryRoutes(router, deps, publicPost);
  registerUploadRoutes(router, deps);
  registerStatsRoutes(router, deps);
  return router;
}
