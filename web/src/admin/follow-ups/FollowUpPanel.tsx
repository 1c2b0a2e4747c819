import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ApiError, FOLLOW_UP_NOTE_MAX_LENGTH, type DeskListName, type FieldErrors } from '@sourcing/shared';
import { formatDateTime } from '../lists/list-definitions';
import { useCan } from '../session/role';
import { focusAfterChange } from '../ui/focus';
import { FieldProblem, withoutProblem } from '../ui/MessageForm';
import { fromLocalInput, isFollowUpDue, isSnoozed, quickPicks, toLocalInput, type FollowUpState } from './follow-up-times';
import { useFollowUpChange, type FollowUpAction } from './useFollowUpChange';
import './follow-ups.css';

type Change = ReturnType<typeof useFollowUpChange>;

/**
 * A worked record's follow-up and snooze on its detail view (docs/admin.md#follow-ups-and-snooze):
 * when to come back to it and why, and whether it is kept out of the working lists. Agents and
 * owners set, move and clear them; viewers read them.
 */
export function FollowUpPanel({ list, record }: { list: DeskListName; record: { _id: string } & FollowUpState }) {
  const canWork = useCan('agent');
  const change = useFollowUpChange(list, record._id);
  const titleId = useId();
  const now = new Date();
  return (
    <section className="detail-card follow-up-panel" aria-labelledby={titleId}>
      <h3 id={titleId}>Follow-up</h3>
      {record.followUpAt ? (
        <p className="follow-up-current">
          Follow up on <time dateTime={record.followUpAt}>{formatDateTime(record.followUpAt)}</time>
          {isFollowUpDue(record, now) && <span className="record-badge follow-up-badge">Due</span>}
        </p>
      ) : (
        <p className="follow-up-current">No follow-up set</p>
      )}
      {record.followUpNote && <p className="follow-up-note multiline">{record.followUpNote}</p>}
      {record.snoozedUntil && isSnoozed(record, now) && (
        <p className="snooze-line">
          Snoozed until <time dateTime={record.snoozedUntil}>{formatDateTime(record.snoozedUntil)}</time>: hidden from the working
          lists until then or until the customer replies
        </p>
      )}
      {canWork && (
        <div className="follow-up-forms">
          <FollowUpForm record={record} change={change} />
          <SnoozeForm snoozedUntil={isSnoozed(record, now) ? record.snoozedUntil : null} change={change} />
        </div>
      )}
    </section>
  );
}

/**
 * Runs `action`; the server's messages go under their fields (the toast says it too), and once it
 * is done the focus goes back to `field` if the button pressed went away (or was disabled while
 * the change ran: the focus then fell to the page).
 */
function useAction(change: Change, setProblems: (problems: FieldErrors) => void, field: RefObject<HTMLInputElement | null>) {
  const form = useRef<HTMLFormElement>(null);
  const run = (action: FollowUpAction) =>
    change.mutate(action, {
      onSuccess: () => {
        setProblems({});
        focusAfterChange(field.current, form.current);
      },
      onError: (error) => setProblems(error instanceof ApiError ? error.fields : {}),
    });
  return { form, run };
}

/**
 * Calls `reset` when what the server holds (`held`) changes, here or by a colleague: the fields
 * then show it. Typing in between is kept.
 */
function useResetOnChange(held: string, reset: () => void) {
  const [shown, setShown] = useState(held);
  if (shown !== held) {
    setShown(held);
    reset();
  }
}

/** The `aria-describedby` of a field: its message's id while it has one. */
const describedBy = (problems: FieldErrors, field: string, id: string) => (problems[field] ? id : undefined);

function FollowUpForm({ record, change }: { record: FollowUpState; change: Change }) {
  const [at, setAt] = useState(toLocalInput(record.followUpAt));
  const [note, setNote] = useState(record.followUpNote ?? '');
  const [problems, setProblems] = useState<FieldErrors>({});
  useResetOnChange(`${record.followUpAt}|${record.followUpNote}`, () => {
    setAt(toLocalInput(record.followUpAt));
    setNote(record.followUpNote ?? '');
  });
  const atInput = useRef<HTMLInputElement>(null);
  const { form, run } = useAction(change, setProblems, atInput);
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ type: 'set', at: fromLocalInput(at), note });
  };
  return (
    <form ref={form} className="follow-up-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Follow up</legend>
        <label className="field">
          <span>Follow up on</span>
          <input
            ref={atInput}
            type="datetime-local"
            value={at}
            aria-invalid={problems.at ? true : undefined}
            aria-describedby={describedBy(problems, 'at', `${ids}at`)}
            onChange={(event) => {
              setAt(event.target.value);
              setProblems(withoutProblem(problems, 'at'));
            }}
          />
        </label>
        <FieldProblem id={`${ids}at`} text={problems.at} />
        <QuickPicks onPick={setAt} />
        <label className="field">
          <span>Note (optional)</span>
          <input
            value={note}
            maxLength={FOLLOW_UP_NOTE_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={problems.note ? true : undefined}
            aria-describedby={describedBy(problems, 'note', `${ids}note`)}
            onChange={(event) => {
              setNote(event.target.value);
              setProblems(withoutProblem(problems, 'note'));
            }}
          />
        </label>
        <FieldProblem id={`${ids}note`} text={problems.note} />
        <div className="follow-up-buttons">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            Set follow-up
          </button>
          {record.followUpAt && (
            <button type="button" className="button" disabled={change.isPending} onClick={() => run({ type: 'clear' })}>
              Clear
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}

/** `snoozedUntil`: the end of the record's snooze, null while it is not snoozed. */
function SnoozeForm({ snoozedUntil, change }: { snoozedUntil: string | null; change: Change }) {
  const [until, setUntil] = useState(toLocalInput(snoozedUntil));
  const [problems, setProblems] = useState<FieldErrors>({});
  useResetOnChange(snoozedUntil ?? '', () => setUntil(toLocalInput(snoozedUntil)));
  const untilInput = useRef<HTMLInputElement>(null);
  const { form, run } = useAction(change, setProblems, untilInput);
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ type: 'snooze', until: fromLocalInput(until) });
  };
  return (
    <form ref={form} className="follow-up-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Snooze</legend>
        <label className="field">
          <span>Snooze until</span>
          <input
            ref={untilInput}
            type="datetime-local"
            value={until}
            aria-invalid={problems.until ? true : undefined}
            aria-describedby={[`${ids}hint`, describedBy(problems, 'until', `${ids}until`)].filter(Boolean).join(' ')}
            onChange={(event) => {
              setUntil(event.target.value);
              setProblems(withoutProblem(problems, 'until'));
            }}
          />
        </label>
        <p id={`${ids}hint`} className="follow-up-hint">
          Out of the working lists until then, or until the customer replies.
        </p>
        <FieldProblem id={`${ids}until`} text={problems.until} />
        <QuickPicks onPick={setUntil} />
        <div className="follow-up-buttons">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            Snooze
          </button>
          {snoozedUntil && (
            <button type="button" className="button" disabled={change.isPending} onClick={() => run({ type: 'endSnooze' })}>
              End snooze
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}

/** Buttons that fill a time field with a usual choice (tomorrow morning, next Monday morning). */
function QuickPicks({ onPick }: { onPick: (value: string) => void }) {
  return (
    <div className="quick-picks">
      {quickPicks(new Date()).map((pick) => (
        <button key={pick.label} type="button" className="button quick-pick" onClick={() => onPick(pick.value)}>
          {pick.label}
        </button>
      ))}
    </div>
  );
}
