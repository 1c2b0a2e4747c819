import { ADMIN_LIST_LIMIT, type ListPage } from '@sourcing/shared';

/** Rows fetched per page as the user scrolls. */
export const PAGE_SIZE = ADMIN_LIST_LIMIT.default;

export interface ListState<R> {
  status: 'loading' | 'error' | 'ready';
  rows: R[];
  total: number;
  nextCursor: string | null;
  error: string | null;
  loadingMore: boolean;
  /** A worked list's records per status (its tabs). */
  statusCounts?: Record<string, number>;
  /** The shown records the signed-in admin has not opened. */
  unread: ReadonlySet<string>;
}

export const LOADING_LIST: ListState<never> = {
  status: 'loading',
  rows: [],
  total: 0,
  nextCursor: null,
  error: null,
  loadingMore: false,
  unread: new Set(),
};

/** A fresh first page (also after a live refresh, which re-reads as many rows as were loaded). */
export function firstPage<R>(page: ListPage<R>): ListState<R> {
  return {
    status: 'ready',
    rows: page.data,
    total: page.total,
    nextCursor: page.nextCursor,
    error: null,
    loadingMore: false,
    statusCounts: page.statusCounts,
    unread: new Set(page.unreadIds),
  };
}

/** The next page appended; a row already shown (it moved down as new ones arrived) is not repeated. */
export function appendPage<R extends { _id: string }>(state: ListState<R>, page: ListPage<R>): ListState<R> {
  const shown = new Set(state.rows.map((r) => r._id));
  return {
    ...state,
    rows: [...state.rows, ...page.data.filter((r) => !shown.has(r._id))],
    total: page.total,
    nextCursor: page.nextCursor,
    loadingMore: false,
    statusCounts: page.statusCounts,
    unread: new Set([...state.unread, ...(page.unreadIds ?? [])]),
  };
}

/** How many rows a live refresh re-reads so the user keeps every row they had scrolled to. */
export function refreshLimit(loadedRows: number): number {
  return Math.min(Math.max(loadedRows, PAGE_SIZE), ADMIN_LIST_LIMIT.max);
}
