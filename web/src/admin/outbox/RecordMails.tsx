import { useMutation } from '@tanstack/react-query';
import { MAX_LENGTH, type AdminListName } from '@sourcing/shared';
import toast from 'react-hot-toast';
import { invalidateRecords } from '../queries/invalidate';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { MessageForm } from '../ui/MessageForm';
import { useOutbox } from './useOutbox';
import { OutboxTable } from './OutboxPage';

/**
 * A record's mails (confirmation, staff alert, replies) and, for agents and owners, the form to
 * reply to its sender: `to` and `subject` say where the reply goes, `answers` the status a reply
 * moves the record to, if it does.
 */
export function RecordMails(props: { list: AdminListName; id: string; to: string; subject: string; answers: string | null }) {
  const { list, id } = props;
  const { api } = useAdminServices();
  const mails = useOutbox(id);
  const failure = failureOf(mails);
  const canReply = useCan('agent');
  // A reply is a mail of the record and a line of its timeline (and may answer it): all re-read.
  const reply = useMutation({
    mutationFn: (text: string) => api.reply(list, id, text),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(error.message),
    onSettled: (_answer, _error, _text, _context, { client }) =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.allOutbox }), invalidateRecords(client, list, [id])]),
  });

  return (
    <section className="record-mails detail-card" aria-labelledby="record-mails-title">
      <h3 id="record-mails-title">Mails</h3>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void mails.refetch()} />}
      {mails.data && <OutboxTable mails={mails.data.data} />}
      {canReply && (
        <MessageForm
          className="reply-form"
          label="Reply to the sender"
          hint={
            <>
              To <strong>{props.to}</strong>, subject <strong>{props.subject}</strong>.
              {props.answers && ` Sending it sets the status to ${props.answers}.`}
            </>
          }
          submitLabel="Send reply"
          pendingLabel="Sending..."
          pending={reply.isPending}
          rows={5}
          maxLength={MAX_LENGTH.long}
          onSend={(text) => reply.mutateAsync(text)}
        />
      )}
    </section>
  );
}
