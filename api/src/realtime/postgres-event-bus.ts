import { parseRealtimeEvent, RESYNC_MESSAGE, type RealtimeEvent } from '@sourcing/shared';
import pg from 'pg';
import type { Logger } from '../http/logger';
import { createListenerSet, type EventBus } from './event-bus';
import { notifyPayload } from './notify-payload';

export const NOTIFY_CHANNEL = 'sourcing_events';

/** One channel per schema, so deployments (or test runs) sharing a database do not hear each other. */
export function channelFor(schema: string): string {
  return schema === 'public' ? NOTIFY_CHANNEL : `${NOTIFY_CHANNEL}_${schema.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
}

/** Wait before reconnect attempt `attempt` (0-based): 250 ms doubling to 30 s, then every 30 s for as long as it takes. */
export function listenRetryDelay(attempt: number): number {
  return Math.min(250 * 2 ** Math.min(attempt, 10), 30_000);
}

export interface PostgresEventBusOptions {
  logger?: Pick<Logger, 'info' | 'warn'>;
  retryDelay?: (attempt: number) => number;
}

/**
 * Events across API replicas over PostgreSQL LISTEN/NOTIFY. New records announce themselves:
 * a trigger NOTIFYs in the inserting transaction (migration 1795000000600); staff changes NOTIFY
 * from their own transaction (publishWithin). Either way an event goes out exactly when its change
 * commits. Every replica (this one included) LISTENs and hands what arrives to its own subscribers,
 * once each: the sender does not also hand its events over directly. When the listening connection drops it is re-opened with backoff for as
 * long as it takes; once back, resync listeners hear that events may have been missed meanwhile.
 */
export async function createPostgresEventBus(connectionString: string, options: PostgresEventBusOptions = {}): Promise<EventBus> {
  const { logger, retryDelay = listenRetryDelay } = options;
  const listeners = createListenerSet();
  const resyncListeners = new Set<() => void>();
  const resync = () => {
    for (const listener of resyncListeners) listener();
  };
  const publisher = new pg.Pool({ connectionString, max: 2 });
  // An idle pooled connection that dies (a database restart) must not take the process with it.
  publisher.on('error', (error) => logger?.warn('realtime publisher connection lost', { error: error.message }));
  const { rows } = await publisher.query<{ schema: string }>('SELECT current_schema() AS schema');
  const channel = channelFor(rows[0].schema);
  let listener: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = retryDelay(attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void reconnect();
    }, delay);
  };

  /** Opens a LISTEN connection; rejects when that fails (the caller decides whether to retry). */
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    let gone = false;
    const lost = (error?: Error) => {
      if (gone) return;
      gone = true;
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (closed) return;
      logger?.warn('realtime bus lost its LISTEN connection; reconnecting', { error: error?.message ?? 'connection ended' });
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      if (message.payload === RESYNC_MESSAGE) return resync();
      const event = parseRealtimeEvent(message.payload);
      if (event) listeners.emit(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      gone = true;
      client.end().catch(() => undefined);
      throw error;
    }
    client.on('end', () => lost());
    if (closed) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
  };

  const reconnect = async () => {
    try {
      await listen();
    } catch (error) {
      logger?.warn('realtime bus could not reconnect; retrying', {
        attempt,
        error: error instanceof Error ? error.message : String(error),
      });
      scheduleReconnect();
      return;
    }
    if (closed) return;
    logger?.info('realtime bus reconnected; admins re-sync', { attempts: attempt });
    attempt = 0;
    resync();
  };

  await listen();

  return {
    recordsAnnounceThemselves: true,
    async publish(event: RealtimeEvent) {
      await publisher.query('SELECT pg_notify($1, $2)', [channel, notifyPayload(event)]);
    },
    async publishWithin(tx, event) {
      await tx.all('SELECT pg_notify(?, ?)', [channel, notifyPayload(event)]);
    },
    subscribe: listeners.add,
    onResync(listener) {
      resyncListeners.add(listener);
      return () => void resyncListeners.delete(listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      resyncListeners.clear();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
