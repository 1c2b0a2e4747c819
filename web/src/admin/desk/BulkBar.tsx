import { useState } from 'react';
import type { DeskListName } from '@sourcing/shared';
import { useAssignees } from './assignees';
import { OwnerSelect, StatusSelect } from './DeskSelects';
import { useDeskChange } from './useDeskChange';

/** What the selected rows of a worked list can get at once: a status or an owner. */
export function BulkBar(props: {
  list: DeskListName;
  statuses: readonly string[];
  selected: { id: string; version: number }[];
  onDone: () => void;
}) {
  const assignees = useAssignees();
  const { changeMany } = useDeskChange();
  const [busy, setBusy] = useState(false);
  const apply = async (change: { status?: string; ownerId?: string | null }) => {
    setBusy(true);
    const done = await changeMany(props.list, { records: props.selected, ...change });
    setBusy(false);
    if (done) props.onDone();
  };
  return (
    <div className="bulk-bar" role="region" aria-label="Change selected">
      <span className="bulk-count">{props.selected.length} selected</span>
      <StatusSelect
        label="Set status of selected"
        statuses={props.statuses}
        value=""
        placeholder="Set status..."
        disabled={busy}
        onChange={(status) => void apply({ status })}
      />
      <OwnerSelect
        label="Set owner of selected"
        assignees={assignees}
        value={undefined}
        placeholder="Set owner..."
        disabled={busy}
        onChange={(ownerId) => void apply({ ownerId })}
      />
      <button type="button" className="button" onClick={props.onDone} disabled={busy}>
        Clear selection
      </button>
    </div>
  );
}
