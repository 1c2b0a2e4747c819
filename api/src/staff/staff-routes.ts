import type Router from '@koa/router';
import { API_PATHS, createStaffSchema, updateStaffSchema, type CreateStaffInput, type UpdateStaffInput } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { HttpError, NOT_FOUND } from '../http/errors';
import { validate, type InputState } from '../http/validate';
import { UUID } from '../records/list/cursor';
import { createStaff, listStaff, resetStaffPassword, resetStaffTwoFactor, updateStaff } from './staff-accounts';

/** Staff management for owners (docs/api.md): list, create, change role or disabled state, reset password or two-factor sign-in. */
export function registerStaffRoutes(router: Router, deps: AppDeps) {
  const owner = requireRole(deps.tokens, 'owner');
  const path = API_PATHS.adminStaff;
  const knownId = async (ctx: { params: Record<string, string> }, next: () => Promise<unknown>) => {
    if (!UUID.test(ctx.params.id)) throw new HttpError(404, NOT_FOUND);
    await next();
  };

  router.get(path, owner, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listStaff(deps);
  });

  router.post<AdminState & InputState<CreateStaffInput>>(path, owner, validate({ body: createStaffSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await createStaff(deps, ctx, ctx.state.input.body);
  });

  router.patch<AdminState & InputState<UpdateStaffInput>>(
    `${path}/:id`,
    owner,
    knownId,
    validate({ body: updateStaffSchema }),
    async (ctx) => {
      ctx.body = await updateStaff(deps, ctx, ctx.params.id, ctx.state.input.body);
    },
  );

  router.post(`${path}/:id/reset-two-factor`, owner, knownId, async (ctx) => {
    ctx.body = await resetStaffTwoFactor(deps, ctx, ctx.params.id);
  });

  router.post(`${path}/:id/reset-password`, owner, knownId, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await resetStaffPassword(deps, ctx, ctx.params.id);
  });
}
