import type Router from '@koa/router';
import {
  acceptInvitationSchema,
  ACCOUNT_MESSAGES,
  API_PATHS,
  invitationTokenSchema,
  inviteSchema,
  type AcceptInvitationInput,
  type InviteInput,
} from '@sourcing/shared';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { afterFirstStep } from '../auth/start-session';
import { HttpError } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { requireSameOrigin } from '../http/same-origin';
import { validate, type InputState } from '../http/validate';
import { UUID } from '../records/list/cursor';
import {
  acceptInvitation,
  invite,
  listInvitations,
  previewInvitation,
  resendInvitation,
  withdrawInvitation,
} from './invitations';

/**
 * Invitations (docs/sessions.md#invitations): owners send, list, resend and withdraw them; the link's
 * page, with no session yet, shows one and accepts it (a public route of our own pages only, counted
 * per address like the public forms).
 */
export function registerInvitationRoutes(router: Router, deps: AppDeps) {
  const owner = requireRole(deps.tokens, 'owner');
  const path = API_PATHS.adminInvitations;
  const knownId = async (ctx: { params: Record<string, string> }, next: () => Promise<unknown>) => {
    if (!UUID.test(ctx.params.id)) throw new HttpError(404, ACCOUNT_MESSAGES.invitationNotFound);
    await next();
  };

  router.get(path, owner, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listInvitations(deps);
  });

  router.post<AdminState & InputState<InviteInput>>(path, owner, validate({ body: inviteSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await invite(deps, ctx, ctx.state.input.body);
  });

  router.post(`${path}/:id/resend`, owner, knownId, async (ctx) => {
    ctx.body = await resendInvitation(deps, ctx, ctx.params.id);
  });

  router.delete(`${path}/:id`, owner, knownId, async (ctx) => {
    await withdrawInvitation(deps, ctx, ctx.params.id);
    ctx.body = { message: 'Invitation withdrawn' };
  });

  const sameOrigin = requireSameOrigin(deps.auth.options.trustedOrigins);
  const limited = rateLimit(
    deps.limiters({ name: 'invitation', points: deps.config.rateLimitPublicPerMinute, durationSeconds: 60 }),
  );

  router.post<InputState<z.output<typeof invitationTokenSchema>>>(
    API_PATHS.adminInvitationPreview,
    sameOrigin,
    limited,
    validate({ body: invitationTokenSchema, message: ACCOUNT_MESSAGES.invitationInvalid }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await previewInvitation(deps, ctx.state.input.body.token);
    },
  );

  // Accepting signs the new colleague in (or asks for an authenticator first where REQUIRE_2FA says so).
  router.post<InputState<AcceptInvitationInput>>(
    API_PATHS.adminInvitationAccept,
    sameOrigin,
    limited,
    validate({ body: acceptInvitationSchema }),
    async (ctx) => {
      const account = await acceptInvitation(deps, ctx.state.input.body);
      ctx.status = 201;
      ctx.body = await afterFirstStep(ctx, deps.auth, deps.audit, account, 'invitation');
    },
  );
}
