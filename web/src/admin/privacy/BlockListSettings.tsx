import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { parseBlockValue } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { formatDateTime } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';

/**
 * The block list on Settings (owners, docs/admin.md#block-list): addresses and domains that get
 * no mail from the site and whose submissions are stored as spam. Add one, or take one off.
 */
export function BlockListSettings() {
  const { api } = useAdminServices();
  const list = useQuery({ queryKey: queryKeys.blockList, queryFn: () => api.blockList() });
  const failure = failureOf(list);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, isPending: busy } = useMutation({
    mutationFn: (work: () => Promise<unknown>) => work(),
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_result, _error, _work, _context, { client }) => client.invalidateQueries({ queryKey: queryKeys.blockList }),
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBlockValue(typed);
    setProblem(parsed.ok ? null : parsed.message);
    if (!parsed.ok) return;
    mutate(() => api.block([typed]), {
      onSuccess: () => {
        toastOnce.success(`Blocked ${parsed.value}`);
        setTyped('');
      },
    });
  };

  return (
    <section className="detail-card" aria-labelledby="block-list-title">
      <h3 id="block-list-title">Block list</h3>
      <p>Addresses and domains on this list get no mail from the site, and what they send is stored as Spam.</p>
      <form className="staff-create" onSubmit={add} noValidate>
        <label>
          Address or domain
          <input
            className="search-input"
            value={typed}
            placeholder="spam@example.com or example.com"
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'block-problem' : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          Block
        </button>
      </form>
      {problem && (
        <p id="block-problem" className="state-error" role="alert">
          {problem}
        </p>
      )}
      {failure && <LoadError message={failure.message} onRetry={() => void list.refetch()} />}
      {list.data && list.data.data.length === 0 && <p className="state-text">Nobody is blocked.</p>}
      {list.data && list.data.data.length > 0 && (
        <div className="table-scroll">
          <table className="records-table">
            <thead>
              <tr>
                <th scope="col">Address or domain</th>
                <th scope="col">Blocked</th>
                <th scope="col">By</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((entry) => (
                <tr key={entry.value}>
                  <td>{entry.kind === 'domain' ? `${entry.value} (and its subdomains)` : entry.value}</td>
                  <td>{formatDateTime(entry.createdAt)}</td>
                  <td>{entry.createdBy}</td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      aria-label={`Unblock ${entry.value}`}
                      onClick={() =>
                        mutate(() => api.unblock(entry.value), { onSuccess: () => toastOnce.success(`Unblocked ${entry.value}`) })
                      }
                    >
                      Unblock
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
