import { useState } from 'react';
import { statusesOf } from '@sourcing/shared';
import type { Cell } from '../lists/list-definitions';
import { ownerLabel, useAssignees } from './assignees';
import { StatusSelect } from './DeskSelects';
import { useDeskChange } from './useDeskChange';

/** A row's status, changed in place (the row action) with the version the row shows. */
export function RowStatus({ cell }: { cell: Extract<Cell, { kind: 'status' }> }) {
  const { changeOne } = useDeskChange();
  const [busy, setBusy] = useState(false);
  return (
    <StatusSelect
      label={`Status of ${cell.title}`}
      statuses={statusesOf(cell.list) ?? []}
      value={cell.status}
      disabled={busy}
      onChange={(status) => {
        setBusy(true);
        void changeOne(cell.list, cell.id, { version: cell.version, status }).finally(() => setBusy(false));
      }}
    />
  );
}

export function OwnerName({ ownerId }: { ownerId: string | null }) {
  return ownerLabel(useAssignees(), ownerId);
}
