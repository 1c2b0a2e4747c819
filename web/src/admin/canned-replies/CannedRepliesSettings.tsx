import { useMutation } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { PLACEHOLDERS, type CannedReply } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { failureOf, LoadError } from '../ui/LoadError';
import { firstLineOf, PLACEHOLDER_MEANINGS, tagOf } from './canned-text';
import { useCannedReplies } from './CannedReplyPicker';
import { CannedReplyForm } from './CannedReplyForm';

/**
 * Canned replies on Settings (owners, docs/admin.md#canned-replies): the texts staff insert in a
 * reply, their placeholders filled in from the record. Each is listed by its title and first
 * line, changed in place or removed once confirmed; a new one is added below.
 */
export function CannedRepliesSettings() {
  const replies = useCannedReplies();
  const failure = failureOf(replies);
  /** The reply being changed; after it, the focus goes back to its `Edit` button (`left`). */
  const [editing, setEditing] = useState<string | null>(null);
  const [left, setLeft] = useState<string | null>(null);
  const stopEditing = () => {
    setLeft(editing);
    setEditing(null);
  };
  return (
    <section className="detail-card canned-replies" aria-labelledby="canned-replies-title">
      <h3 id="canned-replies-title">Canned replies</h3>
      <p>
        Texts staff insert in a reply from a record’s Mails card, then change as they need. Placeholders are filled in from the
        record:{' '}
        {PLACEHOLDERS.map((placeholder, index) => (
          <Fragment key={placeholder}>
            <code>{tagOf(placeholder)}</code> {PLACEHOLDER_MEANINGS[placeholder]}
            {index < PLACEHOLDERS.length - 1 ? ', ' : '.'}
          </Fragment>
        ))}
      </p>
      {failure && <LoadError message={failure.message} onRetry={() => void replies.refetch()} />}
      {replies.data?.length === 0 && <p className="state-text">No canned replies yet.</p>}
      {replies.data && replies.data.length > 0 && (
        <ul className="canned-list" aria-label="Saved canned replies">
          {replies.data.map((reply) => (
            <li key={reply.id} className="canned-item">
              {editing === reply.id ? (
                <CannedReplyForm reply={reply} onDone={stopEditing} />
              ) : (
                <CannedReplyEntry reply={reply} focused={left === reply.id} onEdit={() => setEditing(reply.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <h4 className="canned-add-title">Add a canned reply</h4>
      <CannedReplyForm />
    </section>
  );
}

/** A canned reply as listed: its title, its first line, `Edit`, and `Remove` once confirmed (toast `Canned reply removed`). */
function CannedReplyEntry({ reply, focused, onEdit }: { reply: CannedReply; focused: boolean; onEdit: () => void }) {
  const { api } = useAdminServices();
  const [confirming, setConfirming] = useState(false);
  /** The button the focus goes back to: `Edit` after the reply was changed, `Remove` after its removal was called off. */
  const [back, setBack] = useState<'edit' | 'remove' | null>(focused ? 'edit' : null);
  const questionId = useId();
  const remove = useMutation({
    mutationFn: () => api.removeCannedReply(reply.id),
    onSuccess: (answer) => toastOnce.success(answer.message),
    onError: (error) => toastOnce.error(error.message),
    onSettled: (_answer, _error, _none, _context, { client }) => client.invalidateQueries({ queryKey: queryKeys.cannedReplies }),
  });
  return (
    <>
      <div className="canned-item-text">
        <strong>{reply.title}</strong>
        <span className="canned-item-line">{firstLineOf(reply.body)}</span>
      </div>
      {confirming ? (
        // Keyed apart: each is drawn anew, so the button named to take the focus (autoFocus) takes it.
        <div key="confirm" className="erase-confirm" role="alertdialog" aria-labelledby={questionId}>
          <p id={questionId}>Remove the canned reply “{reply.title}”? Staff can no longer insert it.</p>
          <button type="button" className="button button-primary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove for good
          </button>
          <button
            type="button"
            className="button"
            disabled={remove.isPending}
            autoFocus
            onClick={() => {
              setBack('remove');
              setConfirming(false);
            }}
          >
            Cancel
          </button>
        </div>
      ) : (
        <div key="actions" className="canned-item-actions">
          <button
            type="button"
            className="button"
            aria-label={`Edit ${reply.title}`}
            autoFocus={back === 'edit'}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="button erase-selected"
            aria-label={`Remove ${reply.title}`}
            autoFocus={back === 'remove'}
            onClick={() => setConfirming(true)}
          >
            Remove
          </button>
        </div>
      )}
    </>
  );
}
