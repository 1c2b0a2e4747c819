import type { DeskChange, DeskListName } from '@sourcing/shared';
import type { ReactNode } from 'react';
import { useAssignees } from './assignees';
import { OwnerSelect, StatusSelect } from './DeskSelects';
import { useBulkChange } from './useDeskChange';

/** What the selected rows of a worked list can get at once: a status or an owner. */
export function BulkBar(props: {
  list: DeskListName;
  statuses: readonly string[];
  selected: { id: string; version: number }[];
  onDone: () => void;
  /** More actions on the selection (marking spam, erasing), before `Clear selection`. */
  children?: ReactNode;
}) {
  const assignees = useAssignees();
  const { mutate, isPending: busy } = useBulkChange();
  const apply = (change: DeskChange) =>
    mutate({ list: props.list, change: { records: props.selected, ...change } }, { onSuccess: props.onDone });
  return (
    <div className="bulk-bar" role="region" aria-label="Change selected">
      <span className="bulk-count">{props.selected.length} selected</span>
      <StatusSelect
        label="Set status of selected"
        statuses={props.statuses}
        value=""
        placeholder="Set status..."
        disabled={busy}
        onChange={(status) => apply({ status })}
      />
      <OwnerSelect
        label="Set owner of selected"
        assignees={assignees}
        value={undefined}
        placeholder="Set owner..."
        disabled={busy}
        onChange={(ownerId) => apply({ ownerId })}
      />
      {props.children}
      <button type="button" className="button" onClick={props.onDone} disabled={busy}>
        Clear selection
      </button>
    </div>
  );
}
