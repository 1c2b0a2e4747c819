import type { RealtimeEvent } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import type { Transaction } from '../db/database';

type PublishDeps = Pick<AppDeps, 'bus' | 'logger'>;

/** Announces a change's realtime event from inside its transaction (see changeWithEvents). */
export type Announce = (event: RealtimeEvent) => Promise<void>;

/** Publishes what has committed on the in-process bus; a failing bus is logged, never turned into a failed request. */
export async function announceCommitted(deps: PublishDeps, event: RealtimeEvent): Promise<void> {
  try {
    await deps.bus.publish(event);
  } catch (error) {
    deps.logger.error('realtime publish failed', {
      event: event.event,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Runs a staff change to records in one transaction, with the realtime events it announces
 * (docs/operations.md#realtime-across-replicas). On PostgreSQL each `announce` NOTIFYs on the
 * transaction's own connection, so the event goes out exactly when the change commits and never
 * when it rolls back: no crash between the commit and a publish can lose it for other replicas.
 * On the in-process bus (SQLite: one process) the events are held and published once the
 * transaction has committed.
 */
export async function changeWithEvents<T>(
  deps: Pick<AppDeps, 'db'> & PublishDeps,
  work: (tx: Transaction, announce: Announce) => Promise<T>,
): Promise<T> {
  const { publishWithin } = deps.bus;
  const held: RealtimeEvent[] = [];
  const result = await deps.db.transaction((tx) =>
    work(
      tx,
      publishWithin
        ? (event) => publishWithin(tx, event)
        : (event) => {
            held.push(event);
            return Promise.resolve();
          },
    ),
  );
  for (const event of held) await announceCommitted(deps, event);
  return result;
}

/**
 * Announces a new record, unless the database already did in the inserting transaction
 * (PostgreSQL's trigger, docs/operations.md#realtime-across-replicas).
 */
export async function announceNewRecord(deps: PublishDeps, event: RealtimeEvent): Promise<void> {
  if (deps.bus.recordsAnnounceThemselves) return;
  await announceCommitted(deps, event);
}
