import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RECENT_ACTIVITY_LIMIT, STATS_PERIODS, type DashboardStats, type StatsPeriod } from '@sourcing/shared';
import { formatDateTime } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { describeActivity } from './activity';
import { BackupPanel } from './BackupPanel';
import { engagementRate } from './engagement-rate';

/** ECharts is only downloaded when the dashboard shows. */
const TrendChart = lazy(() => import('./TrendChart'));

const PERIOD_LABELS: Record<StatsPeriod, string> = { week: 'This Week', month: 'This Month', year: 'This Year' };

export function DashboardPage() {
  const { api } = useAdminServices();
  const isOwner = useCan('owner');
  const [period, setPeriod] = useState<StatsPeriod>('week');
  // Re-read whenever a record arrives or changes (docs/admin.md#live-updates); the figures shown stay
  // on screen while another period's are on their way.
  const stats = useQuery({
    queryKey: queryKeys.stats(period),
    queryFn: () => api.stats(period),
    placeholderData: keepPreviousData,
  });
  const failure = failureOf(stats);
  const loadError = failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void stats.refetch()} />;

  if (!stats.data) return loadError || <p className="state-text">Loading dashboard...</p>;

  return (
    <div className="dashboard">
      {loadError}
      <StatCards totals={stats.data.totals} />
      <div className="dashboard-panels">
        <section className="panel chart-panel" aria-labelledby="trend-title">
          <div className="panel-heading">
            <h2 id="trend-title">Weekly Inquiry Trends</h2>
            <select aria-label="Chart period" value={period} onChange={(e) => setPeriod(e.target.value as StatsPeriod)}>
              {STATS_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </select>
          </div>
          <Suspense fallback={<p className="state-text">Loading chart...</p>}>
            <TrendChart labels={stats.data.trend.labels} counts={stats.data.trend.counts} />
          </Suspense>
        </section>
        <RecentActivities recent={stats.data.recent} />
      </div>
      {isOwner && <BackupPanel />}
    </div>
  );
}

function StatCards({ totals }: { totals: DashboardStats['totals'] }) {
  const cards = [
    { label: 'Total Subscribers', value: String(totals.subscribers) },
    { label: 'Total Buyer Inquiries', value: String(totals.inquiries) },
    { label: 'Supplier Submissions', value: String(totals.supplierInquiries) },
    { label: 'Contact Messages', value: String(totals.contacts) },
    { label: 'Engagement Rate', value: engagementRate(totals.inquiries, totals.subscribers) },
  ];
  return (
    <ul className="stat-cards" aria-label="Totals">
      {cards.map((card) => (
        <li key={card.label} className="stat-card">
          <span className="stat-label">{card.label}</span>
          <strong className="stat-value">{card.value}</strong>
        </li>
      ))}
    </ul>
  );
}

function RecentActivities({ recent }: { recent: DashboardStats['recent'] }) {
  return (
    <section className="panel activity-panel" aria-labelledby="activity-title">
      <h2 id="activity-title">Recent Activities</h2>
      {recent.length === 0 ? (
        <p className="state-text">No recent activity yet.</p>
      ) : (
        <ul className="activity-list">
          {recent.slice(0, RECENT_ACTIVITY_LIMIT).map((activity) => {
            const item = describeActivity(activity);
            return (
              <li key={`${activity.kind}-${activity.id}`} className="activity-item">
                <span className={`activity-initial ${item.colourClass}`} aria-hidden="true">
                  {item.initial}
                </span>
                <span className="activity-body">
                  <span>
                    <strong>{item.name}</strong> {item.text}
                  </span>
                  <time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
