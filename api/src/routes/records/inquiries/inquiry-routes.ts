import type Router from '@koa/router';
import {
  API_PATHS,
  commodityInquirySchema,
  fromCommodityInquiryFields,
  UPLOAD_LIMITS,
  type SubmitResponse,
} from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../../app-deps';
import { parseInput } from '../../../http/input';
import { registerAdminList } from '../../../records/list/admin-list-routes';
import { publishAfterCommit } from '../../../records/publish';
import { inquiryList } from './inquiry-list';
import { checkFiles } from '../../../uploads/check-files';
import { receiveFiles } from '../../../uploads/receive-files';
import { createInquiry } from './create-inquiry';
import { inquiryEvent } from './inquiry-presenter';

export const INQUIRY_SUBMITTED = 'Inquiry submitted successfully';
export const INQUIRY_FILE_FIELD = 'attachment';

export function registerInquiryRoutes(router: Router, deps: AppDeps, publicPost: Middleware) {
  router.post(
    API_PATHS.inquiry,
    publicPost,
    receiveFiles(deps, INQUIRY_FILE_FIELD, UPLOAD_LIMITS.maxInquiryFiles),
    async (ctx) => {
      const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
      const input = parseInput(commodityInquirySchema, fromCommodityInquiryFields(fields));
      const files = await checkFiles(ctx.state.incomingFiles, INQUIRY_FILE_FIELD);
      const row = await createInquiry(deps, input, files);
      await publishAfterCommit(deps, inquiryEvent(row));
      ctx.status = 201;
      ctx.body = { message: INQUIRY_SUBMITTED, reference: row.id } satisfies SubmitResponse;
    },
  );
  registerAdminList(router, deps, inquiryList);
}
