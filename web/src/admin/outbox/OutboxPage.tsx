import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { OutboxMailSummary } from '@sourcing/shared';
import toast from 'react-hot-toast';
import { formatDateTime } from '../lists/list-definitions';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { useOutbox } from './useOutbox';

/** What each state means to staff (docs/mail.md#outbox). */
export const STATE_LABEL: Record<OutboxMailSummary['state'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  filed: 'Saved to file',
  withheld: 'Not sent',
  failed: 'Failed',
};

/** Every mail the site sent or will send, newest first; failed ones can be tried again. */
export function OutboxPage() {
  const mails = useOutbox();
  const failure = failureOf(mails);
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="page-title">
        Outbox
      </h2>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void mails.refetch()} />}
      {!mails.data && !failure && <p className="state-text">Loading mails...</p>}
      {mails.data && <OutboxTable mails={mails.data.data} />}
    </section>
  );
}

/**
 * Mails as a table; an owner can queue a failed one again (every outbox list then re-reads). A
 * record's mails come with their texts: the subject opens what the sender got, word for word.
 */
export function OutboxTable({ mails }: { mails: OutboxMailSummary[] }) {
  const { api } = useAdminServices();
  const canRetry = useCan('owner');
  const retry = useMutation({
    mutationFn: (id: string) => api.retryMail(id),
    onSuccess: () => toast.success('Queued again'),
    onError: (error) => toast.error(error.message),
    onSettled: (_mail, _error, _id, _context, { client }) => client.invalidateQueries({ queryKey: queryKeys.allOutbox }),
  });
  if (mails.length === 0) return <p className="state-text">No mails yet.</p>;

  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Outbox mails">
      <table className="records-table">
        <thead>
          <tr>
            <th>Created At</th>
            <th>To</th>
            <th>Subject</th>
            <th>State</th>
            <th>Attempts</th>
            <th>Last Error</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <tr key={mail.id}>
              <td>{formatDateTime(mail.createdAt)}</td>
              <td>{mail.recipients.join(', ')}</td>
              <td>{mail.text === null ? mail.subject : <SentText subject={mail.subject} text={mail.text} />}</td>
              <td>{STATE_LABEL[mail.state]}</td>
              <td>{mail.attempts}</td>
              <td>{mail.lastError ?? ''}</td>
              <td>
                {canRetry && mail.state === 'failed' && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => retry.mutate(mail.id)}
                    disabled={retry.isPending && retry.variables === mail.id}
                  >
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

/** A mail's subject that opens, under it, the plain text its recipients got. */
function SentText({ subject, text }: { subject: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button type="button" className="mail-subject" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {subject}
      </button>
      <pre id={id} className="mail-text" aria-label={`Text of ${subject}`} hidden={!open}>
        {text}
      </pre>
    </>
  );
}
