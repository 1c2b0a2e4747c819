import type { Assignee } from '@sourcing/shared';
import { UNASSIGNED } from './assignees';

/** A status picker: the kind's statuses, from its record definition. */
export function StatusSelect(props: {
  label: string;
  statuses: readonly string[];
  value: string;
  placeholder?: string;
  disabled?: boolean;
  onChange: (status: string) => void;
}) {
  return (
    <select
      className="desk-select"
      aria-label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => e.target.value && props.onChange(e.target.value)}
    >
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      {props.statuses.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </select>
  );
}

const NOBODY = 'nobody';

/** An owner picker: Unassigned or one of the admins (by e-mail). */
export function OwnerSelect(props: {
  label: string;
  assignees: Assignee[];
  value: string | null | undefined;
  placeholder?: string;
  disabled?: boolean;
  onChange: (ownerId: string | null) => void;
}) {
  const { value } = props;
  const shown = value === undefined ? '' : value === null ? NOBODY : value;
  const unlisted = value && !props.assignees.some((a) => a.id === value);
  return (
    <select
      className="desk-select"
      aria-label={props.label}
      value={shown}
      disabled={props.disabled}
      onChange={(e) => e.target.value && props.onChange(e.target.value === NOBODY ? null : e.target.value)}
    >
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      <option value={NOBODY}>{UNASSIGNED}</option>
      {unlisted && <option value={value}>{value}</option>}
      {props.assignees.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  );
}
