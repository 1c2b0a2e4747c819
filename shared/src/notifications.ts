/** Text of the notification an admin sees for a realtime event, used by browser and desktop alike. */
import type { AdminNotification } from './platform';
import type { RealtimeEvent, RecordKind } from './realtime';

export const ADMIN_ROUTE_OF: Record<RecordKind, string> = {
  inquiry: '/admin/inquiries',
  supplierInquiry: '/admin/supplier-inquiries',
  contact: '/admin/contact-queries',
  subscriber: '/admin/subscribers',
};

/** What a new record of each kind is called: one, several. */
export const TITLE_OF: Record<RecordKind, [one: string, many: string]> = {
  inquiry: ['New buyer inquiry', 'new buyer inquiries'],
  supplierInquiry: ['New supplier offer', 'new supplier offers'],
  contact: ['New contact message', 'new contact messages'],
  subscriber: ['New newsletter subscriber', 'new newsletter subscribers'],
};

/** 'New buyer inquiry — Jane Doe, Acme Metals' style notification for one event. */
export function notificationFor(event: RealtimeEvent): AdminNotification {
  const { kind, displayName, detail } = event.summary;
  return {
    title: `${TITLE_OF[kind][0]} — ${displayName}`,
    body: detail ? `${displayName}, ${detail}` : displayName,
    route: ADMIN_ROUTE_OF[kind],
    event,
  };
}

/** One notification for a burst of events ('3 new buyer inquiries', or a mixed count). */
export function notificationForBurst(events: RealtimeEvent[]): AdminNotification | null {
  if (events.length === 0) return null;
  if (events.length === 1) return notificationFor(events[0]);
  const kinds = [...new Set(events.map((e) => e.summary.kind))];
  const names = [...new Set(events.map((e) => e.summary.displayName))];
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
  if (kinds.length === 1) {
    return { title: `${events.length} ${TITLE_OF[kinds[0]][1]}`, body: shown, route: ADMIN_ROUTE_OF[kinds[0]] };
  }
  return { title: `${events.length} new submissions`, body: shown, route: '/admin' };
}
