import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastOnce } from '../../common/toast-once';
import type { AdminListName, AdminListRecords } from '@sourcing/shared';
import { listVersionsAtom } from '../live/live';
import { useAdminServices } from '../services';
import { appendPage, firstPage, LOADING_LIST, PAGE_SIZE, refreshLimit, type ListState } from './list-pages';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One admin list, a page at a time with the API's cursor. Re-reads (silently, keeping what was
 * scrolled to) whenever a realtime event or a reconnect says the list changed.
 */
export function useListPages<N extends AdminListName>(name: N, q: string, status: string | null = null) {
  type Row = AdminListRecords[N];
  const { api } = useAdminServices();
  const version = useAtomValue(listVersionsAtom)[name];
  const [state, setState] = useState<ListState<Row>>(LOADING_LIST);
  const request = useRef(0);
  const loaded = useRef(0);
  loaded.current = state.rows.length;
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const id = ++request.current;
    setState(LOADING_LIST);
    api.list(name, { q, status: status ?? undefined, limit: PAGE_SIZE }).then(
      (page) => id === request.current && setState(firstPage(page)),
      (error: unknown) => id === request.current && setState({ ...LOADING_LIST, status: 'error', error: messageOf(error) }),
    );
  }, [api, name, q, status, attempt]);

  const lastVersion = useRef(version);
  useEffect(() => {
    if (version === lastVersion.current) return;
    lastVersion.current = version;
    const id = ++request.current;
    api.list(name, { q, status: status ?? undefined, limit: refreshLimit(loaded.current) }).then(
      (page) => id === request.current && setState(firstPage(page)),
      () => undefined /* the rows on screen stay; the next event or reconnect tries again */,
    );
  }, [api, name, q, status, version]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.nextCursor || state.loadingMore) return;
    const id = ++request.current;
    setState((s) => ({ ...s, loadingMore: true }));
    api.list(name, { q, status: status ?? undefined, limit: PAGE_SIZE, cursor: state.nextCursor }).then(
      (page) => id === request.current && setState((s) => appendPage(s, page)),
      (error: unknown) => {
        if (id === request.current) setState((s) => ({ ...s, loadingMore: false }));
        toastOnce.error(messageOf(error));
      },
    );
  }, [api, name, q, status, state.status, state.nextCursor, state.loadingMore]);

  return { state, loadMore, retry };
}
