import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MATCHED_LISTS, MATCHED_NOUNS, type MatchedListName, type MatchedRecord } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { LIST_DEFINITIONS } from '../lists/list-definitions';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import './matching.css';

const MATCH_TEXT = { name: 'Same commodity', word: 'Similar commodity' } as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A matched record's links and matches (docs/admin.md#matching): the records of the other list it
 * is linked to, and those dealing in the same commodity, best first; agents and owners link and
 * unlink. Live: a link made anywhere re-reads both records' views.
 */
export function MatchesPanel({ list, id }: { list: MatchedListName; id: string }) {
  const { api } = useAdminServices();
  const other = MATCHED_LISTS[list];
  const found = useQuery({ queryKey: queryKeys.matches(list, id), queryFn: () => api.matches(list, id) });
  const failure = failureOf(found);
  const canLink = useCan('agent');
  // A link is on both records: both re-read, whether it was saved or not.
  const { mutate: change, isPending: busy } = useMutation({
    mutationFn: async ({ record, linked }: { record: MatchedRecord; linked: boolean }) => {
      if (linked) await api.link(list, id, record._id);
      else await api.unlink(list, id, record._id);
    },
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_answer, _error, { record }, _context, { client }) =>
      Promise.all([invalidateRecords(client, list, [id]), invalidateRecords(client, other, [record._id])]),
  });

  const title = `Matching ${MATCHED_NOUNS[other].many}`;
  return (
    <section className="matches-panel" aria-labelledby="matches-title">
      <h3 id="matches-title">{title}</h3>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void found.refetch()} />}
      {!found.data && !failure && <p className="state-text">Loading...</p>}
      {found.data && (
        <>
          <h4>Linked {MATCHED_NOUNS[other].many}</h4>
          {found.data.linked.length === 0 ? (
            <p className="state-text">No {MATCHED_NOUNS[other].one} linked yet.</p>
          ) : (
            <ul className="matched-records" aria-label={`Linked ${MATCHED_NOUNS[other].many}`}>
              {found.data.linked.map((record) => (
                <MatchedItem key={record._id} record={record}>
                  {canLink && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Unlink ${record.name}`}
                      disabled={busy}
                      onClick={() => change({ record, linked: false })}
                    >
                      Unlink
                    </button>
                  )}
                </MatchedItem>
              ))}
            </ul>
          )}
          <h4>{capitalised(MATCHED_NOUNS[other].many)} for the same commodity, best first</h4>
          {found.data.matches.length === 0 ? (
            <p className="state-text">No {MATCHED_NOUNS[other].one} deals in the same commodity or product.</p>
          ) : (
            <ol className="matched-records" aria-label={title}>
              {found.data.matches.map((record) => (
                <MatchedItem key={record._id} record={record}>
                  {record.linked ? (
                    <span className="matched-linked">Linked</span>
                  ) : (
                    canLink && (
                      <button
                        type="button"
                        className="button button-primary"
                        aria-label={`Link ${record.name}`}
                        disabled={busy}
                        onClick={() => change({ record, linked: true })}
                      >
                        Link
                      </button>
                    )
                  )}
                </MatchedItem>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function MatchedItem({ record, children }: { record: MatchedRecord; children: ReactNode }) {
  const route = LIST_DEFINITIONS.find((d) => d.name === record.list)!.route;
  return (
    <li className="matched-record">
      <div className="matched-head">
        <Link to={`/admin/${route}/${record._id}`}>{record.name}</Link>
        {record.match && <span className={`match-kind match-${record.match}`}>{MATCH_TEXT[record.match]}</span>}
        <span className="matched-status">{record.status}</span>
        {children}
      </div>
      <dl className="matched-facts">
        {record.facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </li>
  );
}
