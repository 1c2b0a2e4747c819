import { DEFAULT_SORT } from '@sourcing/shared';
import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort, sortInUrl, sortRequest } from './list-sort';

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
});
