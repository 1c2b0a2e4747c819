import type Router from '@koa/router';
import { API_PATHS } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { rateLimit } from '../http/rate-limit';

/** GET /api/challenge: a fresh ALTCHA challenge for the widget of a public form, never cached. */
export function registerFormChallengeRoute(router: Router, deps: AppDeps) {
  const limit = rateLimit(
    deps.limiters({ name: 'form-challenge', points: deps.config.rateLimitPublicPerMinute, durationSeconds: 60 }),
  );
  router.get(API_PATHS.formChallenge, limit, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.formGuard.challenges.issue(deps.now());
  });
}
