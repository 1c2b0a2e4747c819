import type { ContactMessageRecord, RealtimeEvent } from '@sourcing/shared';
import type { ContactMessageRow } from '../../../db/entities/contact-message';

export function presentContactMessage(row: ContactMessageRow): ContactMessageRecord {
  return { _id: row.id, name: row.name, email: row.email, message: row.message, createdAt: row.createdAt.toISOString() };
}

export function contactMessageEvent(row: ContactMessageRow): RealtimeEvent {
  return {
    event: 'contactUpdated',
    summary: { id: row.id, kind: 'contact', displayName: row.name, detail: row.email, createdAt: row.createdAt.toISOString() },
  };
}
