import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { focusAfterChange } from './focus';

/**
 * A card's text box with its send button: a record's note and its reply by e-mail
 * (docs/admin.md#sales-desk, docs/admin.md#outbox). Once `onSend` has saved the text the box
 * empties and has the focus again; when it fails (the caller says why) the text stays.
 */
export function MessageForm(props: {
  label: string;
  /** A line under the label: what happens to the text. */
  hint?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  rows: number;
  maxLength: number;
  className: string;
  onSend: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const boxId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || props.pending) return;
    try {
      await props.onSend(text);
    } catch {
      return;
    }
    setText('');
    focusAfterChange(box.current, form.current);
  };

  return (
    <form ref={form} className={`message-form ${props.className}`} onSubmit={(event) => void submit(event)}>
      <label htmlFor={boxId}>{props.label}</label>
      {props.hint && (
        <p id={hintId} className="message-form-hint">
          {props.hint}
        </p>
      )}
      <textarea
        ref={box}
        id={boxId}
        value={text}
        maxLength={props.maxLength}
        rows={props.rows}
        aria-describedby={props.hint ? hintId : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="message-form-actions">
        <button type="submit" className="button button-primary" disabled={props.pending || !text.trim()}>
          {props.pending ? props.pendingLabel : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
