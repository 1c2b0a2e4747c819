import type { DataSource } from 'typeorm';
import { sqliteTurns } from './sqlite-turns';

/**
 * Runs pending migrations. On PostgreSQL, replicas starting together queue on an advisory lock
 * (per schema) so exactly one applies each migration; SQLite's file lock does the same job.
 */
export async function migrate(dataSource: DataSource): Promise<void> {
  const turns = sqliteTurns(dataSource);
  if (turns) {
    await turns.take(() => dataSource.runMigrations({ transaction: 'each' }));
    return;
  }
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query(`SELECT pg_advisory_lock(hashtext(current_schema() || ':sourcing-migrations'))`);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await lockRunner.query(`SELECT pg_advisory_unlock(hashtext(current_schema() || ':sourcing-migrations'))`);
    }
  } finally {
    await lockRunner.release();
  }
}
