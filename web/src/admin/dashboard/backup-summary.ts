import type { BackupStatus } from '@sourcing/shared';

export interface BackupSummary {
  /** The state in a few words (docs/admin.md#backups). */
  headline: string;
  /** Why the last attempt failed, when it did. */
  error: string | null;
  /** The schedule, or that there is none. */
  schedule: string;
  tone: 'ok' | 'warning';
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** What the owner's dashboard says of the backups; `when` formats a time in the viewer's locale. */
export function summarizeBackups(status: BackupStatus, when: (iso: string) => string): BackupSummary {
  const last = status.lastSucceeded;
  const lastText = last ? `Last backup: ${when(last.at)}${last.bytes === null ? '' : ` (${formatSize(last.bytes)})`}` : null;
  const headline = {
    ok: lastText ?? 'No backup has been taken yet.',
    none: 'No backup has been taken yet.',
    overdue: `Overdue. ${lastText ?? ''}`.trim(),
    failed: `The last backup failed: ${status.lastFailed ? when(status.lastFailed.at) : ''}. ${lastText ?? 'No backup has succeeded yet.'}`,
  }[status.state];
  const schedule = status.schedule
    ? `Every ${status.schedule.everyHours} hours into ${status.schedule.dir}, keeping the newest ${status.schedule.keep} (${status.archives.length} there now).`
    : 'Scheduled backups are off: set BACKUP_DIR.';
  return {
    headline,
    error: status.state === 'failed' ? (status.lastFailed?.error ?? null) : null,
    schedule,
    tone: status.state === 'ok' ? 'ok' : 'warning',
  };
}
