import type { RealtimeEvent } from '@sourcing/shared';
import type { Transaction } from '../db/database';

/**
 * Where stored records announce themselves. The local bus serves one process; the PostgreSQL
 * bus (postgres-event-bus.ts) carries events between replicas through LISTEN/NOTIFY.
 */
export interface EventBus {
  /** True when the database itself announces each new record as its row commits (so the app must not publish it again). */
  readonly recordsAnnounceThemselves: boolean;
  /** Sends an event now, on its own (outside any transaction of the caller). */
  publish(event: RealtimeEvent): Promise<void>;
  /**
   * Sends an event from inside the caller's transaction (`tx`): it goes
   * out exactly when that transaction commits, and never if it rolls back. Only a bus that travels
   * through the database has it (PostgreSQL's NOTIFY); without it the caller publishes once its
   * transaction has committed (records/publish.ts).
   */
  readonly publishWithin?: (tx: Transaction, event: RealtimeEvent) => Promise<void>;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  /** Called when events may have been missed (the bus was cut off, or a bulk load arrived): admins should re-fetch. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export function createListenerSet() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  return {
    add: (listener: (event: RealtimeEvent) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: RealtimeEvent) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          /* one bad listener must not stop the others */
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

export function createLocalEventBus(): EventBus {
  const listeners = createListenerSet();
  return {
    recordsAnnounceThemselves: false,
    publish(event) {
      listeners.emit(event);
      return Promise.resolve();
    },
    subscribe: listeners.add,
    // One process: nothing stands between a record and its event, so nothing is ever missed.
    onResync: () => () => undefined,
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
