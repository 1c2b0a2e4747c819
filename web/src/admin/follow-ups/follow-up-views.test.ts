import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_VIEWS, isViewShown, viewRequest, viewSearch } from './follow-up-views';

const [today, overdue, atRisk] = FOLLOW_UP_VIEWS;

describe('the follow-up views', () => {
  it('are the admin’s own records due today, or overdue, and everyone’s at risk of missing their response target', () => {
    expect(FOLLOW_UP_VIEWS.map((view) => view.label)).toEqual(['My follow-ups today', 'Overdue', 'At risk']);
    expect(viewSearch(today)).toBe('?owner=mine&followUp=today');
    expect(viewSearch(overdue)).toBe('?owner=mine&followUp=overdue');
    expect(viewSearch(atRisk)).toBe('?response=at-risk');
  });

  it('are current while the list shows exactly them, in any order and sort', () => {
    expect(isViewShown(today, new URLSearchParams('followUp=today&owner=mine&sort=oldest'))).toBe(true);
    expect(isViewShown(today, new URLSearchParams('owner=mine&followUp=overdue'))).toBe(false);
    expect(isViewShown(today, new URLSearchParams('owner=mine&followUp=today&status=New'))).toBe(false);
    expect(isViewShown(overdue, new URLSearchParams(''))).toBe(false);
    expect(isViewShown(atRisk, new URLSearchParams('response=at-risk'))).toBe(true);
    expect(isViewShown(atRisk, new URLSearchParams('response=at-risk&owner=mine'))).toBe(false);
  });

  it('count what they show: the API is asked for their records as the list would be', () => {
    expect(viewRequest('inquiries', today)).toEqual({ q: '', status: undefined, filters: { owner: 'mine' }, followUp: 'today' });
    expect(viewRequest('contacts', overdue)).toEqual({
      q: '',
      status: undefined,
      filters: { owner: 'mine' },
      followUp: 'overdue',
    });
    expect(viewRequest('supplierInquiries', atRisk)).toEqual({ q: '', status: undefined, filters: {}, response: 'at-risk' });
  });
});
