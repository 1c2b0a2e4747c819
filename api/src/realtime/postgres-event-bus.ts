import { parseRealtimeEvent, type RealtimeEvent } from '@sourcing/shared';
import pg from 'pg';
import { createListenerSet, type EventBus } from './event-bus';

export const NOTIFY_CHANNEL = 'sourcing_events';

/**
 * Events across API replicas: publish is a NOTIFY on the shared PostgreSQL, and every replica
 * (this one included) LISTENs and hands what arrives to its own subscribers. The listening
 * connection is re-opened with a short backoff if it drops.
 */
export async function createPostgresEventBus(connectionString: string): Promise<EventBus> {
  const listeners = createListenerSet();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL) return;
      const event = parseRealtimeEvent(message.payload);
      if (event) listeners.emit(event);
    });
    client.on('error', () => {
      if (closed) return;
      client.end().catch(() => undefined);
      if (listener === client) listener = null;
      retryTimer = setTimeout(() => void listen().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    listener = client;
  };
  await listen();

  return {
    async publish(event: RealtimeEvent) {
      await publisher.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify(event)]);
    },
    subscribe: listeners.add,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
