import type { AdminListName } from '@sourcing/shared';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useAdminServices } from '../services';
import { LoadError } from '../ui/LoadError';
import { useOutbox } from './useOutbox';
import { OutboxTable } from './OutboxPage';

/** A record's mails (confirmation, staff alert, replies) and the form to reply to its sender. */
export function RecordMails({ list, id }: { list: AdminListName; id: string }) {
  const { api, live } = useAdminServices();
  const mails = useOutbox(id);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  const send = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    api.reply(list, id, message).then(
      (answer) => {
        toast.success(answer.message);
        setMessage('');
        setSending(false);
        mails.retry();
        live.recordChanged(list, id);
      },
      (error: unknown) => {
        toast.error(error instanceof Error ? error.message : String(error));
        setSending(false);
      },
    );
  };

  return (
    <section className="record-mails" aria-labelledby="record-mails-title">
      <h3 id="record-mails-title">Mails</h3>
      {mails.status === 'error' && <LoadError message={`Error: ${mails.error}`} onRetry={mails.retry} />}
      {mails.data && <OutboxTable mails={mails.data.data} onChange={mails.retry} />}
      <form onSubmit={send} className="reply-form">
        <label htmlFor="reply-message">Reply to the sender</label>
        <textarea id="reply-message" value={message} onChange={(e) => setMessage(e.target.value)} required rows={5} />
        <button type="submit" className="button" disabled={sending || message.trim() === ''}>
          {sending ? 'Sending...' : 'Send reply'}
        </button>
      </form>
    </section>
  );
}
