/** A message sent from the Contact page (docs/site.md#contact). */
import type { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { requiredEmail, requiredText } from '../schemas/common';
import { referenceField } from './reference';
import { defineRecord, submissionSchema, type RecordOf } from './record-definition';

export const CONTACT_MESSAGE = defineRecord({
  kind: 'contact',
  list: 'contacts',
  event: 'contactUpdated',
  statuses: ['Open', 'Answered', 'Spam'],
  statusOnReply: { from: 'Open', to: 'Answered' },
  closedStatuses: ['Answered'],
  title: 'name',
  detail: 'email',
  fields: [
    {
      key: 'name',
      label: 'Name',
      kind: 'text',
      input: requiredText('Name is required'),
      sample: 'Ada Lovelace',
    },
    { key: 'email', label: 'Email', kind: 'text', input: requiredEmail(), sample: 'ada@example.com' },
    {
      key: 'message',
      label: 'Message',
      kind: 'longText',
      input: requiredText('Message is required', MAX_LENGTH.long),
      sample: 'Please call me',
    },
    { key: 'createdAt', label: 'Received At', kind: 'date' },
    referenceField('MSG'),
  ],
});

export type ContactMessageRecord = RecordOf<typeof CONTACT_MESSAGE>;
export const contactMessageSchema = submissionSchema(CONTACT_MESSAGE);
export type ContactMessageInput = z.output<typeof contactMessageSchema>;
