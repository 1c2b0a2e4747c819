import { BUYER_INQUIRY } from './buyer-inquiry';
import { CONTACT_MESSAGE } from './contact-message';
import { SUBSCRIBER } from './subscriber';
import { SUPPLIER_OFFER } from './supplier-offer';

export * from './record-definition';
export * from './reference';
export * from './record-filters';
export * from './list-columns';
export * from './buyer-inquiry';
export * from './supplier-offer';
export * from './contact-message';
export * from './subscriber';

/** Every record kind, by its admin list. */
export const RECORD_DEFINITIONS = {
  inquiries: BUYER_INQUIRY,
  supplierInquiries: SUPPLIER_OFFER,
  contacts: CONTACT_MESSAGE,
  subscribers: SUBSCRIBER,
} as const;
