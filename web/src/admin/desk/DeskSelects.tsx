import type { Assignee } from '@sourcing/shared';
import { CommitSelect } from '../ui/CommitSelect';
import { UNASSIGNED } from './assignees';

/** A status picker: the kind's statuses, from its record definition; a choice counts once made (CommitSelect). */
export function StatusSelect(props: {
  label: string;
  statuses: readonly string[];
  value: string;
  placeholder?: string;
  busy?: boolean;
  onChange: (status: string) => void;
}) {
  return (
    <CommitSelect
      className="desk-select"
      aria-label={props.label}
      value={props.value}
      busy={props.busy}
      onCommit={props.onChange}
    >
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      {props.statuses.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </CommitSelect>
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
