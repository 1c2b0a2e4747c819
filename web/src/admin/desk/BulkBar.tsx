import { useRef, type ReactNode } from 'react';
import type { DeskChange, DeskListName } from '@sourcing/shared';
import { useAssignees } from './assignees';
import { AssignToMe } from './AssignToMe';
import { OwnerSelect, StatusSelect } from './DeskSelects';
import { useBulkChange } from './useDeskChange';
import { plural } from '../ui/plural';

/**
 * What the selected rows of a worked list can get at once: a status or an owner. `onDone` ends the
 * selection (and with it the bar), saying whether the focus was in the bar.
 */
export function BulkBar(props: {
  list: DeskListName;
  statuses: readonly string[];
  selected: { id: string; version: number }[];
  onDone: (hadFocus: boolean) => void;
  /** More actions on the selection (marking spam, erasing), before `Clear selection`; each ends it with `done`. */
  children?: (done: () => void) => ReactNode;
}) {
  const assignees = useAssignees();
  const bar = useRef<HTMLDivElement>(null);
  const { mutate, isPending: busy } = useBulkChange();
  const done = () => props.onDone(bar.current?.contains(document.activeElement) ?? false);
  const apply = (change: DeskChange) =>
    mutate({ list: props.list, change: { records: props.selected, ...change } }, { onSuccess: done });
  return (
    <div ref={bar} className="bulk-bar" role="region" aria-label="Change selected">
      <span className="bulk-count">{props.selected.length} selected</span>
      <StatusSelect
        label="Set status of selected"
        list={props.list}
        statuses={props.statuses}
        value=""
        subject={plural(props.selected.length, 'record', 'records')}
        placeholder="Set status..."
        busy={busy}
        onChange={(status, reason) => apply({ status, reason })}
      />
      <OwnerSelect
        label="Set owner of selected"
        assignees={assignees}
        value={undefined}
        placeholder="Set owner..."
        busy={busy}
        onChange={(ownerId) => apply({ ownerId })}
      />
      <AssignToMe busy={busy} onAssign={(me) => apply({ ownerId: me })} />
      {props.children?.(done)}
      <button type="button" className="button" onClick={done} disabled={busy}>
        Clear selection
      </button>
    </div>
  );
}
