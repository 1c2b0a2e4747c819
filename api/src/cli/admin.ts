/**
 * Creates or resets admins against the configured database (same environment as the server):
 *   npm run admin -- create <email> [--password <password>] [--role owner|agent|viewer]
 *   npm run admin -- reset-password <email> [--password <password>]
 *   npm run admin -- list
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { runAdminCommand } from './admin-command';

const config = loadConfig(process.env, () => undefined);
const db = await openDatabase(config);
try {
  await db.migrate();
  const result = await runAdminCommand(db, process.argv.slice(2));
  for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
  process.exitCode = result.code;
} finally {
  await db.close();
}
