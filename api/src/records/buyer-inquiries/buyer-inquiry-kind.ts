import { API_PATHS, BUYER_INQUIRY, fromCommodityInquiryFields } from '@sourcing/shared';
import type { RecordKind } from '../record-kind';

export const INQUIRY_SUBMITTED = 'Inquiry submitted successfully';

/** Buyer inquiries (docs/forms.md#commodity-inquiry): a dispatch mode typed for Others arrives in dispatchMode. */
export const BUYER_INQUIRY_KIND: RecordKind<typeof BUYER_INQUIRY> = {
  definition: BUYER_INQUIRY,
  entity: 'Inquiry',
  table: 'inquiries',
  submitPath: API_PATHS.inquiry,
  submitted: INQUIRY_SUBMITTED,
  readSubmission: fromCommodityInquiryFields,
};
