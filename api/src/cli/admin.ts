/**
 * Creates or resets admins against the configured database (same environment as the server):
 *   npm run admin -- create <email> [--password <password>] [--role owner|agent|viewer]
 *   npm run admin -- reset-password <email> [--password <password>]
 *   npm run admin -- list
 */
import { loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { migrate } from '../db/migrate';
import { runAdminCommand } from './admin-command';

const config = loadConfig(process.env, () => undefined);
const dataSource = createDataSource(config);
await dataSource.initialize();
try {
  await migrate(dataSource);
  const result = await runAdminCommand(dataSource, process.argv.slice(2));
  for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
  process.exitCode = result.code;
} finally {
  await dataSource.destroy();
}
