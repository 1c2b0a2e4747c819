import type { AdminListName } from '@sourcing/shared';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { OutboxTable } from './OutboxPage';
import { ReplyForm, type ReplyTarget } from './ReplyForm';
import { useOutbox } from './useOutbox';

/**
 * A record's mails (confirmation, staff alert, replies) and, for agents and owners, the form to
 * reply to its sender: `reply` says where it goes, the status it moves the record to, if it does,
 * and what of the record it may carry (its files, a canned reply's placeholders).
 */
export function RecordMails(props: { list: AdminListName; id: string; reply: ReplyTarget }) {
  const mails = useOutbox(props.id);
  const failure = failureOf(mails);
  const canReply = useCan('agent');

  return (
    <section className="record-mails detail-card" aria-labelledby="record-mails-title">
      <h3 id="record-mails-title">Mails</h3>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void mails.refetch()} />}
      {mails.data && <OutboxTable mails={mails.data.data} />}
      {canReply && <ReplyForm list={props.list} id={props.id} target={props.reply} />}
    </section>
  );
}
