import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf } from '../ui/LoadError';
import { summarizeBackups } from './backup-summary';

/** The backups' state on an owner's dashboard (docs/admin.md#backups): the last backup, a failure first, the schedule. */
export function BackupPanel() {
  const { api } = useAdminServices();
  const backups = useQuery({ queryKey: queryKeys.backups, queryFn: () => api.backups() });
  const failure = failureOf(backups);
  const summary = backups.data && summarizeBackups(backups.data, formatDateTime);
  return (
    <section className="panel" aria-labelledby="backups-title">
      <h2 id="backups-title">Backups</h2>
      {failure && <p className="state-text">Error: {failure.message}</p>}
      {!failure && !summary && <p className="state-text">Loading backups...</p>}
      {summary && (
        <>
          <p className={summary.tone === 'ok' ? 'backup-state' : 'backup-state backup-warning'} role="status">
            {summary.headline}
          </p>
          {summary.error && <p className="backup-error">{summary.error}</p>}
          <p className="state-text">{summary.schedule}</p>
        </>
      )}
    </section>
  );
}
