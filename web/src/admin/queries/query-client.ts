import { QueryClient } from '@tanstack/react-query';

/**
 * The server-state cache of one mounted admin UI. What is shown stays fresh through the realtime
 * socket (docs/admin.md#live-updates): events and reconnects invalidate what changed, so a window
 * regaining focus does not re-read. A failed read or change shows its error at once (no automatic
 * retries; Retry asks again), and requests go out whatever the browser thinks of the network: the
 * API client reports a failure as `Network Error`.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
