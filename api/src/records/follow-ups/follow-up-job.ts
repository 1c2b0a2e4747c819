/**
 * The follow-up job (docs/api.md#follow-ups-and-snooze): every FOLLOW_UP_CHECK_MS each process
 * announces the follow-ups whose time came, ends the snoozes whose date came, and asks whether the
 * day's digest is due. Each record is claimed by a conditional UPDATE, so of several replicas
 * checking at once exactly one announces it.
 */
import { FOLLOW_UP_REMINDER } from '@sourcing/shared';
import { dbTime } from '../../db/engine';
import { changeEvent } from '../desk/change-records';
import { eventRow, storeEvents } from '../desk/record-events';
import type { RecordKind } from '../record-kind';
import { claimEach, scheduleChecks, type DueQuery, type JobDeps } from '../timed-checks';
import { sendFollowUpDigests, type DigestDeps } from './follow-up-digest';

/** A kind's follow-ups whose time (`now`, as the database compares it) came and whose reminder has not gone out: its `_follow_up_due` index. */
export const dueFollowUps = (kind: RecordKind, now: unknown): DueQuery => ({
  sql: `SELECT "id" FROM "${kind.table}" WHERE "followUpNotifiedAt" IS NULL AND "followUpAt" <= ? ORDER BY "followUpAt", "id"`,
  params: [now],
});

/** A kind's records whose snooze's date came: its `_snoozed` index. */
export const dueSnoozes = (kind: RecordKind, now: unknown): DueQuery => ({
  sql: `SELECT "id" FROM "${kind.table}" WHERE "snoozedUntil" <= ? ORDER BY "snoozedUntil", "id"`,
  params: [now],
});

/**
 * Announces every follow-up whose time came and whose reminder has not gone out: a live change of
 * type `follow-up` by FOLLOW_UP_REMINDER, 'Follow up: <title> — <note, else reference>', under the
 * record's owner (their admin notifies them; nobody's record, everyone's). Answers how many.
 */
export async function notifyDueFollowUps(deps: JobDeps): Promise<number> {
  const now = dbTime(deps.db.engine, deps.now());
  return claimEach(
    deps,
    (kind) => dueFollowUps(kind, now),
    (tx, kind, id) =>
      tx.run(
        `UPDATE "${kind.table}" SET "followUpNotifiedAt" = ? WHERE "id" = ? AND "followUpNotifiedAt" IS NULL AND "followUpAt" <= ?`,
        [now, id, now],
      ),
    async (_tx, announce, kind, row) => {
      const text = `Follow up: ${String(row[kind.definition.title])} — ${row.followUpNote ?? String(row.reference)}`;
      await announce(changeEvent(kind, row, FOLLOW_UP_REMINDER, 'follow-up', text));
    },
  );
}

/**
 * Ends every snooze whose date came: the record is back in the working lists, its timeline says
 * the snooze ended (`why: 'date'`), and its open views re-read. Answers how many.
 */
export async function endDueSnoozes(deps: JobDeps): Promise<number> {
  const at = deps.now();
  const now = dbTime(deps.db.engine, at);
  return claimEach(
    deps,
    (kind) => dueSnoozes(kind, now),
    (tx, kind, id) =>
      tx.run(`UPDATE "${kind.table}" SET "snoozedUntil" = NULL WHERE "id" = ? AND "snoozedUntil" <= ?`, [id, now]),
    async (tx, announce, kind, row) => {
      await storeEvents(tx, [eventRow(kind.definition.kind, row.id, 'snooze-ended', null, { why: 'date' }, at)]);
      const text = `ended the snooze of ${String(row[kind.definition.title])}`;
      await announce(changeEvent(kind, row, FOLLOW_UP_REMINDER, 'snooze', text));
    },
  );
}

/** Runs the follow-up checks every `config.followUpCheckMs` (records/timed-checks.ts). */
export function scheduleFollowUps(deps: JobDeps & DigestDeps): { stop(): Promise<void> } {
  return scheduleChecks(deps, deps.config.followUpCheckMs, {
    'announcing follow-ups': () => notifyDueFollowUps(deps),
    'ending snoozes': () => endDueSnoozes(deps),
    'the follow-up digest': () => sendFollowUpDigests(deps),
  });
}
