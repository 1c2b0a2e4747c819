import { statusesOf } from '@sourcing/shared';
import type { Cell } from '../lists/list-definitions';
import { useCan } from '../session/role';
import { ownerLabel, useAssignees } from './assignees';
import { StatusSelect } from './DeskSelects';
import { useRecordChange } from './useDeskChange';

/** A row's status: changed in place (the row action) with the version the row shows, or read by a viewer. */
export function RowStatus({ cell }: { cell: Extract<Cell, { kind: 'status' }> }) {
  const canWork = useCan('agent');
  const { mutate, isPending } = useRecordChange();
  if (!canWork) return cell.status;
  return (
    <StatusSelect
      label={`Status of ${cell.title}`}
      list={cell.list}
      statuses={statusesOf(cell.list) ?? []}
      value={cell.status}
      subject={cell.title}
      busy={isPending}
      onChange={(status, reason) => mutate({ list: cell.list, id: cell.id, change: { version: cell.version, status, reason } })}
    />
  );
}

export function OwnerName({ ownerId }: { ownerId: string | null }) {
  return ownerLabel(useAssignees(), ownerId);
}
