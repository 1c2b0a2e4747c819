import { Link, useSearchParams } from 'react-router-dom';
import { FOLLOW_UP_VIEWS, isViewShown, viewSearch } from './follow-up-views';
import './follow-ups.css';

/**
 * The ready views above a worked list (docs/admin.md#follow-ups-and-snooze): the signed-in
 * admin's follow-ups due today, those overdue, and the records at risk of missing their response
 * target (docs/admin.md#response-targets). The one shown is the current page.
 */
export function FollowUpViews() {
  const [params] = useSearchParams();
  return (
    <nav aria-label="Follow-up views">
      <ul className="follow-up-views">
        {FOLLOW_UP_VIEWS.map((view) => (
          <li key={view.label}>
            <Link to={viewSearch(view)} className="follow-up-view" aria-current={isViewShown(view, params) ? 'page' : undefined}>
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
