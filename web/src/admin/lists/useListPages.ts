import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastOnce } from '../../common/toast-once';
import type { AdminListName, AdminListRecords, ListQuery } from '@sourcing/shared';
import { listVersionsAtom } from '../live/live';
import { useAdminServices } from '../services';
import { appendPage, firstPage, LOADING_LIST, PAGE_SIZE, refreshLimit, type ListState } from './list-pages';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a list is read with, besides its pages: the search, status and filters. */
export type ListRequest = Omit<ListQuery, 'limit' | 'cursor'>;

/**
 * One admin list, a page at a time with the API's cursor. Re-reads (silently, keeping what was
 * scrolled to) whenever a realtime event or a reconnect says the list changed.
 */
export function useListPages<N extends AdminListName>(name: N, request: ListRequest = {}) {
  type Row = AdminListRecords[N];
  const { api } = useAdminServices();
  const version = useAtomValue(listVersionsAtom)[name];
  const [state, setState] = useState<ListState<Row>>(LOADING_LIST);
  const latest = useRef(0);
  // The request by value: a new object with the same search and filters is the same list.
  const key = JSON.stringify(request);
  const query = useRef(request);
  query.current = request;
  // The request whose rows are on screen: their cursor pages on only with that same request.
  const shown = useRef<string | null>(null);
  const loaded = useRef(0);
  loaded.current = state.rows.length;
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const id = ++latest.current;
    shown.current = null;
    setState(LOADING_LIST);
    api.list(name, { ...query.current, limit: PAGE_SIZE }).then(
      (page) => {
        if (id !== latest.current) return;
        shown.current = key;
        setState(firstPage(page));
      },
      (error: unknown) => id === latest.current && setState({ ...LOADING_LIST, status: 'error', error: messageOf(error) }),
    );
  }, [api, name, key, attempt]);

  const lastVersion = useRef(version);
  useEffect(() => {
    if (version === lastVersion.current) return;
    lastVersion.current = version;
    const id = ++latest.current;
    api.list(name, { ...query.current, limit: refreshLimit(loaded.current) }).then(
      (page) => id === latest.current && setState(firstPage(page)),
      () => undefined /* the rows on screen stay; the next event or reconnect tries again */,
    );
  }, [api, name, key, version]);

  const loadMore = useCallback(() => {
    // Between a change of the search or filters and its first page, the old rows' cursor is not this list's.
    if (shown.current !== key || state.status !== 'ready' || !state.nextCursor || state.loadingMore) return;
    const id = ++latest.current;
    setState((s) => ({ ...s, loadingMore: true }));
    api.list(name, { ...query.current, limit: PAGE_SIZE, cursor: state.nextCursor }).then(
      (page) => id === latest.current && setState((s) => appendPage(s, page)),
      (error: unknown) => {
        if (id === latest.current) setState((s) => ({ ...s, loadingMore: false }));
        toastOnce.error(messageOf(error));
      },
    );
  }, [api, name, key, state.status, state.nextCursor, state.loadingMore]);

  return { state, loadMore, retry };
}
