/** A newsletter subscriber (docs/site.md#footer). */
import type { z } from 'zod';
import { requiredEmail } from '../schemas/common';
import { defineRecord, submissionSchema, type RecordOf } from './record-definition';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

const SUBSCRIBER_STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export const SUBSCRIBER = defineRecord({
  kind: 'subscriber',
  list: 'subscribers',
  event: 'subscriberUpdated',
  title: 'email',
  fields: [
    { key: 'email', label: 'Email', kind: 'text', input: requiredEmail(), sample: 'reader@example.com' },
    { key: 'createdAt', label: 'Subscribed At', kind: 'date' },
    // Set by the server: pending until the confirmation link is opened (docs/mail.md#newsletter).
    {
      key: 'status',
      label: 'Status',
      kind: 'text',
      searched: false,
      display: (status: string) => SUBSCRIBER_STATUS_LABEL[status] ?? status,
    },
  ],
});

export type SubscriberRecord = RecordOf<typeof SUBSCRIBER>;
export const subscribeSchema = submissionSchema(SUBSCRIBER);
export type SubscribeInput = z.output<typeof subscribeSchema>;
