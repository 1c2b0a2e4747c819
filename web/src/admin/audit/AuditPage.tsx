import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditQuery } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { useAdminServices } from '../services';
import { LoadError } from '../ui/LoadError';
import { useDebouncedValue } from '../ui/useDebouncedValue';
import { useLoad } from '../ui/useLoad';

const PAGE_SIZE = 50;

/** Details as short 'key: value' text; nested values as JSON. */
const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');

/** Owners browse the audit trail, newest first, filtered by action and actor (docs/admin.md). */
export function AuditPage() {
  const { api } = useAdminServices();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actor, setActor] = useState('');
  const debouncedActor = useDebouncedValue(actor, 300);
  const query: AuditQuery = { action: action || undefined, actor: debouncedActor || undefined, limit: PAGE_SIZE };
  const first = useLoad(() => api.audit(query), [api, action, debouncedActor]);
  const [more, setMore] = useState<{ key: string; entries: AuditEntry[]; cursor: string | null } | null>(null);
  const key = `${action}|${debouncedActor}`;
  const extra = more?.key === key ? more : null;
  const entries = [...(first.data?.data ?? []), ...(extra?.entries ?? [])];
  const cursor = extra ? extra.cursor : (first.data?.nextCursor ?? null);
  const [loadingMore, setLoadingMore] = useState(false);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.audit({ ...query, cursor });
      setMore({ key, entries: [...(extra?.entries ?? []), ...page.data], cursor: page.nextCursor });
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : String(error));
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className="list-page audit-page" aria-labelledby="audit-title">
      <div className="list-toolbar">
        <h2 id="audit-title" className="page-title">
          Audit
        </h2>
        <div className="list-actions">
          <select aria-label="Action" value={action} onChange={(e) => setAction(e.target.value as AuditAction | '')}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          <input
            type="search"
            className="search-input"
            placeholder="Who (e-mail)"
            aria-label="Who"
            value={actor}
            onChange={(e) => setActor(e.target.value)}
          />
        </div>
      </div>
      {first.status === 'error' && <LoadError message={first.error} onRetry={first.retry} />}
      {first.status === 'loading' && !first.data && <p className="state-text">Loading...</p>}
      {first.data && entries.length === 0 && <p className="state-text">No audit entries match.</p>}
      {entries.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit entries">
          <table className="records-table audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Subject</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.at).toLocaleString()}</td>
                  <td>{entry.actorEmail}</td>
                  <td>{entry.action}</td>
                  <td>{[entry.subjectKind, entry.subjectId].filter(Boolean).join(' ')}</td>
                  <td>{detailText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" className="button load-more" onClick={() => void loadMore()} disabled={loadingMore}>
          Load more
        </button>
      )}
    </section>
  );
}
