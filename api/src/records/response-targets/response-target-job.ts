/**
 * The response targets' watch (docs/api.md#response-targets): every RESPONSE_TARGET_CHECK_MS each
 * process warns of the unanswered records whose target comes within the warning time, and tells
 * of those whose target passed. Each warning and each notice is claimed by a conditional UPDATE,
 * so of several replicas checking at once exactly one sends it.
 */
import { openStatusesOf, RESPONSE_TARGET_WATCH, type DeskListName } from '@sourcing/shared';
import type { AppDeps } from '../../app-deps';
import { dbTime } from '../../db/engine';
import { changeEvent, type DeskRow } from '../desk/change-records';
import type { RecordKind } from '../record-kind';
import { claimEach, scheduleChecks, type DueQuery, type JobDeps } from '../timed-checks';

type WatchDeps = JobDeps & Pick<AppDeps, 'config'>;

/** What each check claims: the column it sets, and the moment (a column) from which it is due. */
const CHECKS = {
  warning: { claim: 'responseWarnedAt', from: 'responseWarnAt' },
  missed: { claim: 'responseMissedAt', from: 'responseDueAt' },
} as const;
type Check = keyof typeof CHECKS;

/** A kind's unanswered records whose moment came by `now` and whose check has not claimed them: its `_response_warn` or `_response_missed` index. */
export const dueResponses = (kind: RecordKind, name: Check, now: unknown): DueQuery => {
  const check = CHECKS[name];
  return {
    sql: `SELECT "id" FROM "${kind.table}" WHERE "${check.claim}" IS NULL AND "firstResponseAt" IS NULL AND "responseDueAt" IS NOT NULL AND "${check.from}" <= ? ORDER BY "${check.from}", "id"`,
    params: [now],
  };
};

/** Whether a record still waits for its first response (a closed or spam record needs none). */
const waits = (kind: RecordKind, row: DeskRow) => openStatusesOf(kind.definition.list as DeskListName).includes(row.status);

const titleOf = (kind: RecordKind, row: DeskRow) => String(row[kind.definition.title]);

/**
 * Claims each record whose moment of `check` came and announces it with `text` when it still waits
 * for an answer: a live change of type `response` by RESPONSE_TARGET_WATCH under the record's
 * owner. A record that needs no answer (closed, Spam) is claimed quietly, so it is not read again.
 * Answers how many were announced.
 */
async function announceDue(deps: JobDeps, name: Check, text: (kind: RecordKind, row: DeskRow) => string | null): Promise<number> {
  const check = CHECKS[name];
  const now = dbTime(deps.db.engine, deps.now());
  let announced = 0;
  await claimEach(
    deps,
    (kind) => dueResponses(kind, name, now),
    (tx, kind, id) =>
      tx.run(
        `UPDATE "${kind.table}" SET "${check.claim}" = ? WHERE "id" = ? AND "${check.claim}" IS NULL AND "firstResponseAt" IS NULL AND "${check.from}" <= ?`,
        [now, id, now],
      ),
    async (_tx, announce, kind, row) => {
      const line = waits(kind, row) ? text(kind, row) : null;
      if (line === null) return;
      await announce(changeEvent(kind, row, RESPONSE_TARGET_WATCH, 'response', line));
      announced += 1;
    },
  );
  return announced;
}

/**
 * Warns of each unanswered record whose target comes within the warning time: 'Response due soon:
 * <title>'. One already past its target gets the missed notice instead. Answers how many.
 */
export function warnResponsesDueSoon(deps: JobDeps): Promise<number> {
  const now = deps.now();
  return announceDue(deps, 'warning', (kind, row) =>
    row.responseDueAt && row.responseDueAt > now ? `Response due soon: ${titleOf(kind, row)}` : null,
  );
}

/** Tells of each unanswered record whose target passed: 'Response target missed: <title>'. Answers how many. */
export function announceMissedResponses(deps: JobDeps): Promise<number> {
  return announceDue(deps, 'missed', (kind, row) => `Response target missed: ${titleOf(kind, row)}`);
}

/** Runs the watch every `config.responseTargetCheckMs` (records/timed-checks.ts). */
export function scheduleResponseTargets(deps: WatchDeps): { stop(): Promise<void> } {
  return scheduleChecks(deps, deps.config.responseTargetCheckMs, {
    'announcing missed response targets': () => announceMissedResponses(deps),
    'warning of response targets due soon': () => warnResponsesDueSoon(deps),
  });
}
