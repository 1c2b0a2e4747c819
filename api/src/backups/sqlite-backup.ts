import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SQLITE_FILE_NAME } from '../db/engine';
import { DATABASE_ENTRY } from './backup-manifest';
import { BackupError, type DatabaseCopy, type DatabaseFacts } from './database-copy';

/** All pages in one step: a step copies a consistent snapshot, while smaller steps restart whenever the server commits meanwhile. */
const ALL_PAGES = 0x7fffffff;

export const sqliteFile = (dataDir: string) => join(dataDir, SQLITE_FILE_NAME);

/** Reads a database file's migrations, row counts and upload index. */
export function readSqliteFacts(path: string): DatabaseFacts {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare<[], string>(
        `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
      )
      .pluck()
      .all();
    const column = <T>(sql: string) => db.prepare<[], T>(sql).pluck().all();
    return {
      migrations: tables.includes('migrations') ? column<string>('SELECT "name" FROM "migrations" ORDER BY "id"') : [],
      counts: Object.fromEntries(
        tables.map((table) => [table, Number(db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get())]),
      ),
      uploads: tables.includes('uploaded_files') ? column<string>('SELECT "storedName" FROM "uploaded_files" ORDER BY 1') : [],
    };
  } finally {
    db.close();
  }
}

/**
 * Copies the live database with SQLite's online backup API, through a connection of its own (the
 * server keeps committing meanwhile), then makes the copy a plain rollback-journal file that needs
 * no -wal beside it.
 */
export async function copySqlite(dataDir: string, to: string): Promise<DatabaseCopy> {
  const source = sqliteFile(dataDir);
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}: nothing to back up.`);
  const live = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await live.backup(to, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new Database(to);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { entry: DATABASE_ENTRY.sqlite, path: to, postgresSchema: null, ...readSqliteFacts(to) };
}
