/**
 * Native notifications for what the admin UI announces. Notifications that arrive within a short
 * window are shown as one ('3 new buyer inquiries', '12 records assigned to you'); clicking one
 * shows its admin list or record.
 */
import { changeNotificationForBurst, notificationForBurst, type AdminNotification } from '@sourcing/shared';

/** The part of Electron's Notification the notifier uses. */
export interface NativeNotification {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}
export type NativeNotificationFactory = (options: { title: string; body: string }) => NativeNotification;

export const BURST_WINDOW_MS = 1000;
const DEFAULT_ROUTE = '/admin';

/**
 * What a batch of notifications becomes: the new records in one burst, the changes to the admin's
 * records in another, others one by one.
 */
export function coalesceNotifications(batch: AdminNotification[]): AdminNotification[] {
  const arrivals = batch.flatMap((n) => (n.event && !n.event.change ? [n.event] : []));
  const changes = batch.filter((n) => n.event?.change);
  return [
    ...batch.filter((n) => !n.event),
    ...[notificationForBurst(arrivals), changeNotificationForBurst(changes)].filter((n) => n !== null),
  ];
}

export interface NotifierOptions {
  createNotification: NativeNotificationFactory;
  /** Brings the window to the front on an admin route. */
  showRoute: (route: string) => void;
  burstWindowMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

export function createNotifier(options: NotifierOptions) {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const burstWindowMs = options.burstWindowMs ?? BURST_WINDOW_MS;
  let pending: AdminNotification[] = [];
  let timer: unknown = null;
  /** Electron drops click handlers of notifications that are garbage-collected: hold them until closed. */
  const onScreen = new Set<NativeNotification>();

  const show = (notification: AdminNotification) => {
    const native = options.createNotification({ title: notification.title, body: notification.body });
    onScreen.add(native);
    native.on('click', () => {
      onScreen.delete(native);
      options.showRoute(notification.route ?? DEFAULT_ROUTE);
    });
    native.on('close', () => onScreen.delete(native));
    native.show();
  };

  const flush = () => {
    timer = null;
    const batch = pending;
    pending = [];
    coalesceNotifications(batch).forEach(show);
  };

  return {
    notify(notification: AdminNotification): void {
      pending.push(notification);
      if (timer === null) timer = setTimer(flush, burstWindowMs);
    },
  };
}
