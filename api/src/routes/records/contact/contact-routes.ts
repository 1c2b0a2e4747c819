import type Router from '@koa/router';
import { API_PATHS, contactMessageSchema, type SubmitResponse } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../../app-deps';
import { parseInput } from '../../../http/input';
import { registerAdminList } from '../../../records/list/admin-list-routes';
import { publishAfterCommit } from '../../../records/publish';
import { contactList } from './contact-list';
import { contactMessageEvent } from './contact-presenter';
import { createContactMessage } from './create-contact-message';

export const CONTACT_SENT = 'Message sent successfully';

export function registerContactRoutes(router: Router, deps: AppDeps, publicPost: Middleware) {
  router.post(API_PATHS.contact, publicPost, async (ctx) => {
    const input = parseInput(contactMessageSchema, ctx.request.body);
    const row = await createContactMessage(deps, input);
    await publishAfterCommit(deps, contactMessageEvent(row));
    ctx.status = 201;
    ctx.body = { message: CONTACT_SENT, reference: row.id } satisfies SubmitResponse;
  });
  registerAdminList(router, deps, contactList);
}
