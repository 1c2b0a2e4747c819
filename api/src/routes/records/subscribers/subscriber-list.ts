import type { SubscriberRecord } from '@sourcing/shared';
import { SUBSCRIBER, type SubscriberRow } from '../../../db/entities/subscriber';
import type { RecordListDefinition } from '../../../records/list/record-list';
import { presentSubscriber } from './subscriber-presenter';

export const subscriberList: RecordListDefinition<SubscriberRow, SubscriberRecord> = {
  name: 'subscribers',
  entity: SUBSCRIBER,
  searchColumns: ['email'],
  present: presentSubscriber,
  csvColumns: [
    { header: 'Email', cell: (r) => r.email },
    { header: 'Subscribed At', cell: (r) => r.createdAt },
  ],
};
