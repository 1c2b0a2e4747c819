/**
 * The admin CLI's backup commands (docs/operations.md#backups):
 *   npm run admin -- backup [--to <folder>]   (default: BACKUP_DIR)
 *   npm run admin -- restore <archive>        (into an empty DATA_DIR, UPLOADS_DIR and database)
 */
import { basename, resolve } from 'node:path';
import { CLI_ACTOR, createAudit } from '../audit/audit';
import { withBackupLock } from '../backups/backup-lock';
import { migrationLevel, type Manifest } from '../backups/backup-manifest';
import { formatBytes, recordFailed, recordTaken } from '../backups/backup-runs';
import { BackupError } from '../backups/database-copy';
import { restoreBackup } from '../backups/restore-backup';
import { takeBackup, type TakenBackup } from '../backups/take-backup';
import { ConfigError, loadStorageConfig, type StorageConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { USAGE, type CliResult } from './admin-command';

export const BACKUP_COMMANDS = ['backup', 'restore'];

const countLines = (counts: Record<string, number>) => {
  const width = Math.max(...Object.keys(counts).map((table) => table.length));
  return Object.entries(counts).map(([table, n]) => `  ${table.padEnd(width)}  ${n}`);
};

/** Notes the backup in the audit trail, where the dashboard and /api/health read the last one from. */
async function record(storage: StorageConfig, now: () => Date, write: (audit: ReturnType<typeof createAudit>) => Promise<void>) {
  const db = await openDatabase(storage);
  try {
    await write(createAudit(db, now));
  } finally {
    await db.close();
  }
}

function describeTaken(taken: TakenBackup, manifest: Manifest): string[] {
  const uploads = manifest.files.filter((file) => file.path.startsWith('uploads/')).length;
  const kept = Object.entries(manifest.secrets)
    .filter(([, source]) => source === 'environment')
    .map(([variable]) => `${variable} is set by the environment, so it is not in the archive: keep its value with the backup.`);
  return [
    `Backup written: ${taken.path} (${formatBytes(taken.bytes)}).`,
    `Migration level: ${migrationLevel(manifest.migrations)}. Uploaded files: ${uploads}. Rows:`,
    ...countLines(manifest.counts),
    ...kept,
    ...(taken.rotatedOut.length ? [`Removed to keep BACKUP_KEEP: ${taken.rotatedOut.join(', ')}.`] : []),
  ];
}

async function backUp(storage: StorageConfig, to: string, now: () => Date): Promise<CliResult> {
  const keep = to === storage.backups.dir ? storage.backups.keep : null;
  let locked;
  try {
    locked = await withBackupLock(storage, () => takeBackup(storage, { to, now: now(), keep }));
  } catch (error) {
    await record(storage, now, (audit) => recordFailed(audit, CLI_ACTOR, error)).catch(() => undefined);
    throw error;
  }
  if (!locked.taken) {
    return {
      code: 1,
      lines: [
        "Another backup of this data is being taken (by a replica's schedule or another admin command): try again once it has finished.",
      ],
    };
  }
  await record(storage, now, (audit) => recordTaken(audit, CLI_ACTOR, locked.value));
  return { code: 0, lines: describeTaken(locked.value, locked.value.manifest) };
}

async function restore(storage: StorageConfig, archive: string, now: () => Date): Promise<CliResult> {
  const restored = await restoreBackup(storage, archive, now);
  const into = storage.databaseUrl
    ? `the database of DATABASE_URL, ${storage.dataDir} and ${storage.uploadsDir}`
    : `${storage.dataDir} and ${storage.uploadsDir}`;
  return {
    code: 0,
    lines: [
      `Restored ${basename(archive)} (taken ${restored.manifest.createdAt}, every checksum checked) into ${into}. Rows restored:`,
      ...countLines(restored.counts),
      restored.migrationsRun.length ? `Migrations run: ${restored.migrationsRun.join(', ')}.` : 'No migration was pending.',
      ...restored.notes,
    ],
  };
}

/** Runs `backup` or `restore` (argv[0]); a refusal or failure is a message and exit code 1, wrong usage code 2. */
export async function runBackupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  now: () => Date = () => new Date(),
): Promise<CliResult> {
  const [command, argument] = argv;
  let storage: StorageConfig;
  try {
    storage = loadStorageConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 2, lines: [error.message] };
    throw error;
  }
  try {
    if (command === 'backup') {
      const at = argv.indexOf('--to');
      const to = at >= 0 ? argv[at + 1] : (storage.backups.dir ?? undefined);
      if (!to || (at >= 0 && to.startsWith('--'))) {
        return { code: 2, lines: ['Say where to write the backup: --to <folder>, or set BACKUP_DIR.', USAGE] };
      }
      return await backUp(storage, resolve(to), now);
    }
    if (command === 'restore' && argument && argv.length === 2) return await restore(storage, resolve(argument), now);
    return { code: 2, lines: [USAGE] };
  } catch (error) {
    if (error instanceof BackupError) return { code: 1, lines: [error.message] };
    throw error;
  }
}
