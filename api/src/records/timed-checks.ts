/**
 * What the timed jobs share (the follow-up job, docs/api.md#follow-ups-and-snooze; the response
 * targets' watch, docs/api.md#response-targets): records claimed one by one with a conditional
 * UPDATE, so of several replicas checking at once exactly one acts on each, and checks run on a
 * timer, one run at a time.
 */
import type { AppDeps } from '../app-deps';
import type { Transaction } from '../db/database';
import { WORKED_KINDS } from './assignment/automatic-assignment';
import type { DeskRow } from './desk/change-records';
import { changeWithEvents, type Announce } from './publish';
import type { RecordKind } from './record-kind';

export type JobDeps = Pick<AppDeps, 'db' | 'bus' | 'logger' | 'now'>;

/** Records claimed per transaction. */
const BATCH = 100;

/** A statement of the records a check claims, with its parameters (before its LIMIT). */
export interface DueQuery {
  sql: string;
  params: unknown[];
}

/**
 * Claims, batch by batch, the records of each worked kind `due` selects: `claim` is the conditional
 * UPDATE that takes one (0 rows when another replica took it first), `then` what follows in the
 * same transaction. Answers how many were claimed.
 */
export async function claimEach(
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
 * Runs `checks` (each named for the log) every `everyMs`, one run at a time; a failure is logged
 * and the next run tries again. `stop` waits for a run under way.
 */
export function scheduleChecks(
  deps: Pick<AppDeps, 'logger'>,
  everyMs: number,
  checks: Record<string, () => Promise<unknown>>,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const check = async () => {
    for (const [what, run] of Object.entries(checks)) {
      await run().catch((error: unknown) =>
        deps.logger.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) }),
      );
    }
  };
  const every = setInterval(() => {
    running ??= check().finally(() => (running = null));
  }, everyMs);
  every.unref();
  return {
    async stop() {
      clearInterval(every);
      await running;
    },
  };
}
