import { useState } from 'react';
import type { DeskListName } from '@sourcing/shared';
import { useAssignees } from './assignees';
import { OwnerSelect, StatusSelect } from './DeskSelects';
import { useDeskChange } from './useDeskChange';

/** A worked record's status and owner on its detail view, changed with the version shown. */
export function DeskPanel(props: {
  list: DeskListName;
  statuses: readonly string[];
  record: { _id: string; status: string; ownerId: string | null; version: number };
}) {
  const { list, record } = props;
  const assignees = useAssignees();
  const { changeOne } = useDeskChange();
  const [busy, setBusy] = useState(false);
  const apply = async (change: { status?: string; ownerId?: string | null }) => {
    setBusy(true);
    await changeOne(list, record._id, { version: record.version, ...change });
    setBusy(false);
  };
  return (
    <div className="desk-panel">
      <label className="desk-field">
        <span>Status</span>
        <StatusSelect
          label="Status"
          statuses={props.statuses}
          value={record.status}
          disabled={busy}
          onChange={(status) => void apply({ status })}
        />
      </label>
      <label className="desk-field">
        <span>Owner</span>
        <OwnerSelect
          label="Owner"
          assignees={assignees}
          value={record.ownerId}
          disabled={busy}
          onChange={(ownerId) => void apply({ ownerId })}
        />
      </label>
    </div>
  );
}
