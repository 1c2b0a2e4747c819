import { useRef } from 'react';
import type { DeskChange, DeskListName } from '@sourcing/shared';
import { useCan } from '../session/role';
import { ownerLabel, useAssignees } from './assignees';
import { AssignToMe } from './AssignToMe';
import { OwnerSelect, StatusSelect } from './DeskSelects';
import { useRecordChange } from './useDeskChange';

/**
 * A worked record's status and owner on its detail view: changed with the version shown by agents
 * and owners, read by viewers (docs/admin.md#staff-and-roles).
 */
export function DeskPanel(props: {
  list: DeskListName;
  statuses: readonly string[];
  record: { _id: string; status: string; ownerId: string | null; version: number };
}) {
  const { list, record } = props;
  const assignees = useAssignees();
  const canWork = useCan('agent');
  const { mutate, isPending: busy } = useRecordChange();
  const ownerField = useRef<HTMLLabelElement>(null);
  const apply = (change: DeskChange) => mutate({ list, id: record._id, change: { version: record.version, ...change } });
  if (!canWork) {
    return (
      <dl className="desk-panel">
        <div className="desk-field">
          <dt>Status</dt>
          <dd>{record.status}</dd>
        </div>
        <div className="desk-field">
          <dt>Owner</dt>
          <dd>{ownerLabel(assignees, record.ownerId)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <div className="desk-panel">
      <label className="desk-field">
        <span>Status</span>
        <StatusSelect
          label="Status"
          statuses={props.statuses}
          value={record.status}
          busy={busy}
          onChange={(status) => apply({ status })}
        />
      </label>
      <label className="desk-field" ref={ownerField}>
        <span>Owner</span>
        <OwnerSelect
          label="Owner"
          assignees={assignees}
          value={record.ownerId}
          busy={busy}
          onChange={(ownerId) => apply({ ownerId })}
        />
      </label>
      <AssignToMe
        owner={record.ownerId}
        busy={busy}
        onAssign={(me) => {
          apply({ ownerId: me });
          // The button goes with the change (shown at once): the focus stays with the owner it set.
          ownerField.current?.querySelector('select')?.focus();
        }}
      />
    </div>
  );
}
