import { describe, expect, it } from 'vitest';
import { joinPages } from './list-pages';

const row = (id: string) => ({ _id: id });

describe('list pages', () => {
  it('joins the pages in order and takes the latest total and tab counts', () => {
    const list = joinPages([
      { data: [row('c'), row('b')], total: 4, nextCursor: 'b', statusCounts: { New: 4 } },
      { data: [row('a'), row('z')], total: 5, nextCursor: null, statusCounts: { New: 5 } },
    ]);
    expect(list.rows.map((r) => r._id)).toEqual(['c', 'b', 'a', 'z']);
    expect(list.total).toBe(5);
    expect(list.statusCounts).toEqual({ New: 5 });
  });

  it('does not repeat a row that is already shown', () => {
    const list = joinPages([
      { data: [row('c'), row('b')], total: 3, nextCursor: 'b' },
      { data: [row('b'), row('a')], total: 3, nextCursor: null },
    ]);
    expect(list.rows.map((r) => r._id)).toEqual(['c', 'b', 'a']);
  });

  it('keeps which shown rows are unread across pages', () => {
    const list = joinPages([
      { data: [row('c'), row('b')], total: 4, nextCursor: 'b', unreadIds: ['c'] },
      { data: [row('a'), row('z')], total: 4, nextCursor: null, unreadIds: ['z'] },
    ]);
    expect([...list.unread].sort()).toEqual(['c', 'z']);
  });

  it('keeps which shown rows have a customer’s reply nobody read yet across pages', () => {
    const list = joinPages([
      { data: [row('c'), row('b')], total: 4, nextCursor: 'b', repliedIds: ['b'] },
      { data: [row('a'), row('z')], total: 4, nextCursor: null },
    ]);
    expect([...list.replied]).toEqual(['b']);
  });
});
