import { DEFAULT_SORT } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort, sortChoicesOf, sortInUrl, sortRequest } from './list-sort';

describe('list sort', () => {
  it('reads the URL, newest first when absent or unknown', () => {
    expect(sortInUrl('inquiries', new URLSearchParams('sort=-fullName'))).toEqual({ column: 'fullName', direction: 'desc' });
    expect(sortInUrl('inquiries', new URLSearchParams('sort=salary'))).toEqual(DEFAULT_SORT);
    expect(sortInUrl('inquiries', new URLSearchParams())).toEqual(DEFAULT_SORT);
    expect(sortRequest(DEFAULT_SORT)).toBeUndefined();
    expect(sortRequest({ column: 'status', direction: 'asc' })).toBe('status');
  });

  it('cycles a text column A first, then Z first, then back to newest first', () => {
    const once = nextSort('inquiries', DEFAULT_SORT, 'fullName');
    expect(once).toEqual({ column: 'fullName', direction: 'asc' });
    const twice = nextSort('inquiries', once, 'fullName');
    expect(twice).toEqual({ column: 'fullName', direction: 'desc' });
    expect(nextSort('inquiries', twice, 'fullName')).toEqual(DEFAULT_SORT);
    expect(ariaSortOf(twice, 'fullName')).toBe('descending');
    expect(ariaSortOf(twice, 'email')).toBeUndefined();
  });

  it('sorts a time column newest first when first chosen', () => {
    expect(nextSort('inquiries', DEFAULT_SORT, 'updatedAt')).toEqual({ column: 'updatedAt', direction: 'desc' });
    expect(nextSort('inquiries', DEFAULT_SORT, 'nope')).toEqual(DEFAULT_SORT);
  });

  it('offers newest and oldest first and both ways of the desk times no header shows, and the order a header chose', () => {
    const desk = [
      { value: 'newest', label: 'Newest first' },
      { value: 'oldest', label: 'Oldest first' },
      { value: 'followUpAt', label: 'Follow-up, soonest first' },
      { value: '-followUpAt', label: 'Follow-up, latest first' },
      { value: 'responseDueAt', label: 'Response due, soonest first' },
      { value: '-responseDueAt', label: 'Response due, latest first' },
    ];
    expect(sortChoicesOf('contacts', DEFAULT_SORT)).toEqual(desk);
    expect(sortChoicesOf('contacts', { column: 'followUpAt', direction: 'desc' })).toEqual(desk);
    expect(sortChoicesOf('contacts', { column: 'name', direction: 'desc' })).toEqual([
      ...desk,
      { value: '-name', label: 'Name, descending' },
    ]);
    expect(sortChoicesOf('subscribers', DEFAULT_SORT).map((c) => c.value)).toEqual(['newest', 'oldest']);
    expect(sortInUrl('contacts', new URLSearchParams('sort=-responseDueAt'))).toEqual({
      column: 'responseDueAt',
      direction: 'desc',
    });
    expect(sortInUrl('subscribers', new URLSearchParams('sort=followUpAt'))).toEqual(DEFAULT_SORT);
  });
});
