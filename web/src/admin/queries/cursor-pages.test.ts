import { InfiniteQueryObserver, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListPage } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { cursorPaging, loadNextPage } from './cursor-pages';
import { createAdminQueryClient } from './query-client';

vi.mock('../../common/toast-once', () => ({ toastOnce: { success: vi.fn(), error: vi.fn() } }));

type Page = ListPage<{ _id: string }>;

const KEY = ['list', 'contacts', {}];

/** A server of ids a, b, c, ... two per page, the cursor being the last id of a page. */
function setup(ids: string[]) {
  const server = { ids, fail: false };
  const read = vi.fn(async (cursor: string | null): Promise<Page> => {
    if (server.fail) throw new Error('The list could not be loaded');
    const from = cursor === null ? 0 : server.ids.indexOf(cursor) + 1;
    const data = server.ids.slice(from, from + 2).map((_id) => ({ _id }));
    const more = from + 2 < server.ids.length;
    return { data, total: server.ids.length, nextCursor: more ? data[1]._id : null };
  });
  const queryClient = createAdminQueryClient();
  const observer = new InfiniteQueryObserver<Page, Error, InfiniteData<Page>, typeof KEY, string | null>(queryClient, {
    queryKey: KEY,
    queryFn: ({ pageParam }) => read(pageParam),
    ...cursorPaging,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const rows = () => observer.getCurrentResult().data?.pages.flatMap((page) => page.data.map((row) => row._id));
  return { server, read, queryClient, observer, rows, unsubscribe };
}

describe('cursor pages', () => {
  afterEach(() => vi.clearAllMocks());

  it('read from no cursor on, each page asking for the next with the cursor of the one before, until none is left', async () => {
    const { read, observer, rows, unsubscribe } = setup(['a', 'b', 'c']);
    await vi.waitFor(() => expect(rows()).toEqual(['a', 'b']));
    expect(observer.getCurrentResult().hasNextPage).toBe(true);

    await loadNextPage(observer.getCurrentResult().fetchNextPage);
    expect(rows()).toEqual(['a', 'b', 'c']);
    expect(read.mock.calls).toEqual([[null], ['b']]);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
  });

  it('re-read from the top when invalidated, as many pages as were loaded: a new record shows first and no row scrolled to is lost', async () => {
    const { server, queryClient, observer, rows, unsubscribe } = setup(['b', 'c', 'd', 'e']);
    await vi.waitFor(() => expect(rows()).toEqual(['b', 'c']));
    await loadNextPage(observer.getCurrentResult().fetchNextPage);
    expect(rows()).toEqual(['b', 'c', 'd', 'e']);

    server.ids = ['a', 'b', 'c', 'd', 'e'];
    await queryClient.invalidateQueries({ queryKey: ['list', 'contacts'] });
    expect(rows()).toEqual(['a', 'b', 'c', 'd']);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    unsubscribe();
  });

  it('wait for a re-read on its way instead of cancelling it', async () => {
    const { server, read, queryClient, observer, rows, unsubscribe } = setup(['b', 'c', 'd']);
    await vi.waitFor(() => expect(rows()).toEqual(['b', 'c']));

    server.ids = ['a', 'b', 'c', 'd'];
    const reread = queryClient.invalidateQueries({ queryKey: KEY });
    await loadNextPage(observer.getCurrentResult().fetchNextPage);
    await reread;
    expect(rows()).toEqual(['a', 'b']);
    expect(read.mock.calls).toEqual([[null], [null]]);
    unsubscribe();
  });

  it('keep the rows shown when a further page fails, and say why', async () => {
    const { server, observer, rows, unsubscribe } = setup(['a', 'b', 'c']);
    await vi.waitFor(() => expect(rows()).toEqual(['a', 'b']));

    server.fail = true;
    await loadNextPage(observer.getCurrentResult().fetchNextPage);
    expect(toastOnce.error).toHaveBeenCalledWith('The list could not be loaded');
    expect(rows()).toEqual(['a', 'b']);
    expect(observer.getCurrentResult().isFetchNextPageError).toBe(true);
    unsubscribe();
  });
});
