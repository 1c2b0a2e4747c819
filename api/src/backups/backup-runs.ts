import type { BackupHealth, BackupRun, BackupStatus } from '@sourcing/shared';
import type { Audit, AuditActor } from '../audit/audit';
import { AuditEntity, type AuditRow } from '../audit/audit-entity';
import type { BackupConfig } from '../config';
import type { Database, Transaction } from '../db/database';
import type { TakenBackup } from './take-backup';

/**
 * Each backup written or failed is an entry of the audit trail (a backup copies every record: who
 * took one, and when, belongs there). The newest of each is the backups' state, read through the
 * trail's (action, at) index: two small reads, whatever the trail's size.
 */
export const SCHEDULE_ACTOR: AuditActor = { id: null, email: 'backup schedule' };

/** The archive is named by the schedule's or the operator's folder: the audit subject says which file. */
const subjectOf = (name: string | null) => ({ kind: 'backup', id: name });

const ERROR_MAX_CHARS = 500;

export function recordTaken(audit: Audit, who: AuditActor, taken: TakenBackup, tx?: Transaction): Promise<void> {
  const summary = `backup ${taken.name} written (${formatBytes(taken.bytes)}, ${taken.manifest.files.length} files)`;
  return audit(
    who,
    'backup-taken',
    subjectOf(taken.name),
    { summary, bytes: taken.bytes, files: taken.manifest.files.length, rotatedOut: taken.rotatedOut },
    tx,
  );
}

export function recordFailed(audit: Audit, who: AuditActor, error: unknown, tx?: Transaction): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_CHARS);
  return audit(who, 'backup-failed', subjectOf(null), { summary: `backup failed: ${message}`, error: message }, tx);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export interface BackupRuns {
  lastSucceeded: BackupRun | null;
  lastFailed: BackupRun | null;
}

function runOf(row: AuditRow | null): BackupRun | null {
  if (!row) return null;
  const details = JSON.parse(row.details) as { bytes?: number; error?: string };
  return {
    at: new Date(row.at).toISOString(),
    by: row.actorEmail,
    archive: row.subjectId,
    bytes: details.bytes ?? null,
    error: details.error ?? null,
  };
}

export async function readBackupRuns(db: Pick<Database, 'reads'>): Promise<BackupRuns> {
  const entries = db.reads.getRepository(AuditEntity);
  const newest = (action: 'backup-taken' | 'backup-failed') => entries.findOne({ where: { action }, order: { at: 'DESC' } });
  const [taken, failed] = await Promise.all([newest('backup-taken'), newest('backup-failed')]);
  return { lastSucceeded: runOf(taken), lastFailed: runOf(failed) };
}

/** The time of the last attempt, written or failed (the schedule counts its interval from it). */
export function lastAttemptAt(runs: BackupRuns): number | null {
  const times = [runs.lastSucceeded?.at, runs.lastFailed?.at].filter((at): at is string => !!at).map(Date.parse);
  return times.length ? Math.max(...times) : null;
}

/** How late past its interval the schedule's last success may be before it is overdue. */
const OVERDUE_GRACE_MS = 60 * 60_000;

/** What anyone may read of the backups (GET /api/health): no folder, file, size or error message. */
export function backupHealth(runs: BackupRuns, config: BackupConfig, now: Date): BackupHealth {
  const succeeded = runs.lastSucceeded ? Date.parse(runs.lastSucceeded.at) : null;
  const failed = runs.lastFailed ? Date.parse(runs.lastFailed.at) : null;
  const scheduled = config.dir !== null;
  let state: BackupHealth['state'] = 'ok';
  if (failed !== null && (succeeded === null || failed > succeeded)) state = 'failed';
  else if (succeeded === null) state = 'none';
  else if (scheduled && now.getTime() - succeeded > config.everyHours * 3_600_000 + OVERDUE_GRACE_MS) state = 'overdue';
  return {
    scheduled,
    state,
    lastSucceededAt: runs.lastSucceeded?.at ?? null,
    lastFailedAt: runs.lastFailed?.at ?? null,
  };
}

/** What owners see (GET /api/admin/backups). */
export function backupStatus(
  runs: BackupRuns,
  config: BackupConfig,
  now: Date,
  archives: BackupStatus['archives'],
): BackupStatus {
  return {
    ...backupHealth(runs, config, now),
    schedule: config.dir === null ? null : { dir: config.dir, everyHours: config.everyHours, keep: config.keep },
    lastSucceeded: runs.lastSucceeded,
    lastFailed: runs.lastFailed,
    archives,
  };
}
