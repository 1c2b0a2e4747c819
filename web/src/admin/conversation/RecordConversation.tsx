import type { AdminListName, IncomingConversationMail, OutgoingConversationMail } from '@sourcing/shared';
import { failureOf, LoadError } from '../ui/LoadError';
import { threadOf } from './conversation-mails';
import { FormattedMail } from './FormattedMail';
import { DownloadEml, KindBadge, MailTime, ReceivedAttachments, ReceivedWords, SentAttachments, Sender } from './MailParts';
import { useConversation } from './useConversation';
import './conversation.css';

/** What the `From another address` mark means: on hover, and in a line under it for everyone. */
const OTHER_ADDRESS_HINT =
  'Sent from an address other than the record’s: the reply link may have been forwarded. Decide whether to trust it.';

/**
 * The mails exchanged with a record's customer as a thread, oldest first (docs/admin.md#conversation):
 * what we sent them and every mail that came back, live. The customer's replies nobody has read
 * yet are marked `New`, and read when the record's owner (anyone, when it has none) shows them.
 */
export function RecordConversation(props: { list: AdminListName; id: string; reference: string; ownerId: string | null }) {
  const { conversation, fresh } = useConversation(props.list, props.id, props.ownerId);
  const failure = failureOf(conversation);
  const mails = conversation.data && threadOf(conversation.data.mails);
  return (
    <section className="conversation detail-card" aria-labelledby="conversation-title">
      <h3 id="conversation-title">Conversation</h3>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void conversation.refetch()} />}
      {!mails && !failure && <p className="state-text">Loading...</p>}
      {mails?.length === 0 && <p className="state-text">No mails exchanged yet.</p>}
      {mails && mails.length > 0 && (
        <ol className="conversation-thread">
          {mails.map((mail) =>
            mail.direction === 'out' ? (
              <SentMail key={mail.id} mail={mail} />
            ) : (
              <ReceivedMail key={mail.id} mail={mail} reference={props.reference} isNew={fresh.has(mail.id)} />
            ),
          )}
        </ol>
      )}
    </section>
  );
}

/** A mail we sent the customer, word for word, and what became of it when it did not reach them. */
function SentMail({ mail }: { mail: OutgoingConversationMail }) {
  const notSent = mail.state === 'withheld' || mail.state === 'failed';
  return (
    <li className="conversation-mail mail-sent">
      <div className="mail-head">
        <h4 className="mail-who">Sent to {mail.to.join(', ')}</h4>
        <MailTime at={mail.at} />
      </div>
      {notSent && <p className="mail-problem">Not sent{mail.lastError ? `: ${mail.lastError}` : ''}</p>}
      {mail.bounce && <p className="mail-problem">Bounced: {mail.bounce.reason}</p>}
      <p className="mail-subject-line">{mail.subject}</p>
      <p className="mail-words">{mail.text ?? <span className="mail-none">(its text was not kept)</span>}</p>
      <SentAttachments attachments={mail.attachments} />
    </li>
  );
}

/** A mail that came back: who sent it and what kind it is, its words, its files and the mail as it came. */
function ReceivedMail({ mail, reference, isNew }: { mail: IncomingConversationMail; reference: string; isNew: boolean }) {
  return (
    <li className={isNew ? 'conversation-mail mail-received mail-new' : 'conversation-mail mail-received'}>
      <div className="mail-head">
        <h4 className="mail-who">
          <Sender from={mail.from} />
        </h4>
        <MailTime at={mail.at} />
      </div>
      {(isNew || mail.kind !== 'reply' || mail.fromOtherAddress) && (
        <p className="mail-badges">
          {isNew && <span className="mail-badge badge-new">New</span>}
          <KindBadge kind={mail.kind} />
          {mail.fromOtherAddress && (
            <span className="mail-badge badge-other" title={OTHER_ADDRESS_HINT}>
              From another address
            </span>
          )}
        </p>
      )}
      {mail.fromOtherAddress && <p className="mail-hint">{OTHER_ADDRESS_HINT}</p>}
      <p className="mail-subject-line">{mail.subject || '(no subject)'}</p>
      <ReceivedWords mail={mail} />
      <ReceivedAttachments attachments={mail.attachments} />
      <FormattedMail id={mail.id} html={mail.html} subject={mail.subject}>
        <DownloadEml id={mail.id} name={reference || mail.id} />
      </FormattedMail>
    </li>
  );
}
