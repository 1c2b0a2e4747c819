import { useRef, useState } from 'react';
import { outcomeReasonsOf, type Assignee, type DeskListName } from '@sourcing/shared';
import { CommitSelect } from '../ui/CommitSelect';
import { UNASSIGNED } from './assignees';
import { OutcomeReasonDialog } from './OutcomeReasonDialog';

/**
 * A status picker: the kind's statuses, from its record definition; a choice counts once made
 * (CommitSelect). A status that asks why (Won, Lost) first asks for its reason in a dialog: while
 * it is open the select waits with the status chosen; Cancel puts back the status shown before,
 * and either way the focus comes back to the select (docs/admin.md#outcome-reasons).
 */
export function StatusSelect(props: {
  label: string;
  list: DeskListName;
  statuses: readonly string[];
  value: string;
  /** Who the change is for, in the reason dialog: the record's name, or '3 records'. */
  subject: string;
  placeholder?: string;
  busy?: boolean;
  onChange: (status: string, reason?: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  const [asking, setAsking] = useState<{ status: string; reasons: readonly string[] } | null>(null);
  const choose = (status: string) => {
    const reasons = outcomeReasonsOf(props.list, status);
    if (reasons) setAsking({ status, reasons });
    else props.onChange(status);
  };
  const close = () => {
    setAsking(null);
    select.current?.focus();
  };
  return (
    <>
      <CommitSelect
        ref={select}
        className="desk-select"
        aria-label={props.label}
        value={props.value}
        busy={props.busy || asking !== null}
        onCommit={choose}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.statuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </CommitSelect>
      {asking && (
        <OutcomeReasonDialog
          subject={props.subject}
          {...asking}
          onCancel={close}
          onChoose={(reason) => {
            close();
            props.onChange(asking.status, reason);
          }}
        />
      )}
    </>
  );
}

const NOBODY = 'nobody';

/** An owner picker: Unassigned or one of the admins (by e-mail). */
export function OwnerSelect(props: {
  label: string;
  assignees: Assignee[];
  value: string | null | undefined;
  placeholder?: string;
  busy?: boolean;
  onChange: (ownerId: string | null) => void;
}) {
  const { value } = props;
  const shown = value === undefined ? '' : value === null ? NOBODY : value;
  const unlisted = value && !props.assignees.some((a) => a.id === value);
  return (
    <CommitSelect
      className="desk-select"
      aria-label={props.label}
      value={shown}
      busy={props.busy}
      onCommit={(chosen) => props.onChange(chosen === NOBODY ? null : chosen)}
    >
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      <option value={NOBODY}>{UNASSIGNED}</option>
      {unlisted && <option value={value}>{value}</option>}
      {props.assignees.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </CommitSelect>
  );
}
