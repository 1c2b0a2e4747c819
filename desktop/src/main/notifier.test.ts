import { changeNotificationFor, notificationFor, type AdminNotification, type RealtimeEvent } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { recordingNotifications } from '../test/fake-notifications';
import { coalesceNotifications, createNotifier } from './notifier';

const inquiry = (name: string, company: string): RealtimeEvent => ({
  event: 'inquiryUpdated',
  summary: { id: name, kind: 'inquiry', displayName: name, detail: company, createdAt: '2026-01-01T00:00:00Z' },
});

/** Another admin's change of a record now owned by 'me' (from `from` before it). */
const changed = (name: string, status: string, from: { status: string; ownerId: string | null }): RealtimeEvent => ({
  ...inquiry(name, 'Co'),
  change: {
    by: { id: 'ana', email: 'ana@example.com', name: 'ana@example.com' },
    type: 'status',
    text: `changed ${name}`,
    status,
    ownerId: 'me',
    version: 2,
    from,
  },
});

/** A timer the test fires by hand. */
function manualTimer() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (fn: () => void, ms: number) => pending.push({ fn, ms }),
    fire: () => pending.splice(0).forEach((t) => t.fn()),
  };
}

describe('coalesceNotifications', () => {
  it('turns realtime events into one burst notification and keeps other notifications', () => {
    const plain: AdminNotification = { title: 'Export ready', body: 'inquiries.csv' };
    const result = coalesceNotifications([
      notificationFor(inquiry('Jane Doe', 'Acme Metals')),
      plain,
      notificationFor(inquiry('Raj Patel', 'Patel Agro')),
    ]);
    expect(result).toEqual([plain, { title: '2 new buyer inquiries', body: 'Jane Doe, Raj Patel', route: '/admin/inquiries' }]);
  });

  it('keeps changes to the admin’s records apart from new records, one burst each', () => {
    const assigned = (name: string) => changeNotificationFor(changed(name, 'New', { status: 'New', ownerId: null }), 'me')!;
    const moved = changeNotificationFor(changed('Li Wei', 'Quoted', { status: 'New', ownerId: 'me' }), 'me')!;
    expect(coalesceNotifications([assigned('Jane Doe')])).toEqual([assigned('Jane Doe')]);
    expect(coalesceNotifications([assigned('Jane Doe'), notificationFor(inquiry('Raj Patel', 'Co')), assigned('Ama')])).toEqual([
      expect.objectContaining({ title: 'New buyer inquiry — Raj Patel' }),
      { title: '2 records assigned to you', body: 'Jane Doe, Ama', route: '/admin/inquiries' },
    ]);
    expect(coalesceNotifications([assigned('Jane Doe'), moved])).toEqual([
      { title: '2 changes to your records', body: 'Jane Doe, Li Wei', route: '/admin/inquiries' },
    ]);
  });
});

describe('createNotifier', () => {
  it('shows one notification with the event’s own text when it arrives alone', () => {
    const natives = recordingNotifications();
    const timer = manualTimer();
    const notifier = createNotifier({ createNotification: natives.create, showRoute: () => {}, setTimer: timer.setTimer });
    notifier.notify(notificationFor(inquiry('Jane Doe', 'Acme Metals')));
    expect(natives.shown).toEqual([]);
    expect(timer.pending.map((t) => t.ms)).toEqual([1000]);
    timer.fire();
    expect(natives.shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'New buyer inquiry — Jane Doe', body: 'Jane Doe, Acme Metals' },
    ]);
  });

  it('coalesces a burst into one notification, and starts a new window after it', () => {
    const natives = recordingNotifications();
    const timer = manualTimer();
    const notifier = createNotifier({ createNotification: natives.create, showRoute: () => {}, setTimer: timer.setTimer });
    for (const name of ['A', 'B', 'C', 'D', 'E']) notifier.notify(notificationFor(inquiry(name, 'Co')));
    expect(timer.pending).toHaveLength(1);
    timer.fire();
    expect(natives.shown.map((n) => [n.title, n.body])).toEqual([['5 new buyer inquiries', 'A, B, C and 2 more']]);
    notifier.notify(notificationFor(inquiry('F', 'Co')));
    expect(timer.pending).toHaveLength(1);
  });

  it('brings the window to the list of the notification when clicked', () => {
    const natives = recordingNotifications();
    const timer = manualTimer();
    const routes: string[] = [];
    const notifier = createNotifier({
      createNotification: natives.create,
      showRoute: (route) => routes.push(route),
      setTimer: timer.setTimer,
    });
    notifier.notify(notificationFor(inquiry('Jane Doe', 'Acme Metals')));
    timer.fire();
    notifier.notify({ title: 'Mixed', body: 'no route' });
    timer.fire();
    natives.shown.forEach((n) => n.click());
    expect(routes).toEqual(['/admin/inquiries', '/admin']);
  });
});
