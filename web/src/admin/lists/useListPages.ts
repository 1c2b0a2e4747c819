import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AdminListName } from '@sourcing/shared';
import { cursorPaging, loadNextPage } from '../queries/cursor-pages';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf } from '../ui/LoadError';
import { joinPages, PAGE_SIZE, type ListRequest } from './list-pages';

/**
 * One search of an admin list, a page at a time with the API's cursor. Realtime events invalidate
 * it (docs/admin.md#live-updates): it then re-reads every page loaded, so what was scrolled to stays.
 */
export function useListPages<N extends AdminListName>(name: N, request: ListRequest) {
  const { api } = useAdminServices();
  const query = useInfiniteQuery({
    queryKey: queryKeys.listPages(name, request),
    queryFn: ({ pageParam }) => api.list(name, { ...request, limit: PAGE_SIZE, cursor: pageParam ?? undefined }),
    ...cursorPaging,
  });
  const { data, hasNextPage, fetchNextPage, refetch } = query;
  const list = useMemo(() => data && joinPages(data.pages), [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage) void loadNextPage(fetchNextPage);
  }, [hasNextPage, fetchNextPage]);
  return {
    /** The rows loaded so far; undefined until the first page arrives. */
    list,
    /** Why the first page could not be read (a later re-read's failure leaves the rows shown as they are). */
    failure: list ? null : failureOf(query),
    retry: () => void refetch(),
    hasMore: hasNextPage,
    loadMore,
    loadingMore: query.isFetchingNextPage,
    /** A page or a re-read is on its way: the next page waits for it. */
    fetching: query.isFetching,
  };
}
