import type { InvalidateQueryFilters, Query, QueryClient } from '@tanstack/react-query';
import type { AdminListName } from '@sourcing/shared';
import { isViewOfRecords, queryKeys } from './keys';

/**
 * Invalidates what `filters` match, so that each re-reads after now. TanStack Query does not start
 * a new read for a query whose first load is still on its way: it keeps that load, which the server
 * may have answered before the change. Such loads are called off first (the query goes back to
 * having nothing), so the invalidation reads again.
 */
export async function invalidateAfresh(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const isFirstLoad = (query: Query) => query.state.data === undefined && query.state.fetchStatus === 'fetching';
  // Without such a load the queries are marked at once, in the caller's task.
  if (client.getQueryCache().findAll(filters).some(isFirstLoad)) {
    await client.cancelQueries({ ...filters, predicate: (query) => isFirstLoad(query) && (filters.predicate?.(query) ?? true) });
  }
  await client.invalidateQueries(filters);
}

/**
 * Records of a list changed (here or by another admin): the list, the dashboard and the records'
 * own views (detail, timeline, matches, conversation) re-read; those on screen at once, the others when shown.
 */
export async function invalidateRecords(client: QueryClient, list: AdminListName, ids: readonly string[]): Promise<void> {
  const changed = new Set(ids);
  await Promise.all([
    invalidateAfresh(client, { queryKey: queryKeys.list(list) }),
    invalidateAfresh(client, { queryKey: queryKeys.allStats }),
    invalidateAfresh(client, { predicate: ({ queryKey }) => isViewOfRecords(queryKey, list, changed) }),
  ]);
}
