import type { RealtimeEvent } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';

/**
 * Announces a committed record (unless the database already did, in the inserting transaction);
 * a failing bus is logged, never turned into a failed submission.
 */
export async function publishAfterCommit(deps: Pick<AppDeps, 'bus' | 'logger'>, event: RealtimeEvent): Promise<void> {
  if (deps.bus.recordsAnnounceThemselves) return;
  try {
    await deps.bus.publish(event);
  } catch (error) {
    deps.logger.error('realtime publish failed', {
      event: event.event,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
