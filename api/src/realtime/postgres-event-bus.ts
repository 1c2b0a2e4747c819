import { parseRealtimeEvent, type RealtimeEvent } from '@sourcing/shared';
import pg from 'pg';
import { createListenerSet, type EventBus } from './event-bus';

export const NOTIFY_CHANNEL = 'sourcing_events';

/** One channel per schema, so deployments (or test runs) sharing a database do not hear each other. */
export function channelFor(schema: string): string {
  return schema === 'public' ? NOTIFY_CHANNEL : `${NOTIFY_CHANNEL}_${schema.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
}

/**
 * Events across API replicas: publish is a NOTIFY on the shared PostgreSQL, and every replica
 * (this one included) LISTENs and hands what arrives to its own subscribers. The listening
 * connection is re-opened with a short backoff if it drops.
 */
export async function createPostgresEventBus(connectionString: string): Promise<EventBus> {
  const listeners = createListenerSet();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  const { rows } = await publisher.query<{ schema: string }>('SELECT current_schema() AS schema');
  const channel = channelFor(rows[0].schema);
  let listener: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
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
    await client.query(`LISTEN ${channel}`);
    listener = client;
  };
  await listen();

  return {
    async publish(event: RealtimeEvent) {
      await publisher.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(event)]);
    },
    subscribe: listeners.add,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
