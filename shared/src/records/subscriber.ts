/** A newsletter subscriber (docs/site.md#footer). */
import type { z } from 'zod';
import { requiredEmail } from '../schemas/common';
import { defineRecord, submissionSchema, type RecordOf } from './record-definition';

export const SUBSCRIBER = defineRecord({
  kind: 'subscriber',
  list: 'subscribers',
  event: 'subscriberUpdated',
  title: 'email',
  fields: [
    { key: 'email', label: 'Email', kind: 'text', input: requiredEmail(), sample: 'reader@example.com' },
    { key: 'createdAt', label: 'Subscribed At', kind: 'date' },
  ],
});

export type SubscriberRecord = RecordOf<typeof SUBSCRIBER>;
export const subscribeSchema = submissionSchema(SUBSCRIBER);
export type SubscribeInput = z.output<typeof subscribeSchema>;
