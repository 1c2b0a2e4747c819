import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  ApiError,
  cannedReplySchema,
  MAX_LENGTH,
  REQUIRED_FIELDS_TOAST,
  validate,
  type CannedReply,
  type FieldErrors,
} from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { FieldProblem, withoutProblem } from '../ui/MessageForm';
import { PLACEHOLDER_HINT } from './canned-text';

/** The most a title holds (cannedReplySchema). */
const TITLE_MAX_LENGTH = 100;

/**
 * A canned reply's title and text (owners): a new one (`Add canned reply`, the form empties once
 * it is added) or, given `reply`, that one changed in place (`Save`, or `Cancel`). Checked with the
 * shared schema before it goes: what is wrong shows under its field (the server's word too, if it
 * refuses), the first such field gets the focus, and the field's message goes once it changes.
 */
export function CannedReplyForm({ reply, onDone }: { reply?: CannedReply; onDone?: () => void }) {
  const { api } = useAdminServices();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [problems, setProblems] = useState<FieldErrors>({});
  const titleInput = useRef<HTMLInputElement>(null);
  const bodyBox = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const save = useMutation({
    mutationFn: () => api.saveCannedReply({ title, body }, reply?.id),
    // The list shows the change before the form goes (or empties): the save is pending until then.
    onSuccess: async (_saved, _none, _context, { client }) => {
      await client.invalidateQueries({ queryKey: queryKeys.cannedReplies });
      toastOnce.success(reply ? 'Canned reply saved' : 'Canned reply added');
      if (!reply) {
        setTitle('');
        setBody('');
      }
      onDone?.();
    },
    onError: (error) => {
      toastOnce.error(error.message);
      setProblems(error instanceof ApiError ? error.fields : {});
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(cannedReplySchema, { title, body });
    setProblems(checked.ok ? {} : checked.fields);
    if (!checked.ok) {
      toastOnce.error(REQUIRED_FIELDS_TOAST);
      (checked.fields.title ? titleInput : bodyBox).current?.focus();
      return;
    }
    save.mutate();
  };
  const described = (field: 'title' | 'body', ...others: string[]) =>
    [...others, problems[field] && `${ids}${field}-problem`].filter(Boolean).join(' ') || undefined;

  return (
    <form className="canned-form" onSubmit={submit} noValidate aria-label={reply ? `Change ${reply.title}` : undefined}>
      <label className="field">
        <span>Title</span>
        <input
          ref={titleInput}
          value={title}
          maxLength={TITLE_MAX_LENGTH}
          autoComplete="off"
          autoFocus={reply !== undefined}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={described('title')}
          onChange={(event) => {
            setTitle(event.target.value);
            setProblems((fields) => withoutProblem(fields, 'title'));
          }}
        />
      </label>
      <FieldProblem id={`${ids}title-problem`} text={problems.title} />
      <label className="field">
        <span>Text</span>
        <textarea
          ref={bodyBox}
          value={body}
          rows={6}
          maxLength={MAX_LENGTH.long}
          aria-invalid={problems.body ? true : undefined}
          aria-describedby={described('body', `${ids}body-hint`)}
          onChange={(event) => {
            setBody(event.target.value);
            setProblems((fields) => withoutProblem(fields, 'body'));
          }}
        />
      </label>
      <p id={`${ids}body-hint`} className="canned-hint">
        {PLACEHOLDER_HINT}
      </p>
      <FieldProblem id={`${ids}body-problem`} text={problems.body} />
      <div className="form-buttons">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {reply ? 'Save' : 'Add canned reply'}
        </button>
        {reply && (
          <button type="button" className="button" disabled={save.isPending} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
