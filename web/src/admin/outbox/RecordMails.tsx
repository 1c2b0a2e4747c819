import { useMutation } from '@tanstack/react-query';
import type { AdminListName } from '@sourcing/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { useOutbox } from './useOutbox';
import { OutboxTable } from './OutboxPage';

/** A record's mails (confirmation, staff alert, replies) and, for agents and owners, the form to reply to its sender. */
export function RecordMails({ list, id }: { list: AdminListName; id: string }) {
  const { api } = useAdminServices();
  const mails = useOutbox(id);
  const failure = failureOf(mails);
  const canReply = useCan('agent');
  const [message, setMessage] = useState('');
  // A reply is a mail of the record and a line of its timeline: both re-read.
  const reply = useMutation({
    mutationFn: (text: string) => api.reply(list, id, text),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(error.message),
    onSettled: (_answer, _error, _text, _context, { client }) =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.allOutbox }), invalidateRecords(client, list, [id])]),
  });

  const send = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate(message, { onSuccess: () => setMessage('') });
  };

  return (
    <section className="record-mails" aria-labelledby="record-mails-title">
      <h3 id="record-mails-title">Mails</h3>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void mails.refetch()} />}
      {mails.data && <OutboxTable mails={mails.data.data} />}
      {canReply && (
        <form onSubmit={send} className="reply-form">
          <label htmlFor="reply-message">Reply to the sender</label>
          <textarea id="reply-message" value={message} onChange={(e) => setMessage(e.target.value)} required rows={5} />
          <button type="submit" className="button" disabled={reply.isPending || message.trim() === ''}>
            {reply.isPending ? 'Sending...' : 'Send reply'}
          </button>
        </form>
      )}
    </section>
  );
}
