import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '@sourcing/shared';
import { cursorPaging, loadNextPage } from '../queries/cursor-pages';
import { queryKeys, type AuditFilter } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';
import { useDebouncedValue } from '../ui/useDebouncedValue';

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
  const filter: AuditFilter = { action: action || undefined, actor: debouncedActor || undefined };
  // Another filter's entries stay on screen until its first page arrives.
  const audit = useInfiniteQuery({
    queryKey: queryKeys.audit(filter),
    queryFn: ({ pageParam }) => api.audit({ ...filter, limit: PAGE_SIZE, cursor: pageParam ?? undefined }),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
  const failure = failureOf(audit);
  const entries = audit.data?.pages.flatMap((page) => page.data) ?? [];

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
      {failure && <LoadError message={failure.message} onRetry={() => void audit.refetch()} />}
      {!audit.data && !failure && <p className="state-text">Loading...</p>}
      {audit.data && entries.length === 0 && <p className="state-text">No audit entries match.</p>}
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
                  <td title={entry.actorEmail}>
                    {entry.actorName}
                    {entry.actorName !== entry.actorEmail && <span className="audit-actor-email"> ({entry.actorEmail})</span>}
                  </td>
                  <td>{entry.action}</td>
                  <td>{[entry.subjectKind, entry.subjectId].filter(Boolean).join(' ')}</td>
                  <td>{detailText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <button
          type="button"
          className="button load-more"
          onClick={() => void loadNextPage(audit.fetchNextPage)}
          disabled={audit.isFetching}
        >
          Load more
        </button>
      )}
    </section>
  );
}
