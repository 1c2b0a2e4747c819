import { describe, expect, it } from 'vitest';
import { viewParamsOf } from './SavedViews';

describe('a saved view’s parameters', () => {
  it('are the list’s search, tab, sort, filters and follow-up views, never a page’s place or an empty value', () => {
    const url = new URLSearchParams(
      'q=steel&status=Open&sort=-createdAt&owner=mine&followUp=today&snoozed=only&response=at-risk&limit=5&cursor=x&since=',
    );
    expect(viewParamsOf('contacts', url)).toEqual({
      q: 'steel',
      status: 'Open',
      sort: '-createdAt',
      owner: 'mine',
      followUp: 'today',
      snoozed: 'only',
      response: 'at-risk',
    });
    // Subscribers have no desk, so no follow-ups.
    expect(viewParamsOf('subscribers', new URLSearchParams('q=a&followUp=today'))).toEqual({ q: 'a' });
  });
});
