/** Backups as monitoring and the owner's dashboard see them (docs/operations.md#backups). */

/**
 * ok: the last backup succeeded (and, with a schedule, is not overdue); failed: the last attempt
 * failed; overdue: the schedule's last success is older than its interval and an hour; none: no
 * backup was ever taken.
 */
export type BackupState = 'ok' | 'failed' | 'overdue' | 'none';

/** What GET /api/health says of backups, to anyone: a state and two times, nothing else. */
export interface BackupHealth {
  /** BACKUP_DIR is set, so the server takes backups itself. */
  scheduled: boolean;
  state: BackupState;
  lastSucceededAt: string | null;
  lastFailedAt: string | null;
}

/** One backup, written or failed, as the audit trail recorded it. */
export interface BackupRun {
  at: string;
  /** 'backup schedule', or 'cli' for `npm run admin -- backup`. */
  by: string;
  /** The archive's file name and size (a written backup). */
  archive: string | null;
  bytes: number | null;
  /** Why it failed (a failed one). */
  error: string | null;
}

/** GET /api/admin/backups (owners): the health above, the schedule, the last runs and the archives kept. */
export interface BackupStatus extends BackupHealth {
  schedule: { dir: string; everyHours: number; keep: number } | null;
  lastSucceeded: BackupRun | null;
  lastFailed: BackupRun | null;
  /** The archives in BACKUP_DIR, newest first. */
  archives: { name: string; bytes: number }[];
}
