/**
 * Creates or resets admins, and backs up or restores the data, against the configured database
 * (same environment as the server):
 *   npm run admin -- create <email> [--password <password>] [--role owner|agent|viewer]
 *   npm run admin -- reset-password <email> [--password <password>]
 *   npm run admin -- list
 *   npm run admin -- backup [--to <folder>]
 *   npm run admin -- restore <archive>
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { runAdminCommand, type CliResult } from './admin-command';
import { BACKUP_COMMANDS, runBackupCommand } from './backup-command';

const argv = process.argv.slice(2);

/** The account commands migrate first; a backup copies the data as it is, and a restore needs an untouched target. */
async function run(): Promise<CliResult> {
  if (BACKUP_COMMANDS.includes(argv[0])) return runBackupCommand(argv, process.env);
  const config = loadConfig(process.env, () => undefined);
  const db = await openDatabase(config);
  try {
    await db.migrate();
    return await runAdminCommand(db, argv);
  } finally {
    await db.close();
  }
}

const result = await run();
for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
process.exitCode = result.code;
