/**
 * The follow-up job (docs/api.md#follow-ups-and-snooze): every FOLLOW_UP_CHECK_MS each process
 * announces the follow-ups whose time came, ends the snoozes whose date came, and asks whether the
 * day's digest is due. Each record is claimed by a conditional UPDATE, so of several replicas
 * checking at once exactly one announces it.
 */
import { FOLLOW_UP_REMINDER } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import type { Transaction } from '../../db/database';
import { dbTime } from '../../db/engine';
import { WORKED_KINDS } from '../assignment/automatic-assignment';
import { changeEvent, type DeskRow } from '../desk/change-records';
import { eventRow, storeEvents } from '../desk/record-events';
import { changeWithEvents, type Announce } from '../publish';
import type { RecordKind } from '../record-kind';
import { sendFollowUpDigests, type DigestDeps } from './follow-up-digest';

type JobDeps = Pick<AppDeps, 'db' | 'bus' | 'logger' | 'now'>;

/** Records claimed per transaction. */
const BATCH = 100;

/** A statement of the records a check claims, with its parameters (before its LIMIT). */
interface DueQuery {
  sql: string;
  params: unknown[];
}

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
 * Claims, batch by batch, the records of each worked kind `due` selects: `claim` is the conditional
 * UPDATE that takes one (0 rows when another replica took it first), `then` what follows in the
 * same transaction. Answers how many were claimed.
 */
async function claimEach(
  deps: JobDeps,
  due: (kind: RecordKind) => DueQuery,
  claim: (tx: Transaction, kind: RecordKind, id: string) => Promise<number>,
  then: (tx: Transaction, announce: Announce, kind: RecordKind, row: DeskRow) => Promise<void>,
): Promise<number> {
  let claimed = 0;
  for (const kind of WORKED_KINDS) {
    for (;;) {
      const { sql, params } = due(kind);
      const ids = (await deps.db.all<{ id: string }>(`${sql} LIMIT ${BATCH}`, params)).map((r) => String(r.id));
      if (ids.length === 0) break;
      claimed += await changeWithEvents(deps, async (tx, announce) => {
        let taken = 0;
        for (const id of ids) {
          if (!(await claim(tx, kind, id))) continue;
          const row = (await tx.manager.getRepository<DeskRow>(kind.entity).findOneBy({ id })) as DeskRow;
          await then(tx, announce, kind, row);
          taken += 1;
        }
        return taken;
      });
      if (ids.length < BATCH) break;
    }
  }
  return claimed;
}

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

/**
 * Runs the checks every `config.followUpCheckMs`, one run at a time; a failure is logged and the
 * next run tries again. `stop` waits for a run under way.
 */
export function scheduleFollowUps(deps: JobDeps & DigestDeps): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const failed = (what: string) => (error: unknown) =>
    deps.logger.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) });
  const check = async () => {
    await notifyDueFollowUps(deps).catch(failed('announcing follow-ups'));
    await endDueSnoozes(deps).catch(failed('ending snoozes'));
    await sendFollowUpDigests(deps).catch(failed('the follow-up digest'));
  };
  const every = setInterval(() => {
    running ??= check().finally(() => (running = null));
  }, deps.config.followUpCheckMs);
  every.unref();
  return {
    async stop() {
      clearInterval(every);
      await running;
    },
  };
}
