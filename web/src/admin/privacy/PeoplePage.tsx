import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { addressKey, parseEmailAddress, personZipName, type AdminListName } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { formatDateTime, LIST_DEFINITIONS } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { forgetErased } from './erased-records';
import { plural } from '../ui/plural';

const LIST_OF = Object.fromEntries(LIST_DEFINITIONS.map((d) => [d.name, d])) as Record<
  AdminListName,
  (typeof LIST_DEFINITIONS)[number]
>;

/**
 * A person's data (owners, docs/admin.md#a-persons-data): look an address up, download everything
 * that names it as one ZIP, or erase it all in one go.
 */
export function PeoplePage() {
  const owner = useCan('owner');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEmailAddress(typed);
    setProblem(parsed.ok ? null : parsed.message);
    if (parsed.ok) setEmail(addressKey(parsed.address));
  };

  return (
    <section className="people-page" aria-labelledby="people-title">
      <h2 id="people-title" className="page-title">
        A person’s data
      </h2>
      {!owner ? (
        <p className="state-text">Only owners can look up, export or erase a person’s data.</p>
      ) : (
        <>
          <p>
            Find every record, note, mail and file that names an e-mail address: download them as one ZIP for the person, or erase
            them all for good.
          </p>
          <form className="staff-create" onSubmit={lookUp} noValidate>
            <label>
              E-mail address
              <input
                type="email"
                className="search-input"
                value={typed}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'person-problem' : undefined}
                onChange={(e) => setTyped(e.target.value)}
              />
            </label>
            <button type="submit" className="button button-primary">
              Look up
            </button>
          </form>
          {problem && (
            <p id="person-problem" className="state-error" role="alert">
              {problem}
            </p>
          )}
          {email && <PersonRecords key={email} email={email} />}
        </>
      )}
    </section>
  );
}

function PersonRecords({ email }: { email: string }) {
  const { api, platform } = useAdminServices();
  const person = useQuery({ queryKey: queryKeys.person(email), queryFn: () => api.person(email) });
  const failure = failureOf(person);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const erase = useMutation({
    mutationFn: () => api.erasePerson(email),
    onSuccess: (answer, _none, _context, { client }) => {
      toastOnce.success(answer.message);
      setConfirming(false);
      const erased = person.data?.records ?? [];
      const lists = [...new Set(erased.map((r) => r.list))];
      forgetErased(
        client,
        lists.map((list) => ({ list, ids: erased.filter((r) => r.list === list).map((r) => r.id) })),
      );
    },
    onError: (error) => toastOnce.error(error.message),
  });

  const exportData = async () => {
    setExporting(true);
    try {
      const { url } = await api.personExportLink(email);
      if (await platform.saveDownload({ url, fileName: personZipName(email) })) toastOnce.success('Data exported');
    } catch (error) {
      toastOnce.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  if (failure) return <LoadError message={failure.message} onRetry={() => void person.refetch()} />;
  if (!person.data) return <p className="state-text">Loading...</p>;
  const { records, mails, files } = person.data;
  if (records.length === 0) {
    return (
      <p className="state-text" role="status">
        No records name {email}.
      </p>
    );
  }
  return (
    <div className="person-records">
      <p role="status">
        {email}: {plural(records.length, 'record', 'records')}, {plural(mails, 'mail', 'mails')}, {plural(files, 'file', 'files')}
        .
      </p>
      <div className="table-scroll">
        <table className="records-table">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Name</th>
              <th scope="col">Reference</th>
              <th scope="col">Status</th>
              <th scope="col">Received At</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id}>
                <td>{LIST_OF[record.list].title}</td>
                <td>
                  <Link to={`/admin/${LIST_OF[record.list].route}/${record.id}`}>{record.name || record.id}</Link>
                </td>
                <td>{record.reference ?? '-'}</td>
                <td>{record.status ?? '-'}</td>
                <td>{formatDateTime(record.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirming ? (
        <div className="erase-confirm" role="alertdialog" aria-labelledby="erase-person-question">
          <p id="erase-person-question">
            Erase {plural(records.length, 'record', 'records')} of {email}, with their notes, mails and files, for good? This
            cannot be undone.
          </p>
          <button type="button" className="button button-primary" disabled={erase.isPending} onClick={() => erase.mutate()}>
            Erase for good
          </button>
          <button type="button" className="button" disabled={erase.isPending} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="staff-actions person-actions">
          <button type="button" className="button" disabled={exporting} onClick={() => void exportData()}>
            {exporting ? 'Exporting...' : 'Export person’s data'}
          </button>
          <button type="button" className="button erase-selected" onClick={() => setConfirming(true)}>
            Erase person
          </button>
        </div>
      )}
    </div>
  );
}
