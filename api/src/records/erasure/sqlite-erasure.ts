import type { DataSource } from 'typeorm';
import { engineOf } from '../../db/engine';
import { sqliteTurns } from '../../db/sqlite-turns';

/**
 * SQLite keeps what a DELETE removed: in the freed space of the database file's pages until they are
 * reused, in the write-ahead log until it is checkpointed, and an FTS5 index keeps a deleted row's
 * terms until its segments merge. So on SQLite (docs/operations.md#erasure-and-the-files):
 * - `secure_delete` is on for the connection, so every freed byte is overwritten with zeros;
 * - each FTS5 search table deletes for good (its `secure-delete` option), set at start so a search
 *   index rebuilt by a later migration has it too;
 * - every erasure ends with a checkpoint that truncates the WAL (checkpointAfterErasure).
 * PostgreSQL deletes rows; their pages are reclaimed by VACUUM (docs/operations.md).
 */
export async function prepareErasure(dataSource: DataSource): Promise<void> {
  if (engineOf(dataSource) !== 'sqlite') return;
  await dataSource.query('PRAGMA secure_delete = ON');
  const tables = await dataSource.query<{ name: string }[]>(
    `SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "sql" LIKE 'CREATE VIRTUAL TABLE%USING fts5%'`,
  );
  for (const { name } of tables) await dataSource.query(`INSERT INTO "${name}" ("${name}", "rank") VALUES ('secure-delete', 1)`);
}

/**
 * After an erasure has committed, on SQLite: the WAL's frames (which still hold the erased rows'
 * pages as they were) are written back and the file truncated to nothing. In a turn of its own, so
 * no transaction is open on the connection; a reader in the middle of a CSV export can keep a
 * checkpoint from completing, and the next erasure's checkpoint finishes the job.
 */
export async function checkpointAfterErasure(dataSource: DataSource): Promise<void> {
  const turns = sqliteTurns(dataSource);
  if (!turns) return;
  await turns.take(() => dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)'));
}
