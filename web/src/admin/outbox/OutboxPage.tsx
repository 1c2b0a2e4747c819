import type { OutboxMailSummary } from '@sourcing/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../lists/list-definitions';
import { useAdminServices } from '../services';
import { LoadError } from '../ui/LoadError';
import { useOutbox } from './useOutbox';

/** What each state means to staff (docs/mail.md#outbox). */
export const STATE_LABEL: Record<OutboxMailSummary['state'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  filed: 'Saved to file',
  failed: 'Failed',
};

/** Every mail the site sent or will send, newest first; failed ones can be tried again. */
export function OutboxPage() {
  const mails = useOutbox();
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="page-title">
        Outbox
      </h2>
      {mails.status === 'error' && <LoadError message={`Error: ${mails.error}`} onRetry={mails.retry} />}
      {mails.status === 'loading' && !mails.data && <p className="state-text">Loading mails...</p>}
      {mails.data && <OutboxTable mails={mails.data.data} onChange={mails.retry} />}
    </section>
  );
}

export function OutboxTable({ mails, onChange }: { mails: OutboxMailSummary[]; onChange: () => void }) {
  const { api } = useAdminServices();
  const [retrying, setRetrying] = useState<string | null>(null);
  if (mails.length === 0) return <p className="state-text">No mails yet.</p>;

  const retry = (id: string) => {
    setRetrying(id);
    api.retryMail(id).then(
      () => {
        toast.success('Queued again');
        setRetrying(null);
        onChange();
      },
      (error: unknown) => {
        toast.error(error instanceof Error ? error.message : String(error));
        setRetrying(null);
      },
    );
  };

  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Outbox">
      <table className="records-table">
        <thead>
          <tr>
            <th>Created At</th>
            <th>To</th>
            <th>Subject</th>
            <th>State</th>
            <th>Attempts</th>
            <th>Last Error</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <tr key={mail.id}>
              <td>{formatDateTime(mail.createdAt)}</td>
              <td>{mail.recipients.join(', ')}</td>
              <td>{mail.subject}</td>
              <td>{STATE_LABEL[mail.state]}</td>
              <td>{mail.attempts}</td>
              <td>{mail.lastError ?? ''}</td>
              <td>
                {mail.state === 'failed' && (
                  <button type="button" className="button" onClick={() => retry(mail.id)} disabled={retrying === mail.id}>
                    Retry
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
