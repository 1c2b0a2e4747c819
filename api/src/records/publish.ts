import type { RealtimeEvent } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';

type PublishDeps = Pick<AppDeps, 'bus' | 'logger'>;

/** Publishes a committed change; a failing bus is logged, never turned into a failed request. */
export async function publishAfterCommit(deps: PublishDeps, event: RealtimeEvent): Promise<void> {
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
 * Announces a new record, unless the database already did in the inserting transaction
 * (PostgreSQL's trigger, docs/operations.md#realtime-across-replicas). Changes to existing records (the sales
 * desk) are always published with publishAfterCommit.
 */
export async function announceNewRecord(deps: PublishDeps, event: RealtimeEvent): Promise<void> {
  if (deps.bus.recordsAnnounceThemselves) return;
  await publishAfterCommit(deps, event);
}
