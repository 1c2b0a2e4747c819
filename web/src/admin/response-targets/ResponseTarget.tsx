import { useId } from 'react';
import { DESK_LISTS, RESPONSE_STATE_LABELS, responseStateOf, type DeskListName, type ResponseFacts } from '@sourcing/shared';
import { formatDateTime } from '../lists/list-definitions';
import './response-targets.css';

/** A worked record's response facts, or null for a record of another kind. */
function factsOf(list: string, row: object): { list: DeskListName; record: ResponseFacts } | null {
  const record = row as Partial<ResponseFacts>;
  if (!(DESK_LISTS as readonly string[]).includes(list) || record.responseDueAt === undefined) return null;
  return { list: list as DeskListName, record: record as ResponseFacts };
}

/**
 * After a worked record's name in its list (docs/admin.md#response-targets): 'Response due',
 * 'Response met' or 'Response missed', its due time in the tooltip; nothing without a target.
 */
export function ResponseBadge({ list, row }: { list: string; row: object }) {
  const facts = factsOf(list, row);
  const state = facts && responseStateOf(facts.list, facts.record, new Date());
  if (!facts || !state) return null;
  return (
    <span
      className={`record-badge response-${state}`}
      title={`First response due ${formatDateTime(facts.record.responseDueAt!)}`}
    >
      Response {RESPONSE_STATE_LABELS[state].toLowerCase()}
    </span>
  );
}

/**
 * The `Response target` card of a worked record's detail view: by when its first response is due
 * and where it stands (Due, Met, Missed), and when it came. Nothing for a record without a target.
 */
export function ResponseTargetCard({ list, row }: { list: string; row: object }) {
  const titleId = useId();
  const facts = factsOf(list, row);
  if (!facts?.record.responseDueAt) return null;
  const { responseDueAt, firstResponseAt } = facts.record;
  const state = responseStateOf(facts.list, facts.record, new Date());
  return (
    <section className="detail-card response-target-card" aria-labelledby={titleId}>
      <h3 id={titleId}>Response target</h3>
      <p>
        First response due by <time dateTime={responseDueAt}>{formatDateTime(responseDueAt)}</time>
        {state && <span className={`record-badge response-${state}`}>{RESPONSE_STATE_LABELS[state]}</span>}
      </p>
      {firstResponseAt && (
        <p>
          Answered <time dateTime={firstResponseAt}>{formatDateTime(firstResponseAt)}</time>
        </p>
      )}
    </section>
  );
}
