import { describe, expect, it } from 'vitest';
import { backState, searchOfBackState } from './back-to-list';

describe('back to the list', () => {
  it('carries the list search to the detail view and back', () => {
    expect(searchOfBackState(backState(new URLSearchParams({ q: 'acme metals' })))).toBe('?q=acme+metals');
    expect(searchOfBackState(backState(new URLSearchParams()))).toBe('');
  });

  it('ignores state that is missing or not ours', () => {
    expect(searchOfBackState(null)).toBe('');
    expect(searchOfBackState({ listSearch: 'https://evil.example' })).toBe('');
    expect(searchOfBackState({ listSearch: 42 })).toBe('');
  });
});
