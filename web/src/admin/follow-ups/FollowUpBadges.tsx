import { isFollowUpDue, isSnoozed, type FollowUpState } from './follow-up-times';
import './follow-ups.css';

/**
 * After a worked record's name in its list (docs/admin.md#follow-ups-and-snooze): 'Follow up' once
 * its follow-up is due, 'Snoozed' while it is snoozed (shown when the list lists snoozed records).
 * Nothing for a record of another kind.
 */
export function FollowUpBadges({ row }: { row: object }) {
  const record = row as Partial<FollowUpState>;
  if (record.followUpAt === undefined || record.snoozedUntil === undefined) return null;
  const state = { followUpAt: record.followUpAt, snoozedUntil: record.snoozedUntil };
  const now = new Date();
  return (
    <>
      {isFollowUpDue(state, now) && <span className="record-badge follow-up-badge">Follow up</span>}
      {isSnoozed(state, now) && <span className="record-badge snoozed-badge">Snoozed</span>}
    </>
  );
}
