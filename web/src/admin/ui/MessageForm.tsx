import { useId, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '@sourcing/shared';
import { focusAfterChange } from './focus';

/**
 * The send step of a card's message form (a record's note, its reply: docs/admin.md#sales-desk,
 * docs/admin.md#outbox): nothing while the text is blank or a send runs; once `send` has saved
 * it, `sent` empties the form and the box (`box`, in `form`) has the focus again; when it fails
 * (the caller says why) everything typed stays.
 */
export function useMessageSend(text: string, pending: boolean, send: () => Promise<unknown>, sent: () => void) {
  const form = useRef<HTMLFormElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || pending) return;
    try {
      await send();
    } catch {
      return;
    }
    sent();
    focusAfterChange(box.current, form.current);
  };
  return { form, box, submit: (event: FormEvent) => void submit(event) };
}

/** A message form's send button, at its end: its pending label while it sends, disabled while the text is blank. */
export function MessageActions(props: { submitLabel: string; pendingLabel: string; pending: boolean; text: string }) {
  return (
    <div className="message-form-actions">
      <button type="submit" className="button button-primary" disabled={props.pending || !props.text.trim()}>
        {props.pending ? props.pendingLabel : props.submitLabel}
      </button>
    </div>
  );
}

/**
 * What is wrong with a field (the server's word, or the form's own check), under it: the field
 * names `id` in its `aria-describedby` while there is one. Nothing when there is none.
 */
export function FieldProblem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="state-error field-problem">
      {text}
    </p>
  );
}

/** The messages without `field`'s (the same object when it had none): a field's message goes once it changes. */
export const withoutProblem = (problems: FieldErrors, field: string): FieldErrors =>
  field in problems ? Object.fromEntries(Object.entries(problems).filter(([key]) => key !== field)) : problems;

/** A card's text box with its send button (a record's note): its label, the box, the button. */
export function MessageForm(props: {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  rows: number;
  maxLength: number;
  className: string;
  onSend: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const { form, box, submit } = useMessageSend(
    text,
    props.pending,
    () => props.onSend(text),
    () => setText(''),
  );
  const boxId = useId();

  return (
    <form ref={form} className={`message-form ${props.className}`} onSubmit={submit}>
      <label htmlFor={boxId}>{props.label}</label>
      <textarea
        ref={box}
        id={boxId}
        value={text}
        maxLength={props.maxLength}
        rows={props.rows}
        onChange={(e) => setText(e.target.value)}
      />
      <MessageActions submitLabel={props.submitLabel} pendingLabel={props.pendingLabel} pending={props.pending} text={text} />
    </form>
  );
}
