import Database from 'better-sqlite3';
import { sqliteFile } from '../backups/sqlite-backup';
import { dbTime } from '../db/engine';
import type { RecordTable } from '../records/record-kind';

/**
 * Opens a browser test's server's SQLite database under `dataDir` for what the test must set that
 * no request can (a record that came in earlier than the test, a report's fixture), runs `work`
 * on it and closes it. The server reads what it wrote from there on (triggers run as for its own).
 */
export function withServerDatabase<T>(dataDir: string, work: (db: Database.Database) => T): T {
  const db = new Database(sqliteFile(dataDir));
  try {
    db.pragma('busy_timeout = 10000');
    return work(db);
  } finally {
    db.close();
  }
}

/** Moves the arrival of a test server's record back by `ms`; what the server stored from the arrival stays. */
export function backdateRecord(dataDir: string, table: RecordTable, reference: string, ms: number): void {
  withServerDatabase(dataDir, (db) => {
    const row = db.prepare(`SELECT "createdAt" FROM "${table}" WHERE "reference" = ?`).get(reference) as { createdAt: string };
    const createdAt = new Date(`${row.createdAt.replace(' ', 'T')}Z`);
    db.prepare(`UPDATE "${table}" SET "createdAt" = ? WHERE "reference" = ?`).run(
      dbTime('sqlite', new Date(createdAt.getTime() - ms)),
      reference,
    );
  });
}
