import type { InfiniteQueryObserverResult } from '@tanstack/react-query';
import { toastOnce } from '../../common/toast-once';

/** How a cursor-paged read (an admin list, the audit trail) pages: from no cursor on, each page naming the next. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor,
};

/**
 * Reads the next page. A re-read on its way (a live refresh) is never cancelled for it, or its
 * fresh rows would be lost: the call then does nothing, and the caller asks again once it is done.
 * A failed page says why and keeps the rows shown.
 */
export async function loadNextPage(fetchNextPage: InfiniteQueryObserverResult['fetchNextPage']): Promise<void> {
  const result = await fetchNextPage({ cancelRefetch: false });
  if (result.isFetchNextPageError) toastOnce.error(result.error.message);
}
