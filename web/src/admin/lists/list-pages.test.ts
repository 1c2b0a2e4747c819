import { describe, expect, it } from 'vitest';
import { ADMIN_LIST_LIMIT } from '@sourcing/shared';
import { appendPage, firstPage, PAGE_SIZE, refreshLimit } from './list-pages';

const row = (id: string) => ({ _id: id });

describe('list pages', () => {
  it('appends the next page and takes its cursor and total', () => {
    const state = firstPage({ data: [row('c'), row('b')], total: 4, nextCursor: 'b' });
    const next = appendPage(state, { data: [row('a'), row('z')], total: 5, nextCursor: null });
    expect(next.rows.map((r) => r._id)).toEqual(['c', 'b', 'a', 'z']);
    expect(next.total).toBe(5);
    expect(next.nextCursor).toBeNull();
  });

  it('does not repeat a row that is already shown', () => {
    const state = firstPage({ data: [row('c'), row('b')], total: 3, nextCursor: 'b' });
    expect(appendPage(state, { data: [row('b'), row('a')], total: 3, nextCursor: null }).rows).toHaveLength(3);
  });

  it('keeps which shown rows are unread across pages', () => {
    const state = firstPage({ data: [row('c'), row('b')], total: 4, nextCursor: 'b', unreadIds: ['c'] });
    expect([...state.unread]).toEqual(['c']);
    const next = appendPage(state, { data: [row('a'), row('z')], total: 4, nextCursor: null, unreadIds: ['z'] });
    expect([...next.unread].sort()).toEqual(['c', 'z']);
  });

  it('re-reads at least one page, as many rows as were loaded, at most the API maximum', () => {
    expect(refreshLimit(0)).toBe(PAGE_SIZE);
    expect(refreshLimit(PAGE_SIZE * 3)).toBe(PAGE_SIZE * 3);
    expect(refreshLimit(100_000)).toBe(ADMIN_LIST_LIMIT.max);
  });
});
