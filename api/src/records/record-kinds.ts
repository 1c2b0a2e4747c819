import type { AdminListName } from '@sourcing/shared';
import { BUYER_INQUIRY_KIND } from './buyer-inquiries/buyer-inquiry-kind';
import { CONTACT_MESSAGE_KIND } from './contact-messages/contact-message-kind';
import type { RecordKind } from './record-kind';
import { SUBSCRIBER_KIND } from './subscribers/subscriber-kind';
import { SUPPLIER_OFFER_KIND } from './supplier-offers/supplier-offer-kind';

/** Every record kind, by its admin list. */
export const RECORD_KINDS = {
  inquiries: BUYER_INQUIRY_KIND,
  supplierInquiries: SUPPLIER_OFFER_KIND,
  contacts: CONTACT_MESSAGE_KIND,
  subscribers: SUBSCRIBER_KIND,
} as const satisfies Record<AdminListName, RecordKind>;

export const ALL_RECORD_KINDS: RecordKind[] = Object.values(RECORD_KINDS);
