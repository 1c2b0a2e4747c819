import type { QueryClient } from '@tanstack/react-query';
import { atom, type createStore } from 'jotai';
import {
  ADMIN_LISTS,
  AUTOMATIC_ASSIGNER,
  changeNotificationFor,
  followUpNotificationFor,
  FOLLOW_UP_REMINDER,
  notificationFor,
  responseNotificationFor,
  RESPONSE_TARGET_WATCH,
  unreadTotal,
  type AdminListName,
  type AdminPlatform,
  type ApiClient,
  type RealtimeChange,
  type RealtimeEvent,
  type RealtimeEventName,
  type UnreadCounts,
} from '@sourcing/shared';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';

type Store = ReturnType<typeof createStore>;

export const ADMIN_LIST_NAMES = Object.keys(ADMIN_LISTS) as AdminListName[];

const perList = <T>(value: T) => Object.fromEntries(ADMIN_LIST_NAMES.map((name) => [name, value])) as Record<AdminListName, T>;

/** The signed-in admin's unread records per list, as the server counts them (sidebar badges). */
export const unreadCountsAtom = atom<UnreadCounts>(perList(0));
/** True while the live connection is lost and being retried (nothing new appears by itself meanwhile). */
export const liveConnectionLostAtom = atom(false);

export function listOfEvent(event: RealtimeEventName): AdminListName {
  return ADMIN_LIST_NAMES.find((name) => ADMIN_LISTS[name].event === event)!;
}

/** Whether a change is the server's own at a time that came: the follow-up job's, or the response targets' watch's. */
const isTimed = (change: Pick<RealtimeChange, 'by'>) =>
  change.by.id === FOLLOW_UP_REMINDER.id || change.by.id === RESPONSE_TARGET_WATCH.id;

/**
 * Whether a change is toasted to the admin `me`: a colleague's change always, never their own; what
 * the automatic assignment does only to its assignee, and what the timed jobs do (a reminder, a
 * snooze ended, a response due soon or missed) only to the record's owner, or to everyone when it
 * has none (every new record or reminder would otherwise toast everyone).
 */
export function toastsFor(change: Pick<RealtimeChange, 'by' | 'ownerId'>, me: string | null): boolean {
  if (change.by.id === me) return false;
  if (change.by.id === AUTOMATIC_ASSIGNER.id) return change.ownerId === me;
  if (isTimed(change)) return change.ownerId === null || change.ownerId === me;
  return true;
}

/**
 * What a change's toast says: who did what ('ana@example.com moved Jane Doe to Quoted'); a mail that
 * came back and a reminder ('Follow up: Jane Doe — call about the LC') say it all themselves.
 */
const announcementOf = (change: Pick<RealtimeChange, 'by' | 'type' | 'text'>): string =>
  change.type === 'answer' || isTimed(change) ? change.text : `${change.by.name} ${change.text}`;

export interface LiveOptions {
  store: Store;
  /** The server-state cache whose queries events invalidate. */
  queryClient: QueryClient;
  api: () => Pick<ApiClient, 'unreadCounts' | 'markRead' | 'markAllRead'>;
  platform: Pick<AdminPlatform, 'notify' | 'setBadgeCount'>;
  /** The signed-in admin's id: their own changes are not announced back to them. */
  me?: () => string | null;
  /** Tells the admin what someone else did ('ana@example.com moved Jane Doe to Quoted'). */
  announce?: (text: string) => void;
}

/**
 * What realtime events do to the UI (docs/admin.md#live-updates): invalidate the cached queries
 * they make stale (what is on screen re-reads at once), refresh the unread counts, and ask the
 * platform to notify. The counts are the server's (docs/admin.md#read-state), so every browser and
 * the desktop app show the same.
 */
export function createLiveUpdates({ store, queryClient, api, platform, me, announce }: LiveOptions) {
  /** Answers of a count asked before a reset (sign-out) are dropped. */
  let generation = 0;
  let counting: Promise<void> | null = null;
  let countAgain = false;

  const setCounts = (counts: UnreadCounts) => {
    store.set(unreadCountsAtom, counts);
    platform.setBadgeCount(unreadTotal(counts));
  };

  /** One count at a time: events arriving meanwhile (a bulk change) ask for one more count after it. */
  function refreshCounts(): Promise<void> {
    if (counting) {
      countAgain = true;
      return counting;
    }
    const asked = generation;
    const run: Promise<void> = (async () => {
      do {
        countAgain = false;
        try {
          const counts = await api().unreadCounts();
          if (asked === generation) setCounts(counts);
        } catch {
          /* the badges keep their last counts; the next event or reconnect asks again */
        }
      } while (countAgain && asked === generation);
    })().finally(() => {
      if (counting === run) counting = null;
    });
    counting = run;
    return run;
  }

  const invalidateList = (name: AdminListName) => void queryClient.invalidateQueries({ queryKey: queryKeys.list(name) });

  return {
    handleEvent(event: RealtimeEvent): void {
      const name = listOfEvent(event.event);
      void refreshCounts(); // a new record, or one moved to or from Spam
      if (event.change) {
        // Staff worked a record: every view of it re-reads; the admin hears only what concerns them.
        void invalidateRecords(queryClient, name, [event.summary.id]);
        // A link changes the other record too.
        const { other } = event.change;
        if (other) void invalidateRecords(queryClient, listOfEvent(other.event), [other.id]);
        // A reply: the record's mails and the outbox show it.
        if (event.change.type === 'mail') void queryClient.invalidateQueries({ queryKey: queryKeys.allOutbox });
        // A mail came back (its record's conversation re-reads with its views): it may be an unmatched one a colleague attached.
        if (event.change.type === 'answer') void queryClient.invalidateQueries({ queryKey: queryKeys.unmatchedMails });
        const admin = me?.() ?? null;
        if (toastsFor(event.change, admin)) announce?.(announcementOf(event.change));
        const notification = admin
          ? (changeNotificationFor(event, admin) ??
            followUpNotificationFor(event, admin) ??
            responseNotificationFor(event, admin))
          : null;
        if (notification) platform.notify(notification);
        return;
      }
      // A new record: its list and the dashboard re-read.
      invalidateList(name);
      void queryClient.invalidateQueries({ queryKey: queryKeys.allStats });
      platform.notify(notificationFor(event));
    },

    /** After a reconnect: anything may have arrived or changed meanwhile, so everything re-reads. */
    handleReconnect(): void {
      void queryClient.invalidateQueries();
      void refreshCounts();
    },

    refreshCounts,

    /** The admin opened a record: it is read for them, on every device (its list re-reads its flags). */
    async markRead(name: AdminListName, id: string): Promise<void> {
      const asked = generation;
      const counts = await api().markRead(name, id);
      if (asked !== generation) return;
      setCounts(counts);
      invalidateList(name);
    },

    /** Every record of the list is read for the admin. */
    async markAllRead(name: AdminListName): Promise<void> {
      const asked = generation;
      const counts = await api().markAllRead(name);
      if (asked !== generation) return;
      setCounts(counts);
      invalidateList(name);
    },

    /** Signed out: no badges. */
    reset(): void {
      generation++;
      counting = null;
      countAgain = false;
      store.set(unreadCountsAtom, perList(0));
      platform.setBadgeCount(0);
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
