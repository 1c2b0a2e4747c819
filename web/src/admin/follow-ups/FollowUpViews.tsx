import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { DeskListName } from '@sourcing/shared';
import { cursorPaging } from '../queries/cursor-pages';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { FOLLOW_UP_VIEWS, isViewShown, viewRequest, viewSearch, type FollowUpView } from './follow-up-views';
import './follow-ups.css';

/**
 * The ready views above a worked list (docs/admin.md#follow-ups-and-snooze): the signed-in
 * admin's follow-ups due today, those overdue, and the records at risk of missing their response
 * target (docs/admin.md#response-targets), each with how many records it shows. The one shown is
 * the current page.
 */
export function FollowUpViews({ list }: { list: DeskListName }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label="Follow-up views">
      <ul className="follow-up-views">
        {FOLLOW_UP_VIEWS.map((view) => (
          <li key={view.label}>
            <Link to={viewSearch(view)} className="follow-up-view" aria-current={isViewShown(view, params) ? 'page' : undefined}>
              {view.label} <ViewCount list={list} view={view} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * How many records a view shows, as a status tab's count: the total of a one-row search of it,
 * re-read with the list (live updates, changes), so it stays current; nothing until first read.
 */
function ViewCount({ list, view }: { list: DeskListName; view: FollowUpView }) {
  const { api } = useAdminServices();
  const request = viewRequest(list, view);
  // Paged like the list's own searches, so whatever updates those in place reads this the same way.
  const { data } = useInfiniteQuery({
    queryKey: queryKeys.viewTotal(list, request),
    queryFn: ({ pageParam }) => api.list(list, { ...request, limit: 1, cursor: pageParam ?? undefined }),
    ...cursorPaging,
  });
  const total = data?.pages[0]?.total;
  return total === undefined ? null : <span className="status-count">{total}</span>;
}
