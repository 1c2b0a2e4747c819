import { SPAM_STATUS } from '@sourcing/shared';

/** 'All 16 · New 12 · In progress 4 · …': the list by status, counted by the server; All leaves Spam out. */
export function StatusTabs(props: {
  statuses: readonly string[];
  counts: Record<string, number> | undefined;
  current: string | null;
  onSelect: (status: string | null) => void;
}) {
  const { statuses, counts = {}, current } = props;
  const all = statuses.filter((s) => s !== SPAM_STATUS).reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  const tabs: { status: string | null; label: string; count: number }[] = [
    { status: null, label: 'All', count: all },
    ...statuses.map((status) => ({ status, label: status, count: counts[status] ?? 0 })),
  ];
  return (
    <nav className="status-tabs" aria-label="Status">
      {tabs.map((tab) => (
        <button
          key={tab.label}
          type="button"
          className="status-tab"
          aria-pressed={tab.status === current}
          onClick={() => props.onSelect(tab.status)}
        >
          {tab.label} <span className="status-count">{tab.count}</span>
        </button>
      ))}
    </nav>
  );
}
