import { describe, expect, it } from 'vitest';
import { apiQuery, filtersInUrl, followUpsInUrl, isFiltered, narrowingParams, noMatchText } from './list-search';

describe('what narrows a list', () => {
  it('says what was searched and filtered when nothing matches', () => {
    expect(noMatchText('inquiries', 'buyer inquiries', { q: 'rice', status: 'In progress', filters: { owner: 'mine' } })).toBe(
      'No buyer inquiries match “rice” with status In progress, owner: mine.',
    );
    expect(
      noMatchText(
        'inquiries',
        'buyer inquiries',
        {
          q: '',
          status: null,
          filters: { userType: 'Trader', owner: 'b1', hasAttachment: 'yes', from: '2026-04-01', commodities: 'Coal' },
        },
        (id) => `${id}@example.com`,
      ),
    ).toBe(
      'No buyer inquiries with user type: Trader / Agent, commodities: Coal, owner: b1@example.com, has attachment: yes, received from: 2026-04-01.',
    );
    expect(noMatchText('contacts', 'contact messages', { q: 'x', status: null, filters: {} })).toBe(
      'No contact messages match “x”.',
    );
  });

  it('reads the filters of the URL that pass their checks', () => {
    const params = new URLSearchParams('q=a&dispatchMode=CIF&userType=Nobody&to=2026-04-02');
    expect(filtersInUrl('inquiries', params)).toEqual({ dispatchMode: 'CIF', to: '2026-04-02' });
    expect(isFiltered({ q: '', status: 'Won', filters: {} })).toBe(false);
    expect(isFiltered({ q: '', status: null, filters: { to: '2026-04-02' } })).toBe(true);
  });

  it('sends the range as the viewer’s local days: from the first instant of one to the last of the other', () => {
    const { filters } = apiQuery({ q: '', status: null, filters: { from: '2026-04-01', to: '2026-04-02', owner: 'mine' } });
    expect(filters?.owner).toBe('mine');
    expect(new Date(filters!.from!).getHours()).toBe(0);
    expect(new Date(filters!.from!).getDate()).toBe(1);
    expect(new Date(filters!.to!).getDate()).toBe(2);
    expect(new Date(filters!.to!).getHours()).toBe(23);
    expect(new Date(filters!.to!).getMilliseconds()).toBe(999);
  });

  it('reads a worked list’s follow-up views from the URL and sends them beside the filters', () => {
    const params = new URLSearchParams('owner=mine&followUp=today&snoozed=only');
    expect(followUpsInUrl('inquiries', params)).toEqual({ followUp: 'today', snoozed: 'only' });
    expect(followUpsInUrl('inquiries', new URLSearchParams('followUp=tomorrow&snoozed=include'))).toEqual({ snoozed: 'include' });
    expect(followUpsInUrl('subscribers', params)).toBeNull();
    const search = { q: '', status: null, filters: { owner: 'mine' }, followUps: { followUp: 'overdue' as const } };
    expect(apiQuery(search)).toEqual({ q: '', status: undefined, filters: { owner: 'mine' }, followUp: 'overdue' });
    expect(isFiltered({ q: '', status: null, filters: {}, followUps: { snoozed: 'only' } })).toBe(true);
    expect(isFiltered({ q: '', status: null, filters: {}, followUps: {} })).toBe(false);
  });

  it('says which follow-up views were chosen when nothing matches, and clears them with the filters', () => {
    expect(
      noMatchText('inquiries', 'buyer inquiries', {
        q: '',
        status: null,
        filters: { owner: 'mine' },
        followUps: { followUp: 'today', snoozed: 'only' },
      }),
    ).toBe('No buyer inquiries with owner: mine, follow-ups: due today, snoozed: only snoozed.');
    expect(
      noMatchText('contacts', 'contact messages', { q: '', status: null, filters: {}, followUps: { response: 'at-risk' } }),
    ).toBe('No contact messages with response: at risk.');
    expect(narrowingParams('contacts')).toEqual(['q', 'owner', 'from', 'to', 'followUp', 'snoozed', 'response']);
    expect(narrowingParams('subscribers')).not.toContain('followUp');
  });
});
