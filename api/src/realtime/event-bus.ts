import type { RealtimeEvent } from '@sourcing/shared';

/**
 * Where stored records announce themselves. The local bus serves one process; the PostgreSQL
 * bus (postgres-event-bus.ts) carries events between replicas through LISTEN/NOTIFY.
 */
export interface EventBus {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
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
    publish(event) {
      listeners.emit(event);
      return Promise.resolve();
    },
    subscribe: listeners.add,
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
