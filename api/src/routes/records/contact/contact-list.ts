import type { ContactMessageRecord } from '@sourcing/shared';
import { CONTACT_MESSAGE, type ContactMessageRow } from '../../../db/entities/contact-message';
import type { RecordListDefinition } from '../../../records/list/record-list';
import { presentContactMessage } from './contact-presenter';

export const contactList: RecordListDefinition<ContactMessageRow, ContactMessageRecord> = {
  name: 'contacts',
  entity: CONTACT_MESSAGE,
  searchColumns: ['name', 'email', 'message'],
  present: presentContactMessage,
  csvColumns: [
    { header: 'Name', cell: (r) => r.name },
    { header: 'Email', cell: (r) => r.email },
    { header: 'Message', cell: (r) => r.message },
    { header: 'Received At', cell: (r) => r.createdAt },
  ],
};
