import type Router from '@koa/router';
import { API_PATHS, subscribeSchema, type SubmitResponse } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../../app-deps';
import { parseInput } from '../../../http/input';
import { registerAdminList } from '../../../records/list/admin-list-routes';
import { publishAfterCommit } from '../../../records/publish';
import { subscriberList } from './subscriber-list';
import { subscribe } from './subscribe';
import { subscriberEvent } from './subscriber-presenter';

export const SUBSCRIBED = 'Subscribed successfully';
export const ALREADY_SUBSCRIBED = 'You are already subscribed';

export function registerSubscriberRoutes(router: Router, deps: AppDeps, publicPost: Middleware) {
  router.post(API_PATHS.subscribers, publicPost, async (ctx) => {
    const input = parseInput(subscribeSchema, ctx.request.body);
    const { row, created } = await subscribe(deps, input);
    if (created) await publishAfterCommit(deps, subscriberEvent(row));
    ctx.status = created ? 201 : 200;
    ctx.body = { message: created ? SUBSCRIBED : ALREADY_SUBSCRIBED, reference: row.id } satisfies SubmitResponse;
  });
  registerAdminList(router, deps, subscriberList);
}
