import type { RealtimeEvent, SubscriberRecord } from '@sourcing/shared';
import type { SubscriberRow } from '../../../db/entities/subscriber';

export function presentSubscriber(row: SubscriberRow): SubscriberRecord {
  return { _id: row.id, email: row.email, createdAt: row.createdAt.toISOString() };
}

export function subscriberEvent(row: SubscriberRow): RealtimeEvent {
  return {
    event: 'subscriberUpdated',
    summary: { id: row.id, kind: 'subscriber', displayName: row.email, createdAt: row.createdAt.toISOString() },
  };
}
