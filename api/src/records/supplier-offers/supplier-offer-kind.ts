import { API_PATHS, SUPPLIER_OFFER } from '@sourcing/shared';
import type { RecordKind } from '../record-kind';

export const SUPPLIER_OFFER_SUBMITTED = 'Product offer submitted successfully';

/** Supplier product offers (docs/forms.md#supplier-product-offer), with up to ten files. */
export const SUPPLIER_OFFER_KIND: RecordKind<typeof SUPPLIER_OFFER> = {
  definition: SUPPLIER_OFFER,
  entity: 'SupplierInquiry',
  table: 'supplier_inquiries',
  submitPath: API_PATHS.supplier,
  submitted: SUPPLIER_OFFER_SUBMITTED,
};
