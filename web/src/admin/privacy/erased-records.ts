import type { QueryClient } from '@tanstack/react-query';
import type { AdminListName } from '@sourcing/shared';
import { isViewOfRecords, queryKeys } from '../queries/keys';

/**
 * After records were erased: what may show them (their lists, the dashboard, matches, a person's
 * look-up) re-reads, and their own views (detail, timeline, matches) are dropped, so nothing shows
 * the erased data again (docs/admin.md#erasure).
 */
export function forgetErased(client: QueryClient, erased: { list: AdminListName; ids: string[] }[]): void {
  for (const queryKey of [queryKeys.allStats, queryKeys.allMatches, queryKeys.allPeople, queryKeys.allOutbox]) {
    void client.invalidateQueries({ queryKey });
  }
  for (const { list, ids } of erased) {
    void client.invalidateQueries({ queryKey: queryKeys.list(list) });
    const gone = new Set(ids);
    client.removeQueries({ predicate: ({ queryKey }) => isViewOfRecords(queryKey, list, gone) });
  }
}
