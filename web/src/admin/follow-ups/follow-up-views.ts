import { OWNER_MINE, type AdminListName } from '@sourcing/shared';
import { apiQuery, filtersInUrl, followUpsInUrl } from '../filters/list-search';
import type { ListRequest } from '../lists/list-pages';

/**
 * A ready view of a worked list, as the URL parameters it sets: the signed-in admin's follow-ups
 * (docs/admin.md#follow-ups-and-snooze), and everyone's records at risk of missing their response
 * target (docs/admin.md#response-targets).
 */
export interface FollowUpView {
  label: string;
  params: Record<string, string>;
}

export const FOLLOW_UP_VIEWS: readonly FollowUpView[] = [
  { label: 'My follow-ups today', params: { owner: OWNER_MINE, followUp: 'today' } },
  { label: 'Overdue', params: { owner: OWNER_MINE, followUp: 'overdue' } },
  { label: 'At risk', params: { response: 'at-risk' } },
];

/** The view's URL search: its parameters; nothing else narrows it. */
export const viewSearch = (view: FollowUpView): string => `?${new URLSearchParams(view.params).toString()}`;

/** Whether the list shows exactly the view (its link is then the current page). */
export const isViewShown = (view: FollowUpView, params: URLSearchParams): boolean => {
  const shown = new URLSearchParams(params);
  shown.delete('sort');
  shown.sort();
  const wanted = new URLSearchParams(viewSearch(view));
  wanted.sort();
  return shown.toString() === wanted.toString();
};

/** What the API is asked for the records a view of `list` shows: its count is their total. */
export function viewRequest(list: AdminListName, view: FollowUpView): ListRequest {
  const params = new URLSearchParams(view.params);
  return apiQuery({
    q: '',
    status: null,
    filters: filtersInUrl(list, params),
    followUps: followUpsInUrl(list, params) ?? undefined,
  });
}
