import type Router from '@koa/router';
import { API_PATHS, supplierOfferSchema, UPLOAD_LIMITS, type SubmitResponse } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../../app-deps';
import { parseInput } from '../../../http/input';
import { registerAdminList } from '../../../records/list/admin-list-routes';
import { publishAfterCommit } from '../../../records/publish';
import { supplierInquiryList } from './supplier-inquiry-list';
import { checkFiles } from '../../../uploads/check-files';
import { receiveFiles } from '../../../uploads/receive-files';
import { createSupplierInquiry } from './create-supplier-inquiry';
import { supplierInquiryEvent } from './supplier-inquiry-presenter';

export const SUPPLIER_OFFER_SUBMITTED = 'Product offer submitted successfully';
export const SUPPLIER_FILE_FIELD = 'attachments';

export function registerSupplierInquiryRoutes(router: Router, deps: AppDeps, publicPost: Middleware) {
  router.post(
    API_PATHS.supplier,
    publicPost,
    receiveFiles(deps, SUPPLIER_FILE_FIELD, UPLOAD_LIMITS.maxSupplierFiles),
    async (ctx) => {
      const input = parseInput(supplierOfferSchema, ctx.request.body);
      const files = await checkFiles(ctx.state.incomingFiles, SUPPLIER_FILE_FIELD);
      const row = await createSupplierInquiry(deps, input, files);
      await publishAfterCommit(deps, supplierInquiryEvent(row));
      ctx.status = 201;
      ctx.body = { message: SUPPLIER_OFFER_SUBMITTED, reference: row.id } satisfies SubmitResponse;
    },
  );
  registerAdminList(router, deps, supplierInquiryList);
}
