import { ADMIN_LIST_LIMIT, type ListPage, type ListQuery } from '@sourcing/shared';

/** Rows fetched per page as the user scrolls. */
export const PAGE_SIZE = ADMIN_LIST_LIMIT.default;

/** What a list is read with, besides its pages: the search, status and filters. */
export type ListRequest = Omit<ListQuery, 'limit' | 'cursor'>;

/** The pages of a list loaded so far, as the one list on screen. */
export interface LoadedList<R> {
  rows: R[];
  total: number;
  /** A worked list's records per status (its tabs). */
  statusCounts?: Record<string, number>;
  /** The shown records the signed-in admin has not opened. */
  unread: ReadonlySet<string>;
  /** The shown records whose customer replied by e-mail and nobody has read it yet ("Customer replied"). */
  replied: ReadonlySet<string>;
}

/**
 * The pages as one list: a row already shown (it moved down a page as new ones arrived) is not
 * repeated, and the total and tab counts are those of the latest page read.
 */
export function joinPages<R extends { _id: string }>(pages: readonly ListPage<R>[]): LoadedList<R> {
  const rows: R[] = [];
  const shown = new Set<string>();
  for (const row of pages.flatMap((page) => page.data)) {
    if (shown.has(row._id)) continue;
    shown.add(row._id);
    rows.push(row);
  }
  const last = pages.at(-1);
  return {
    rows,
    total: last?.total ?? 0,
    statusCounts: last?.statusCounts,
    unread: new Set(pages.flatMap((page) => page.unreadIds ?? [])),
    replied: new Set(pages.flatMap((page) => page.repliedIds ?? [])),
  };
}
