/** Text of the notification an admin sees for a realtime event, used by browser and desktop alike. */
import type { AdminNotification } from './platform';
import type { RealtimeEvent, RecordKind } from './realtime';

export const ADMIN_ROUTE_OF: Record<RecordKind, string> = {
  inquiry: '/admin/inquiries',
  supplierInquiry: '/admin/supplier-inquiries',
  contact: '/admin/contact-queries',
  subscriber: '/admin/subscribers',
};

/** What a record of each kind is called: one, several. */
export const RECORD_NOUN_OF: Record<RecordKind, { one: string; many: string }> = {
  inquiry: { one: 'buyer inquiry', many: 'buyer inquiries' },
  supplierInquiry: { one: 'supplier offer', many: 'supplier offers' },
  contact: { one: 'contact message', many: 'contact messages' },
  subscriber: { one: 'newsletter subscriber', many: 'newsletter subscribers' },
};

/** What a new record of each kind is called: one ('New buyer inquiry'), several ('new buyer inquiries'). */
export const TITLE_OF = Object.fromEntries(
  Object.entries(RECORD_NOUN_OF).map(([kind, noun]) => [kind, [`New ${noun.one}`, `new ${noun.many}`]]),
) as Record<RecordKind, [one: string, many: string]>;

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

/** A record's detail route, e.g. '/admin/inquiries/<id>'. */
const detailRoute = (event: RealtimeEvent) => `${ADMIN_ROUTE_OF[event.summary.kind]}/${event.summary.id}`;

/** Whether a change event gave the record a new owner (else it changed only its status, or added a note). */
const isAssignment = (event: RealtimeEvent) => event.change !== undefined && event.change.from.ownerId !== event.change.ownerId;

/** How the server's line for a customer's own answer starts (automatic replies and bounces start otherwise). */
const CUSTOMER_REPLY_LINE = 'Reply from ';

/** Whether a change is a customer's own answer by e-mail: 'Reply from Asha Rao — MSG-7K2M9Q'. */
const isCustomerReply = (event: RealtimeEvent) =>
  event.change?.type === 'answer' && event.change.text.startsWith(CUSTOMER_REPLY_LINE);

/**
 * What another admin's change means to the admin `me` (docs/admin.md#live-updates): a record
 * assigned to them ('Assigned to you — Jane Doe'), a new status of a record they own, or a
 * customer's answer by e-mail to a record they own (to everyone when it has no owner): its line
 * as the title, the record's name as the body. Null for anything else (their own changes, notes,
 * other people's records, automatic replies and bounces).
 */
export function changeNotificationFor(event: RealtimeEvent, me: string): AdminNotification | null {
  const change = event.change;
  if (change?.type === 'answer') {
    if (!isCustomerReply(event) || (change.ownerId !== null && change.ownerId !== me)) return null;
    return { title: change.text, body: event.summary.displayName, route: detailRoute(event), event };
  }
  if (!change || change.by.id === me || change.ownerId !== me) return null;
  if (!isAssignment(event) && change.from.status === change.status) return null;
  const { displayName } = event.summary;
  return {
    title: isAssignment(event) ? `Assigned to you — ${displayName}` : `${displayName} is now ${change.status}`,
    body: `${change.by.name} ${change.text}`,
    route: detailRoute(event),
    event,
  };
}

/** One notification for a burst of changes that concern the admin ('12 records assigned to you'). */
export function changeNotificationForBurst(notifications: AdminNotification[]): AdminNotification | null {
  if (notifications.length <= 1) return notifications[0] ?? null;
  const events = notifications.flatMap((n) => (n.event ? [n.event] : []));
  const kinds = [...new Set(events.map((e) => e.summary.kind))];
  const names = [...new Set(events.map((e) => e.summary.displayName))];
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
  const title = events.every(isAssignment)
    ? `${notifications.length} records assigned to you`
    : events.every(isCustomerReply)
      ? `${notifications.length} replies from customers`
      : `${notifications.length} changes to your records`;
  return {
    title,
    body: shown,
    route: kinds.length === 1 ? ADMIN_ROUTE_OF[kinds[0]] : '/admin',
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
