import { SPAM_STATUS, type PrivacySettings } from '@sourcing/shared';
import type { AppDeps } from '../app-deps';
import type { AuditActor } from '../audit/audit';
import { dbTime } from '../db/engine';
import { eraseUnattachedMailsBefore } from '../mail/erase-mails';
import { afterErasure, eraseWithin, noTraces } from '../records/erasure/erase-record';
import type { RecordKind } from '../records/record-kind';
import { ALL_RECORD_KINDS } from '../records/record-kinds';
import { readPrivacySettings } from './privacy-settings';

type RetentionDeps = Pick<AppDeps, 'db' | 'uploads' | 'audit' | 'logger' | 'config' | 'now'>;

/** Who the audit trail says erased records for retention. */
export const RETENTION_ACTOR: AuditActor = { id: null, email: 'retention' };

/** Records erased in one transaction (and one audit entry). */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

/** The same time `months` calendar months earlier (UTC). */
export function monthsBefore(date: Date, months: number): Date {
  const earlier = new Date(date);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/**
 * Whether this process runs today's job: one conditional write on `job_runs` (the last run more than
 * a day ago, or none), so of several replicas asking at once exactly one gets it, and a replica
 * started twice in a day does not run it twice.
 */
async function claimDailyRun(deps: RetentionDeps, name: string, now: Date): Promise<boolean> {
  const { engine } = deps.db;
  const rows = await deps.db.all<{ name: string }>(
    `INSERT INTO "job_runs" ("name", "lastRunAt") VALUES (?, ?)
ON CONFLICT ("name") DO UPDATE SET "lastRunAt" = excluded."lastRunAt" WHERE "job_runs"."lastRunAt" <= ?
RETURNING "name"`,
    [name, dbTime(engine, now), dbTime(engine, new Date(now.getTime() - DAY_MS))],
  );
  return rows.length === 1;
}

/**
 * The records of a kind not updated since `cutoff`: received before it, with no timeline event
 * (status, owner, note, mail, link) since, a subscriber with no confirmation mail since, and not in
 * a status the owner keeps. Spam is never kept: its status is not offered.
 */
async function staleIds(deps: RetentionDeps, kind: RecordKind, cutoff: Date, kept: string[]): Promise<string[]> {
  const at = dbTime(deps.db.engine, cutoff);
  const keeps = kept.filter((status) => status !== SPAM_STATUS);
  const notKept = keeps.length ? ` AND "status" NOT IN (${keeps.map(() => '?').join(', ')})` : '';
  const noRecentMail = kind.table === 'subscribers' ? ` AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" < ?)` : '';
  const rows = await deps.db.all<{ id: string }>(
    `SELECT "id" FROM "${kind.table}" "t" WHERE "createdAt" < ?${notKept}${noRecentMail}
AND NOT EXISTS (SELECT 1 FROM "record_events" "e" WHERE "e"."recordId" = CAST("t"."id" AS varchar(36)) AND "e"."createdAt" >= ?)
LIMIT ${BATCH}`,
    [at, ...keeps, ...(noRecentMail ? [at] : []), at],
  );
  return rows.map((r) => String(r.id));
}

/**
 * The daily retention job (docs/admin.md#retention): with RETENTION_MONTHS set, erases every record
 * not updated for that long (erase-record.ts: every trace of it), except those in a status the
 * owners keep, in batches each with one audit entry naming kinds and ids. Answers how many it
 * erased, or null when retention is off or another run (on this replica or another) has today's turn.
 */
export async function runRetention(deps: RetentionDeps): Promise<number | null> {
  const months = deps.config.retentionMonths;
  if (!months) return null;
  const now = deps.now();
  if (!(await claimDailyRun(deps, 'retention', now))) return null;
  const cutoff = monthsBefore(now, months);
  const settings: PrivacySettings = await readPrivacySettings(deps.db, deps.config);
  let erased = 0;
  for (const kind of ALL_RECORD_KINDS) {
    const kept = settings.keptStatuses[kind.definition.list] ?? [];
    for (let ids = await staleIds(deps, kind, cutoff, kept); ids.length; ids = await staleIds(deps, kind, cutoff, kept)) {
      const traces = noTraces();
      await deps.db.transaction(async (tx) => {
        await eraseWithin(tx, kind, ids, traces);
        const summary = `erased ${traces.erased.length} records not updated since ${cutoff.toISOString().slice(0, 10)}`;
        await deps.audit(
          RETENTION_ACTOR,
          'retention-erased',
          { kind: kind.definition.kind },
          { summary, records: traces.erased },
          tx,
        );
      });
      await afterErasure(deps, traces);
      erased += traces.erased.length;
      if (traces.erased.length === 0) break;
    }
  }
  // Mails no record holds (docs/mail.md#unmatched-mail) are kept no longer than records.
  await deps.db.transaction(async (tx) => {
    const mails = await eraseUnattachedMailsBefore(tx, dbTime(deps.db.engine, cutoff));
    if (mails === 0) return;
    const summary = `erased ${mails} unmatched ${mails === 1 ? 'mail' : 'mails'} received before ${cutoff.toISOString().slice(0, 10)}`;
    await deps.audit(RETENTION_ACTOR, 'retention-erased', null, { summary }, tx);
  });
  return erased;
}

/** How often each process asks whether today's run is due, and how soon after it starts. */
const CHECK_EVERY_MS = 60 * 60_000;
const FIRST_CHECK_MS = 60_000;

/** Asks for the daily run soon after start and then every hour, while RETENTION_MONTHS is set. */
export function scheduleRetention(deps: RetentionDeps): { stop(): void } {
  if (!deps.config.retentionMonths) return { stop() {} };
  const check = () =>
    void runRetention(deps).then(
      (erased) => {
        if (erased) deps.logger.info('retention erased records', { erased });
      },
      (error: unknown) =>
        deps.logger.error('retention failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  const first = setTimeout(check, FIRST_CHECK_MS);
  const every = setInterval(check, CHECK_EVERY_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
