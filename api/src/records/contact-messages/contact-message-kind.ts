import { API_PATHS, CONTACT_MESSAGE } from '@sourcing/shared';
import type { RecordKind } from '../record-kind';

export const CONTACT_SENT = 'Message sent successfully';

/** Messages of the Contact page's dialog (docs/site.md#contact), sent as JSON. */
export const CONTACT_MESSAGE_KIND: RecordKind<typeof CONTACT_MESSAGE> = {
  definition: CONTACT_MESSAGE,
  entity: 'ContactMessage',
  table: 'contact_messages',
  submitPath: API_PATHS.contact,
  submitted: CONTACT_SENT,
};
