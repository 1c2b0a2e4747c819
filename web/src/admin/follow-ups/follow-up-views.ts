import { OWNER_MINE, type FollowUpFilter } from '@sourcing/shared';

/** A ready view of a worked list: the signed-in admin's follow-ups of a kind (docs/admin.md#follow-ups-and-snooze). */
export interface FollowUpView {
  label: string;
  followUp: FollowUpFilter;
}

export const FOLLOW_UP_VIEWS: readonly FollowUpView[] = [
  { label: 'My follow-ups today', followUp: 'today' },
  { label: 'Overdue', followUp: 'overdue' },
];

/** The view's URL search: the admin's own records, by their follow-up; nothing else narrows it. */
export const viewSearch = (view: FollowUpView): string =>
  `?${new URLSearchParams({ owner: OWNER_MINE, followUp: view.followUp }).toString()}`;

/** Whether the list shows exactly the view (its link is then the current page). */
export const isViewShown = (view: FollowUpView, params: URLSearchParams): boolean => {
  const shown = new URLSearchParams(params);
  shown.delete('sort');
  shown.sort();
  const wanted = new URLSearchParams(viewSearch(view));
  wanted.sort();
  return shown.toString() === wanted.toString();
};
