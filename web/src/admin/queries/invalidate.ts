import type { QueryClient } from '@tanstack/react-query';
import type { AdminListName } from '@sourcing/shared';
import { isViewOfRecords, queryKeys } from './keys';

/**
 * Records of a list changed (here or by another admin): the list, the dashboard and the records'
 * own views (detail, timeline, matches) re-read; those on screen at once, the others when shown.
 */
export async function invalidateRecords(client: QueryClient, list: AdminListName, ids: readonly string[]): Promise<void> {
  const changed = new Set(ids);
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.list(list) }),
    client.invalidateQueries({ queryKey: queryKeys.allStats }),
    client.invalidateQueries({ predicate: ({ queryKey }) => isViewOfRecords(queryKey, list, changed) }),
  ]);
}
