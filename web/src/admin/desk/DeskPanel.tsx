import { useRef } from 'react';
import type { DeskChange, DeskListName, RecordSource } from '@sourcing/shared';
import { useCan } from '../session/role';
import { ownerLabel, useAssignees } from './assignees';
import { AssignToMe } from './AssignToMe';
import { OwnerSelect, StatusSelect } from './DeskSelects';
import { useRecordChange } from './useDeskChange';

/** A worked record as its desk panel reads it. */
interface DeskRecord {
  _id: string;
  status: string;
  ownerId: string | null;
  version: number;
  outcomeReason: string | null;
  source: RecordSource;
  sourcePartner: string | null;
}

const SOURCE_NAMES: Record<RecordSource, string> = { form: 'Site form', embed: 'Embedded form', desk: 'Entered at the desk' };

/** Where the record came from: 'Site form', or 'Embedded form on https://partner.example' (docs/admin.md#record-sources). */
export const sourceText = ({ source, sourcePartner }: Pick<DeskRecord, 'source' | 'sourcePartner'>) =>
  source === 'embed' && sourcePartner ? `${SOURCE_NAMES.embed} on ${sourcePartner}` : SOURCE_NAMES[source];

/** What a worked record keeps beside its status and owner: why it was won or lost (while it is), and where it came from. */
function RecordFacts({ record }: { record: DeskRecord }) {
  return (
    <>
      {record.outcomeReason && (
        <div className="desk-field">
          <dt>Reason</dt>
          <dd>{record.outcomeReason}</dd>
        </div>
      )}
      <div className="desk-field">
        <dt>Source</dt>
        <dd>{sourceText(record)}</dd>
      </div>
    </>
  );
}

/**
 * A worked record's status (with its reason) and owner on its detail view: changed with the
 * version shown by agents and owners, read by viewers (docs/admin.md#staff-and-roles); and where
 * the record came from.
 */
export function DeskPanel(props: { list: DeskListName; statuses: readonly string[]; title: string; record: DeskRecord }) {
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
        <RecordFacts record={record} />
      </dl>
    );
  }
  return (
    <div className="desk-panel">
      <label className="desk-field">
        <span>Status</span>
        <StatusSelect
          label="Status"
          list={list}
          statuses={props.statuses}
          value={record.status}
          subject={props.title}
          busy={busy}
          onChange={(status, reason) => apply({ status, reason })}
        />
      </label>
      <dl className="desk-facts">
        <RecordFacts record={record} />
      </dl>
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
