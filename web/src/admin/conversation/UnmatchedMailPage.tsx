import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { UnmatchedMail } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { failureOf, LoadError } from '../ui/LoadError';
import { DownloadEml, KindBadge, MailTime, ReceivedAttachments, ReceivedWords, Sender } from './MailParts';
import './conversation.css';
import { plural } from '../ui/plural';

/**
 * The mails that came to the desk's address and no record claimed (docs/admin.md#unmatched-mail),
 * newest first: agents and owners attach each to its record by the reference, or discard it.
 */
export function UnmatchedMailPage() {
  const canWork = useCan('agent');
  return (
    <section className="unmatched-page" aria-labelledby="unmatched-title">
      <h2 id="unmatched-title" className="page-title">
        Unmatched mail
      </h2>
      {canWork ? <UnmatchedMails /> : <p className="state-text">Only agents and owners can see unmatched mail.</p>}
    </section>
  );
}

function UnmatchedMails() {
  const { api } = useAdminServices();
  const mails = useQuery({ queryKey: queryKeys.unmatchedMails, queryFn: () => api.unmatchedMails() });
  const failure = failureOf(mails);
  return (
    <>
      <p className="page-intro">
        These mails came to the desk’s address, but no record claimed them: they came to no record’s reply address, answer none of
        our mails and name no reference from the customer’s own address. Attach each to its record by the reference, or discard
        it.
      </p>
      {failure && <LoadError message={`Error: ${failure.message}`} onRetry={() => void mails.refetch()} />}
      {!mails.data && !failure && <p className="state-text">Loading...</p>}
      {mails.data?.data.length === 0 && (
        <p className="state-text" role="status">
          No unmatched mail.
        </p>
      )}
      {mails.data && mails.data.data.length > 0 && (
        <>
          <p className="list-summary" role="status">
            {plural(mails.data.data.length, 'mail', 'mails')} waiting
          </p>
          <ol className="unmatched-list">
            {mails.data.data.map((mail) => (
              <UnmatchedMailItem key={mail.id} mail={mail} />
            ))}
          </ol>
        </>
      )}
    </>
  );
}

function UnmatchedMailItem({ mail }: { mail: UnmatchedMail }) {
  const headingId = useId();
  return (
    <li>
      <article className="detail-card unmatched-mail" aria-labelledby={headingId}>
        <div className="mail-head">
          <h3 id={headingId} className="mail-who">
            <Sender from={mail.from} />
          </h3>
          <MailTime at={mail.at} />
        </div>
        {mail.kind !== 'reply' && (
          <p className="mail-badges">
            <KindBadge kind={mail.kind} />
          </p>
        )}
        <p className="mail-subject-line">{mail.subject || '(no subject)'}</p>
        <p className="mail-to">To {mail.to.join(', ') || 'no address'}</p>
        <ReceivedWords mail={mail} />
        <ReceivedAttachments attachments={mail.attachments} />
        <div className="mail-actions">
          <DownloadEml id={mail.id} name={mail.id} />
        </div>
        <div className="unmatched-actions">
          <AttachToRecord id={mail.id} />
          <DiscardMail id={mail.id} />
        </div>
      </article>
    </li>
  );
}

/** Moves the mail into the conversation of the record with the reference typed (toast `Attached to INQ-…`); it leaves the list. */
function AttachToRecord({ id }: { id: string }) {
  const { api } = useAdminServices();
  const [reference, setReference] = useState('');
  const fieldId = useId();
  const attach = useMutation({
    mutationFn: (typed: string) => api.attachInboundMail(id, typed),
    onSuccess: (answer) => toastOnce.success(answer.message),
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_answer, _error, _typed, _context, { client }) =>
      client.invalidateQueries({ queryKey: queryKeys.unmatchedMails }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reference.trim()) attach.mutate(reference.trim());
  };
  return (
    <form className="attach-form" onSubmit={submit}>
      <fieldset>
        <legend>Attach to record</legend>
        <label htmlFor={fieldId}>Reference</label>
        <div className="attach-row">
          <input
            id={fieldId}
            className="search-input"
            value={reference}
            placeholder="INQ-…, OFR-… or MSG-…"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setReference(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={attach.isPending || !reference.trim()}>
            {attach.isPending ? 'Attaching...' : 'Attach'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** Discards the mail after a confirmation (toast `Mail discarded`): its words and its `.eml` go for good. */
function DiscardMail({ id }: { id: string }) {
  const { api } = useAdminServices();
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const discard = useMutation({
    mutationFn: () => api.discardInboundMail(id),
    onSuccess: (answer) => toastOnce.success(answer.message),
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_answer, _error, _none, _context, { client }) => client.invalidateQueries({ queryKey: queryKeys.unmatchedMails }),
  });
  if (!confirming) {
    return (
      <button type="button" className="button erase-selected" onClick={() => setConfirming(true)}>
        Discard
      </button>
    );
  }
  return (
    <div className="erase-confirm" role="alertdialog" aria-labelledby={questionId}>
      <p id={questionId}>Discard this mail for good? Its words and its .eml go, and it cannot be attached later.</p>
      <button type="button" className="button button-primary" disabled={discard.isPending} onClick={() => discard.mutate()}>
        Discard for good
      </button>
      <button type="button" className="button" disabled={discard.isPending} autoFocus onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
}
