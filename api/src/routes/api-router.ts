import Router from '@koa/router';
import { API_PREFIX } from '@sourcing/shared';
import { registerAccountRoutes, registerPasskeySignIn } from '../account/account-routes';
import type { AppDeps } from '../app-deps';
import { registerAuditRoutes } from '../audit/audit-routes';
import { authRoutes } from '../auth/routes';
import { registerBackupRoutes } from '../backups/backup-routes';
import { rateLimit } from '../http/rate-limit';
import { registerErasure } from '../records/erasure/erasure-routes';
import { registerAssignmentRoutes } from '../records/assignment/assignment-routes';
import { registerResponseTargetRoutes } from '../records/response-targets/response-target-routes';
import { registerDeskRoutes } from '../records/desk/desk-routes';
import { registerFollowUpRoutes } from '../records/follow-ups/follow-up-routes';
import { registerNewsletterRoutes } from '../mail/newsletter/newsletter-routes';
import { registerCannedReplyRoutes } from '../mail/canned-replies/canned-reply-routes';
import { registerInboundRoutes } from '../mail/inbound/inbound-routes';
import { registerOutboxRoutes } from '../mail/outbox-routes';
import { registerReplyRoute } from '../mail/reply-routes';
import { registerAdminList } from '../records/list/register-admin-list';
import { registerMatchingRoutes } from '../records/matching/matching-routes';
import { registerReadStateRoutes } from '../records/read-state/read-state-routes';
import { ALL_RECORD_KINDS } from '../records/record-kinds';
import { registerSubmission } from '../records/register-submission';
import { registerInvitationRoutes } from '../staff/invitation-routes';
import { registerStaffRoutes } from '../staff/staff-routes';
import { registerViewRoutes } from '../views/views-routes';
import { registerBlockListRoutes } from '../privacy/block-list-routes';
import { registerPersonRoutes } from '../privacy/person-routes';
import { registerPrivacySettingsRoutes } from '../privacy/privacy-settings-routes';
import { registerFormChallengeRoute } from '../spam/challenge-route';
import { registerReportsRoutes } from './admin/reports/reports-routes';
import { registerStatsRoutes } from './admin/stats/stats-routes';
import { registerUploadRoutes } from './files/uploads/upload-routes';
import { registerSystemRoutes } from './system/system-routes';

/**
 * Every route under /api. Each admin route starts with requireRole (auth/require-admin.ts); the
 * route walk test reads `router.stack` and fails on any route that is neither public nor role-checked.
 */
export function createApiRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: API_PREFIX });
  const publicPost = rateLimit(
    deps.limiters({ name: 'public-post', points: deps.config.rateLimitPublicPerMinute, durationSeconds: 60 }),
  );

  registerSystemRoutes(router, deps);
  router.use(authRoutes(deps.auth, deps.audit).routes());
  registerFormChallengeRoute(router, deps);
  for (const kind of ALL_RECORD_KINDS) {
    registerSubmission(router, deps, kind, publicPost);
    registerAdminList(router, deps, kind);
    registerErasure(router, deps, kind);
    registerReplyRoute(router, deps, kind);
  }
  registerDeskRoutes(router, deps);
  registerFollowUpRoutes(router, deps);
  registerAssignmentRoutes(router, deps);
  registerResponseTargetRoutes(router, deps);
  registerMatchingRoutes(router, deps);
  registerReadStateRoutes(router, deps);
  registerUploadRoutes(router, deps);
  registerStatsRoutes(router, deps);
  registerReportsRoutes(router, deps);
  registerStaffRoutes(router, deps);
  registerViewRoutes(router, deps);
  registerInvitationRoutes(router, deps);
  registerAccountRoutes(router, deps);
  registerPasskeySignIn(router, deps);
  registerAuditRoutes(router, deps);
  registerOutboxRoutes(router, deps);
  registerInboundRoutes(router, deps);
  registerCannedReplyRoutes(router, deps);
  registerBackupRoutes(router, deps);
  registerNewsletterRoutes(router, deps, publicPost);
  registerBlockListRoutes(router, deps);
  registerPersonRoutes(router, deps);
  registerPrivacySettingsRoutes(router, deps);
  return router;
}
