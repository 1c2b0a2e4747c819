import type { RealtimeEvent } from '@sourcing/shared';
import { expect, vi } from 'vitest';
import type { TestServer } from './support';

/**
 * Records the realtime events a test server publishes. On PostgreSQL they come back through
 * LISTEN/NOTIFY after the response, so assertions first `settle()`: a marker event published
 * after the request has arrived, hence every event published before it too.
 */
export function recordEvents(server: Pick<TestServer, 'deps'>) {
  const events: RealtimeEvent[] = [];
  let markers = 0;
  server.deps.bus.subscribe((event) => {
    if (event.summary.id.startsWith(SETTLE_MARKER)) markers += 1;
    else events.push(event);
  });
  async function settle(): Promise<RealtimeEvent[]> {
    const target = markers + 1;
    await server.deps.bus.publish({
      event: 'contactUpdated',
      summary: { id: `${SETTLE_MARKER}${target}`, kind: 'contact', displayName: '', createdAt: new Date().toISOString() },
    });
    await vi.waitFor(() => expect(markers).toBeGreaterThanOrEqual(target), { timeout: 5000, interval: 5 });
    return events;
  }
  return {
    events,
    settle,
    /** Forgets what arrived so far, once everything published before this call has arrived. */
    async reset(): Promise<void> {
      await settle();
      events.length = 0;
    },
  };
}
const SETTLE_MARKER = 'settle-marker-';
