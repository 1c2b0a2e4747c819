import type { BackupHealth } from '@sourcing/shared';
import type { Audit } from '../audit/audit';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../http/logger';
import { escapeHtml } from '../mail/compose';
import { queueMail } from '../mail/outbox';
import type { MailWorker } from '../mail/outbox-worker';
import { siteUrl } from '../mail/site-url';
import { withBackupLock } from './backup-lock';
import { removeLeftovers } from './backup-rotation';
import {
  backupHealth,
  formatBytes,
  lastAttemptAt,
  readBackupRuns,
  recordFailed,
  recordTaken,
  SCHEDULE_ACTOR,
  type BackupRuns,
} from './backup-runs';
import { takeBackup } from './take-backup';

/** How often each process looks whether a backup is due, and re-reads the state GET /api/health shows. */
const CHECK_EVERY_MS = 60_000;

export type ScheduledRun = 'off' | 'busy' | 'not-due' | 'taken' | 'failed';

export interface BackupSchedule {
  /** The backups' state as GET /api/health shows it: from memory, re-read every minute. */
  health(): BackupHealth;
  /** Takes a backup when one is due and no other is being taken (tests call it with their clock). */
  runDue(): Promise<ScheduledRun>;
  close(): Promise<void>;
}

/** What the schedule needs of the app's dependencies (it is one of them: app-deps.ts). */
interface ScheduleDeps {
  config: Pick<Config, 'storage' | 'mail' | 'publicUrl' | 'port' | 'uploadsDir'>;
  db: Pick<Database, 'reads' | 'transaction'>;
  audit: Audit;
  logger: Logger;
  mail: Pick<MailWorker, 'nudge'>;
  now: () => Date;
}

/**
 * Scheduled backups (docs/operations.md#backups): with BACKUP_DIR set, a backup is due
 * BACKUP_EVERY_HOURS after the last attempt, written or failed, by any replica (the audit trail
 * says when); the replica that takes it holds the backup lock, so two never run at once. The
 * folder then keeps BACKUP_KEEP archives. A failure is recorded and mailed to NOTIFY_EMAILS.
 */
export function startBackupSchedule(deps: ScheduleDeps): BackupSchedule {
  const { storage, mail } = deps.config;
  const settings = storage.backups;
  let runs: BackupRuns = { lastSucceeded: null, lastFailed: null };
  let stopped = false;
  let checking: Promise<unknown> = Promise.resolve();

  const refresh = async () => {
    runs = await readBackupRuns(deps.db);
  };

  async function alert(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const lastGood = runs.lastSucceeded ? `${runs.lastSucceeded.at} (${runs.lastSucceeded.archive})` : 'none yet';
    await deps.db.transaction(async (tx) => {
      await recordFailed(deps.audit, SCHEDULE_ACTOR, error, tx);
      if (mail.notifyEmails.length === 0) return;
      const text = [
        `The scheduled backup into ${settings.dir} failed at ${deps.now().toISOString()}:`,
        message,
        `The last backup written: ${lastGood}. The next attempt is in ${settings.everyHours} hour(s).`,
        `The backups' state is on the dashboard of ${siteUrl(deps.config)}/admin; the server's log has the details.`,
      ];
      await queueMail(tx, deps.now(), 'staff-alert', {
        from: mail.from,
        to: mail.notifyEmails,
        subject: 'Backup failed',
        text: `${text.join('\n\n')}\n`,
        html: text.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
      });
    });
    deps.mail.nudge();
  }

  async function runDue(): Promise<ScheduledRun> {
    const dir = settings.dir;
    if (!dir || stopped) return 'off';
    const locked = await withBackupLock(storage, async (): Promise<ScheduledRun> => {
      await refresh();
      const last = lastAttemptAt(runs);
      const now = deps.now();
      if (last !== null && now.getTime() - last < settings.everyHours * 3_600_000) return 'not-due';
      try {
        await removeLeftovers(dir);
        const taken = await takeBackup(storage, { to: dir, now, keep: settings.keep });
        await recordTaken(deps.audit, SCHEDULE_ACTOR, taken);
        deps.logger.info('backup written', { archive: taken.path, size: formatBytes(taken.bytes), removed: taken.rotatedOut });
        return 'taken';
      } catch (error) {
        deps.logger.error('backup failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        await alert(error);
        return 'failed';
      }
    });
    await refresh();
    return locked.taken ? locked.value : 'busy';
  }

  const check = () => {
    checking = (settings.dir ? runDue() : refresh()).catch((error: unknown) =>
      deps.logger.error('backup check failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  void refresh().catch(() => undefined);

  return {
    health: () => backupHealth(runs, settings, deps.now()),
    runDue,
    async close() {
      stopped = true;
      clearInterval(timer);
      await checking;
    },
  };
}
