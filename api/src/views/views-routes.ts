import type Router from '@koa/router';
import {
  ADMIN_LISTS,
  API_PATHS,
  columnChoiceSchema,
  createViewSchema,
  updateViewSchema,
  type AdminListName,
  type ColumnChoiceInput,
  type CreateViewInput,
  type UpdateViewInput,
} from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import { requireRole, type AdminState } from '../auth/require-admin';
import { HttpError, NOT_FOUND } from '../http/errors';
import { validate, type InputState } from '../http/validate';
import { UUID } from '../records/list/cursor';
import { columnChoicesOf, createView, deleteView, setColumnChoice, updateView, viewsOf } from './saved-views';

const isList = (name: string): name is AdminListName => Object.hasOwn(ADMIN_LISTS, name);
const LIST_MESSAGE = `list must be one of ${Object.keys(ADMIN_LISTS).join(', ')}`;

/**
 * Saved views and column choices (docs/api.md#saved-views): every role keeps its own, and sees the
 * views others share; only a view's owner changes or deletes it.
 */
export function registerViewRoutes(router: Router, deps: AppDeps) {
  const viewer = requireRole(deps.tokens, 'viewer');
  const views = API_PATHS.adminViews;
  const knownId = async (ctx: { params: Record<string, string> }, next: () => Promise<unknown>) => {
    if (!UUID.test(ctx.params.id)) throw new HttpError(404, NOT_FOUND);
    await next();
  };

  router.get<AdminState>(views, viewer, async (ctx) => {
    const list = typeof ctx.query.list === 'string' ? ctx.query.list : '';
    if (!isList(list)) throw new HttpError(400, LIST_MESSAGE, { list: LIST_MESSAGE });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await viewsOf(deps, ctx.state.admin.id, list);
  });

  router.post<AdminState & InputState<CreateViewInput>>(views, viewer, validate({ body: createViewSchema }), async (ctx) => {
    ctx.status = 201;
    ctx.body = await createView(deps, ctx.state.admin.id, ctx.state.input.body);
  });

  router.patch<AdminState & InputState<UpdateViewInput>>(
    `${views}/:id`,
    viewer,
    knownId,
    validate({ body: updateViewSchema }),
    async (ctx) => {
      ctx.body = await updateView(deps, ctx.state.admin.id, ctx.params.id, ctx.state.input.body);
    },
  );

  router.delete<AdminState>(`${views}/:id`, viewer, knownId, async (ctx) => {
    await deleteView(deps, ctx.state.admin.id, ctx.params.id);
    ctx.status = 204;
  });

  router.get<AdminState>(API_PATHS.adminColumnChoices, viewer, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await columnChoicesOf(deps, ctx.state.admin.id);
  });

  router.put<AdminState & InputState<ColumnChoiceInput>>(
    `${API_PATHS.adminColumnChoices}/:list`,
    viewer,
    validate({ body: columnChoiceSchema }),
    async (ctx) => {
      const { list } = ctx.params;
      if (!isList(list)) throw new HttpError(404, NOT_FOUND);
      await setColumnChoice(deps, ctx.state.admin.id, list, ctx.state.input.body.hiddenColumns);
      ctx.body = await columnChoicesOf(deps, ctx.state.admin.id);
    },
  );
}
