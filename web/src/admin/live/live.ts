import { atom, type createStore } from 'jotai';
import {
  ADMIN_LISTS,
  notificationFor,
  type AdminListName,
  type AdminPlatform,
  type ApiClient,
  type RealtimeEvent,
  type RealtimeEventName,
} from '@sourcing/shared';

type Store = ReturnType<typeof createStore>;

export const ADMIN_LIST_NAMES = Object.keys(ADMIN_LISTS) as AdminListName[];

const perList = <T>(value: T) => Object.fromEntries(ADMIN_LIST_NAMES.map((name) => [name, value])) as Record<AdminListName, T>;

/** Bumped whenever a list's data may have changed (a realtime event or a reconnect): views re-fetch. */
export const listVersionsAtom = atom(perList(0));
/** Bumped per record when staff change it (status, owner, note): its open detail and timeline re-fetch. */
export const recordVersionsAtom = atom<Record<string, number>>({});
/** Bumped on every reconnect: an open detail re-reads what it may have missed. */
export const reconnectsAtom = atom(0);
/** Bumped when any record arrives: the dashboard re-fetches its figures. */
export const statsVersionAtom = atom(0);
/** Records that arrived since each list was last viewed (sidebar badges). */
export const unseenCountsAtom = atom(perList(0));
/** True while the live connection is lost and being retried (nothing new appears by itself meanwhile). */
export const liveConnectionLostAtom = atom(false);

export function listOfEvent(event: RealtimeEventName): AdminListName {
  return ADMIN_LIST_NAMES.find((name) => ADMIN_LISTS[name].event === event)!;
}

export const totalUnseen = (counts: Record<AdminListName, number>) =>
  ADMIN_LIST_NAMES.reduce((sum, name) => sum + counts[name], 0);

const LAST_VIEWED_KEY = 'sourcing.admin.lastViewed.';

/** When each list was last viewed, kept in localStorage so badges survive a reload. */
export function createLastViewedStore(storage: Pick<Storage, 'getItem' | 'setItem'>) {
  return {
    get(name: AdminListName): string | undefined {
      const value = storage.getItem(LAST_VIEWED_KEY + name);
      return value && !Number.isNaN(Date.parse(value)) ? value : undefined;
    },
    set(name: AdminListName, time: Date): void {
      storage.setItem(LAST_VIEWED_KEY + name, time.toISOString());
    },
  };
}

export interface LiveOptions {
  store: Store;
  api: () => Pick<ApiClient, 'list'>;
  platform: Pick<AdminPlatform, 'notify' | 'setBadgeCount'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => Date;
  /** The signed-in admin's id: their own changes are not announced back to them. */
  me?: () => string | null;
  /** Tells the admin what someone else did ('ana@example.com moved Jane Doe to Quoted'). */
  announce?: (text: string) => void;
}

/**
 * What realtime events do to the UI: refresh the open list, the dashboard and the badges, and
 * ask the platform to notify. Unseen counts come from the list endpoint's `since` → `total`.
 */
export function createLiveUpdates({ store, api, platform, storage, now = () => new Date(), me, announce }: LiveOptions) {
  const lastViewed = createLastViewedStore(storage);
  /** Lists on screen right now: what arrives there is seen at once. */
  const onScreen = new Map<AdminListName, number>();
  const countRequests = perList(0);

  const setCount = (name: AdminListName, count: number) => {
    const counts = store.get(unseenCountsAtom);
    if (counts[name] === count) return;
    const next = { ...counts, [name]: count };
    store.set(unseenCountsAtom, next);
    platform.setBadgeCount(totalUnseen(next));
  };

  const markViewed = (name: AdminListName) => {
    lastViewed.set(name, now());
    setCount(name, 0);
  };

  async function refreshCount(name: AdminListName): Promise<void> {
    if (onScreen.get(name)) return markViewed(name);
    const request = ++countRequests[name];
    try {
      const page = await api().list(name, { since: lastViewed.get(name), limit: 1 });
      if (request === countRequests[name] && !onScreen.get(name)) setCount(name, page.total);
    } catch {
      /* the badge keeps its last count; the list screen shows the error */
    }
  }

  const bumpList = (name: AdminListName) =>
    store.set(listVersionsAtom, { ...store.get(listVersionsAtom), [name]: store.get(listVersionsAtom)[name] + 1 });
  const bumpStats = () => store.set(statsVersionAtom, store.get(statsVersionAtom) + 1);
  const bumpRecord = (id: string) => {
    const versions = store.get(recordVersionsAtom);
    store.set(recordVersionsAtom, { ...versions, [id]: (versions[id] ?? 0) + 1 });
  };

  return {
    handleEvent(event: RealtimeEvent): void {
      const name = listOfEvent(event.event);
      if (event.change) {
        // Staff worked a record: every view of it re-reads; nothing new arrived, so no notification.
        this.recordChanged(name, event.summary.id);
        // A link changes the other record too.
        if (event.change.other) this.recordChanged(listOfEvent(event.change.other.event), event.change.other.id);
        if (event.change.by.id !== me?.()) announce?.(`${event.change.by.email} ${event.change.text}`);
        return;
      }
      bumpList(name);
      bumpStats();
      platform.notify(notificationFor(event));
      void refreshCount(name);
    },

    /** A record changed (here or by someone else): its list, the dashboard and its detail re-read. */
    recordChanged(name: AdminListName, id: string): void {
      bumpList(name);
      bumpStats();
      bumpRecord(id);
    },

    /** After a reconnect: anything may have arrived meanwhile. */
    handleReconnect(): void {
      for (const name of ADMIN_LIST_NAMES) bumpList(name);
      bumpStats();
      store.set(reconnectsAtom, store.get(reconnectsAtom) + 1);
      void this.refreshAllCounts();
    },

    async refreshAllCounts(): Promise<void> {
      await Promise.all(ADMIN_LIST_NAMES.map(refreshCount));
    },

    /** A list screen opened; returns the function to call when it closes. */
    viewList(name: AdminListName): () => void {
      onScreen.set(name, (onScreen.get(name) ?? 0) + 1);
      countRequests[name]++;
      markViewed(name);
      return () => {
        onScreen.set(name, (onScreen.get(name) ?? 1) - 1);
        if (!onScreen.get(name)) markViewed(name);
      };
    },

    /** Signed out: no badges. */
    reset(): void {
      for (const name of ADMIN_LIST_NAMES) countRequests[name]++;
      store.set(unseenCountsAtom, perList(0));
      platform.setBadgeCount(0);
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
