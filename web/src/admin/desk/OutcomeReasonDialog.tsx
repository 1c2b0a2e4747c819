import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Asks why a record (or the selected records) goes to a status that asks why, Won or Lost
 * (docs/admin.md#outcome-reasons): a modal dialog of the status's reasons as radio buttons. The
 * focus starts on the first reason; arrow keys choose, Enter sets it; Cancel or Escape leaves the
 * status as it was. It is put on the page's body, outside the label or row of the select that asked.
 */
export function OutcomeReasonDialog(props: {
  /** Who is set: the record's name, or '3 records'. */
  subject: string;
  status: string;
  reasons: readonly string[];
  onChoose: (reason: string) => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const titleId = useId();
  const errorId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    first.current?.focus();
    return () => element.close();
  }, []);
  /** Closes the dialog before answering, so the page behind it takes the focus again. */
  const answer = (then: () => void) => {
    dialog.current?.close();
    then();
  };

  return createPortal(
    <dialog
      ref={dialog}
      className="reason-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: closed by the component that opened it, which puts the status back.
        event.preventDefault();
        answer(props.onCancel);
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen === null) setUnanswered(true);
          else answer(() => props.onChoose(chosen));
        }}
      >
        <h2 id={titleId} className="reason-dialog-title">
          Set {props.subject} to {props.status}
        </h2>
        <fieldset className="reason-options" aria-describedby={unanswered ? errorId : undefined}>
          <legend>Why {props.status}?</legend>
          {props.reasons.map((reason, i) => (
            <label key={reason}>
              <input
                ref={i === 0 ? first : undefined}
                type="radio"
                name="reason"
                value={reason}
                checked={chosen === reason}
                onChange={() => setChosen(reason)}
              />{' '}
              {reason}
            </label>
          ))}
        </fieldset>
        {unanswered && (
          <p id={errorId} className="state-error" role="alert">
            Choose a reason
          </p>
        )}
        <div className="reason-dialog-actions">
          <button type="submit" className="button button-primary">
            Set to {props.status}
          </button>
          <button type="button" className="button" onClick={() => answer(props.onCancel)}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
